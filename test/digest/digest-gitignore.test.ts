import { execFileSync, spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { DIGEST_GITIGNORE } from '../../pipeline/format/digest-gitignore.ts';
import { tempFoldersPerTest, writeFiles } from '../support/temp-folder.ts';

const freshFolder = tempFoldersPerTest();

/** Files of a digest whose names the rules below catch: a page folder named `build`, JSON, text. */
const DIGEST = [
  'digest/manifest.json',
  'digest/sections/settings/build/allowbuilds.json',
  'digest/sections/guide/build.json',
  'digest/pages/settings/build.md',
  'digest/llms.txt',
];
const ARCHIVE = 'digest/archive-0123456789abcdef.tar.gz';

/** A git repository whose root `.gitignore` and `.git/info/exclude` are `rules`, holding the digest files above. */
async function repository(rules: { readonly gitignore: string; readonly exclude: string }): Promise<string> {
  const { dir } = await freshFolder(Object.fromEntries([...DIGEST, ARCHIVE].map((file) => [file, 'x\n'])));
  execFileSync('git', ['init', '-q'], { cwd: dir });
  await writeFiles(dir, { '.gitignore': rules.gitignore, '.git/info/exclude': rules.exclude });
  return dir;
}

/** The ignored among `files`, each with the rule git names (`git check-ignore -v`), negated matches left out. */
function ignored(dir: string, files: readonly string[]): string[] {
  const run = spawnSync('git', ['check-ignore', '--verbose', '--stdin'], { cwd: dir, input: files.join('\n'), encoding: 'utf8' });
  expect(run.status === 0 || run.status === 1).toBe(true);
  return run.stdout.split('\n').filter((line) => line !== '' && !line.includes(':!'));
}

const RULES = { gitignore: 'build\n*.json\n', exclude: '*.txt\n' };

describe("the digest folder's .gitignore", () => {
  it('takes back every file the repository ignores: a root `build` matching a folder inside, `*.json`, .git/info/exclude', async () => {
    const dir = await repository(RULES);
    // without it, those rules hide all but the page's Markdown (`build.md` is no `build`)
    expect(ignored(dir, DIGEST)).toEqual([
      '.gitignore:2:*.json\tdigest/manifest.json',
      '.gitignore:1:build\tdigest/sections/settings/build/allowbuilds.json',
      '.gitignore:2:*.json\tdigest/sections/guide/build.json',
      '.git/info/exclude:1:*.txt\tdigest/llms.txt',
    ]);
    await writeFiles(dir, { 'digest/.gitignore': DIGEST_GITIGNORE });
    expect(ignored(dir, [...DIGEST, 'digest/.gitignore'])).toEqual([]);
    execFileSync('git', ['add', '-A'], { cwd: dir });
    const tracked = execFileSync('git', ['ls-files', 'digest'], { cwd: dir, encoding: 'utf8' }).split('\n').filter(Boolean);
    expect(tracked.sort()).toEqual([...DIGEST, 'digest/.gitignore'].sort());
  });

  it('still keeps the archive out of the repository', async () => {
    const dir = await repository(RULES);
    await writeFiles(dir, { 'digest/.gitignore': DIGEST_GITIGNORE });
    expect(ignored(dir, [ARCHIVE])).toEqual([`digest/.gitignore:4:/archive-*.tar.gz\t${ARCHIVE}`]);
  });

  it('cannot take back a rule that ignores the digest folder itself (git never looks inside it)', async () => {
    const dir = await repository({ gitignore: '/digest/\n', exclude: '' });
    await writeFiles(dir, { 'digest/.gitignore': DIGEST_GITIGNORE });
    expect(ignored(dir, ['digest/manifest.json', 'digest/.gitignore'])).toEqual(['.gitignore:1:/digest/\tdigest/manifest.json', '.gitignore:1:/digest/\tdigest/.gitignore']);
  });
});

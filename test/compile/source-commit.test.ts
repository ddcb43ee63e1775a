import { execFileSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildDigest } from '../../pipeline/compile/build.ts';
import { lastContentCommit } from '../../pipeline/compile/source-commit.ts';
import { checkDigest } from '../../pipeline/compile/check.ts';
import { createOfflineDistiller } from '../../pipeline/distill/offline/index.ts';
import { runAsk } from '../support/cli.ts';
import { build } from '../support/digest-tree.ts';
import { tempFoldersPerTest } from '../support/temp-folder.ts';

const freshFolder = tempFoldersPerTest();

const PAGES = {
  'docs/guide/start.md': '# Start\n\nInstall with `svc install`.\n\n## Configure\n\nSet `SVC_URL`.\n',
  'docs/index.md': '# Svc\n\nThe svc docs.\n',
  'README.md': 'Not part of the docs.\n',
};

/** A git repository holding the docs under `docs/`, with one commit; returns its folders and a git runner. */
async function repository() {
  const { dir } = await freshFolder(PAGES);
  const git = (...args: string[]): string => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.invalid', ...args], { cwd: dir, stdio: 'pipe' }).toString().trim();
  git('init', '-q');
  git('add', '-A');
  git('commit', '-qm', 'docs');
  return { dir, content: path.join(dir, 'docs'), out: path.join(dir, 'digest'), git };
}

async function manifestOf(out: string): Promise<{ build: { commit: string | null }; contentHash: string }> {
  return JSON.parse(await readFile(path.join(out, 'manifest.json'), 'utf8')) as { build: { commit: string | null }; contentHash: string };
}

function buildWith(content: string, out: string, sourceCommit?: string | null) {
  return buildDigest({
    contentDir: content,
    outDir: out,
    siteUrl: '',
    distiller: createOfflineDistiller(),
    ...(sourceCommit === undefined ? {} : { sourceCommit }),
    concurrency: 2,
    force: false,
    cacheDir: null,
    now: () => performance.now(),
  });
}

describe('the build commit in the manifest', () => {
  it('records the commit that last changed the content folder, not a later one elsewhere', async () => {
    const { content, out, dir, git } = await repository();
    const docsCommit = git('rev-parse', 'HEAD');
    await writeFile(path.join(dir, 'README.md'), 'Changed outside the docs.\n');
    git('commit', '-qam', 'readme');
    expect(git('rev-parse', 'HEAD')).not.toBe(docsCommit);
    expect(await lastContentCommit(content)).toBe(docsCommit);
    await buildWith(content, out);
    expect((await manifestOf(out)).build).toEqual({ commit: docsCommit });
  });

  it('is null, quietly, when the content folder is not in a git work tree', async () => {
    const { dir } = await freshFolder({ 'docs/index.md': '# Svc\n' });
    const content = path.join(dir, 'docs');
    expect(await lastContentCommit(content)).toBeNull();
    await build(content, path.join(dir, 'digest'));
    expect((await manifestOf(path.join(dir, 'digest'))).build).toEqual({ commit: null });
  });

  it('is null in a repository with no commit yet', async () => {
    const { dir } = await freshFolder({ 'docs/index.md': '# Svc\n' });
    execFileSync('git', ['init', '-q'], { cwd: dir, stdio: 'pipe' });
    expect(await lastContentCommit(path.join(dir, 'docs'))).toBeNull();
  });

  it('takes the commit given to the build over git', async () => {
    const { content, out } = await repository();
    await buildWith(content, out, 'abc123');
    expect((await manifestOf(out)).build).toEqual({ commit: 'abc123' });
  });

  it('takes --source-commit, else ASK_SOURCE_COMMIT, on the command line', async () => {
    const { dir, git } = await repository();
    const run = (argv: string[], env: Record<string, string> = {}) => runAsk(['digest', 'build', '--content', 'docs', '--force', ...argv], dir, env);
    expect((await run([])).code).toBe(0);
    expect((await manifestOf(path.join(dir, 'digest'))).build.commit).toBe(git('rev-parse', 'HEAD'));
    expect((await run([], { ASK_SOURCE_COMMIT: 'from-env' })).code).toBe(0);
    expect((await manifestOf(path.join(dir, 'digest'))).build.commit).toBe('from-env');
    expect((await run(['--source-commit', 'from-flag'], { ASK_SOURCE_COMMIT: 'from-env' })).code).toBe(0);
    expect((await manifestOf(path.join(dir, 'digest'))).build.commit).toBe('from-flag');
    expect(await run(['--source-commit', ''])).toMatchObject({ code: 2 });
  });

  it('never decides staleness: another commit with the same content is up to date, and check says current', async () => {
    const { content, out } = await repository();
    await buildWith(content, out, 'first');
    const before = await readFile(path.join(out, 'manifest.json'), 'utf8');
    const again = await buildWith(content, out, 'second');
    expect(again.upToDate).toBe(true);
    expect(await readFile(path.join(out, 'manifest.json'), 'utf8')).toBe(before);
    expect((await checkDigest(content, out)).stale).toBe(false);
  });
});

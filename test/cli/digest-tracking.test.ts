/**
 * What git holds of the digest (issue 38, item 5): the build's `.gitignore` takes back whatever
 * the repository's rules ignore inside the digest folder, a rule it cannot take back is a warning
 * of the build, and `ask digest check` fails in a work tree (a fresh clone above all) where a file
 * of the digest is ignored or one its manifest names is missing; `--committed` also where one is
 * not committed yet.
 */
import { execFileSync } from 'node:child_process';
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DIGEST_GITIGNORE } from '../../pipeline/format/digest-gitignore.ts';
import { runAsk } from '../support/cli.ts';
import { tempFoldersPerTest, writeFiles } from '../support/temp-folder.ts';

const freshFolder = tempFoldersPerTest();
const ARCHIVE = /(^|\/)archive-[0-9a-f]{16}\.tar\.gz$/;

/** Twelve `##` sections: with the intro, 13 node files in `sections/settings/build/`, a folder a root `build` rule matches. */
const SETTINGS = ['# Build settings', 'How packages are built.', ...Array.from({ length: 12 }, (_, at) => `## setting${at + 1}\n\nWhat setting ${at + 1} does.`)].join('\n\n');
const DOCS = {
  'docs/index.md': '# Home\n\nThe docs.\n',
  // `## build`: a node file `sections/guide/build.json`
  'docs/guide.md': '# Guide\n\nHow to start.\n\n## build\n\nRun the build.\n',
  'docs/settings/build.md': `${SETTINGS}\n`,
};
const BUILD = ['digest', 'build', '--content', 'docs', '--out', 'digest', '--provider', 'offline', '--generator', 'plain'];
const CHECK = ['digest', 'check', '--content', 'docs', '--out', 'digest'];

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8', stdio: 'pipe' });
}

function commitAll(cwd: string): void {
  git(cwd, 'add', '-A');
  git(cwd, '-c', 'user.name=t', '-c', 'user.email=t@example.invalid', 'commit', '-qm', 'docs and digest');
}

/** A git repository of the docs whose root `.gitignore` is `gitignore` (and `.git/info/exclude` `exclude`). */
async function repository(gitignore: string, exclude = ''): Promise<string> {
  const { dir } = await freshFolder({ ...DOCS, '.gitignore': gitignore });
  git(dir, 'init', '-q');
  await writeFiles(dir, { '.git/info/exclude': exclude });
  return dir;
}

/** A fresh clone of `dir`, as CI checks it out. */
async function cloneOf(dir: string): Promise<string> {
  const clone = path.join((await freshFolder()).dir, 'clone');
  git(dir, 'clone', '-q', dir, clone);
  return clone;
}

/** Every file below the digest folder but the archive, `digest/…`, sorted. */
async function digestOnDisk(dir: string): Promise<string[]> {
  const entries = await readdir(path.join(dir, 'digest'), { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .filter((file) => !ARCHIVE.test(file))
    .sort();
}

function lines(text: string): string[] {
  return text.split('\n').filter(Boolean).sort();
}

async function build(dir: string): Promise<void> {
  const run = await runAsk(BUILD, dir);
  expect(run.err).toEqual([]);
  expect(run.code).toBe(0);
}

describe('the digest and the repository’s ignore rules', () => {
  it('a root `build` and `*.json` and .git/info/exclude hide nothing: the commit holds every file, a fresh clone is current', async () => {
    const dir = await repository('build\n*.json\n', '*.txt\n');
    await build(dir);
    // before the commit the build's files are untracked: a check passes, --committed names them
    expect((await runAsk(CHECK, dir)).code).toBe(0);
    const uncommitted = await runAsk([...CHECK, '--committed'], dir);
    expect(uncommitted.code).toBe(1);
    expect(uncommitted.out).toEqual([]);
    expect(uncommitted.err).toHaveLength(1);
    expect(uncommitted.err[0]).toMatch(/^ask: 31 files of the digest are not committed: digest\/\.gitignore, digest\/context\.md, .* and 21 more; commit them \(git add digest\)$/);

    commitAll(dir);
    const onDisk = await digestOnDisk(dir);
    expect(onDisk).toEqual(expect.arrayContaining(['digest/.gitignore', 'digest/manifest.json', 'digest/llms.txt', 'digest/sections/guide/build.json', 'digest/sections/settings/build/setting12.json']));
    expect(lines(git(dir, 'ls-files', 'digest'))).toEqual(onDisk);
    expect(await runAsk([...CHECK, '--committed'], dir)).toEqual({ code: 0, out: ['digest is current: digest matches docs'], err: [] });

    const clone = await cloneOf(dir);
    expect(await digestOnDisk(clone)).toEqual(onDisk);
    expect(await runAsk([...CHECK, '--committed'], clone)).toEqual({ code: 0, out: ['digest is current: digest matches docs'], err: [] });
  });

  it("without the digest's .gitignore, the commit leaves out what `build` hides, and a fresh clone's check names those files and the rule", async () => {
    const dir = await repository('build\n');
    await build(dir);
    await rm(path.join(dir, 'digest', '.gitignore'));
    commitAll(dir);
    expect(lines(git(dir, 'ls-files', 'digest')).filter((file) => file.includes('/build/'))).toEqual([]);
    const clone = await cloneOf(dir);
    const ignoredLine =
      'ask: git ignores 13 files of the digest: digest/sections/settings/build/@intro.json, digest/sections/settings/build/setting1.json, digest/sections/settings/build/setting10.json, ' +
      'digest/sections/settings/build/setting11.json, digest/sections/settings/build/setting12.json, digest/sections/settings/build/setting2.json, digest/sections/settings/build/setting3.json, ' +
      'digest/sections/settings/build/setting4.json, digest/sections/settings/build/setting5.json, digest/sections/settings/build/setting6.json and 3 more (by .gitignore:1:build), so a clone lacks them; ' +
      "run 'ask digest build' (its digest/.gitignore takes them back, unless a rule ignores the digest folder itself or one above it) and commit them";
    // the tree check names the same files as missing (digest-verify.test.ts)
    const treeLine = "ask: the digest in 'digest' is not what the build makes of 'docs' (edited by hand?); rebuild it and commit the result: ask digest build --content docs";
    expect(await runAsk(CHECK, clone)).toMatchObject({ code: 1, out: [], err: [ignoredLine, treeLine, expect.stringMatching(/^ {2}missing sections\/settings\/build\/@intro\.json, .* and 3 more$/)] });
    // --json keeps its one object on stdout; the exit code and the line say the rest
    const json = await runAsk([...CHECK, '--json'], clone);
    expect(json.code).toBe(1);
    expect(JSON.parse(json.out[0] ?? '')).toMatchObject({ stale: false, missing: false });
    expect(json.err).toEqual([ignoredLine]);
    expect((JSON.parse(json.out[0] ?? '') as { tree: { missing: string[] } }).tree.missing).toHaveLength(13);
    // the working copy it was committed from fails the same way: the files are there, but ignored
    expect((await runAsk(CHECK, dir)).err).toEqual([ignoredLine]);
    // a build brings the .gitignore back, and with it the files
    await build(dir);
    commitAll(dir);
    expect(await runAsk(CHECK, await cloneOf(dir))).toEqual({ code: 0, out: ['digest is current: digest matches docs'], err: [] });
  });

  it("without the digest's .gitignore and with `*.json` ignored, a fresh clone has no manifest: the check names the ignored manifest", async () => {
    const dir = await repository('build\n*.json\n');
    await build(dir);
    await rm(path.join(dir, 'digest', '.gitignore'));
    commitAll(dir);
    const run = await runAsk(CHECK, await cloneOf(dir));
    expect(run.code).toBe(1);
    expect(run.err).toHaveLength(2);
    expect(run.err[0]).toBe(
      "ask: git ignores 4 files of the digest: digest/glossary.json, digest/manifest.json, digest/search/index.json, digest/suggestions.json (by .gitignore:2:*.json), so a clone lacks them; run 'ask digest build' (its digest/.gitignore takes them back, unless a rule ignores the digest folder itself or one above it) and commit them",
    );
    expect(run.err[1]).toMatch(/^ask: no digest in 'digest'; /);
  });

  it('a commit that left a node file out: the fresh clone’s check names the file its manifest names and does not hold', async () => {
    const dir = await repository('');
    await build(dir);
    git(dir, 'add', '-A');
    git(dir, 'rm', '-q', '--cached', 'digest/sections/guide/build.json');
    git(dir, '-c', 'user.name=t', '-c', 'user.email=t@example.invalid', 'commit', '-qm', 'a node left out');
    expect(await runAsk(CHECK, await cloneOf(dir))).toEqual({
      code: 1,
      out: [],
      err: [
        "ask: the digest's manifest names 1 file that is not there: digest/sections/guide/build.json; run 'ask digest build' and commit the whole folder (git add digest)",
        "ask: the digest in 'digest' is not what the build makes of 'docs' (edited by hand?); rebuild it and commit the result: ask digest build --content docs",
        '  missing sections/guide/build.json',
      ],
    });
  });

  it('a rule that ignores the digest folder itself: the build warns in one line naming the rule, the check fails', async () => {
    const dir = await repository('/digest/\n');
    const run = await runAsk(BUILD, dir);
    expect(run.code).toBe(0);
    expect(run.err).toHaveLength(1);
    expect(run.err[0]).toMatch(
      /^ask: warning: git ignores 31 files of the digest: digest\/\.gitignore, digest\/context\.md, .* and 21 more \(by \.gitignore:1:\/digest\/\), so they cannot be committed; the digest's \.gitignore cannot take back a rule that ignores the digest folder itself or one above it: change that rule$/,
    );
    const check = await runAsk(CHECK, dir);
    expect(check.code).toBe(1);
    expect(check.err).toHaveLength(1);
    expect(check.err[0]).toMatch(/^ask: git ignores 31 files of the digest: .* \(by \.gitignore:1:\/digest\/\), so a clone lacks them; /);
  });

  it('an up-to-date build gives a digest built by an older ask the .gitignore that takes its files back', async () => {
    const dir = await repository('build\n');
    await build(dir);
    const gitignore = path.join(dir, 'digest', '.gitignore');
    await writeFile(gitignore, "# written by 'ask digest build': the archive is made from the files beside it\n/archive-*.tar.gz\n");
    expect((await runAsk(CHECK, dir)).code).toBe(1);
    const again = await runAsk(BUILD, dir);
    expect(again.out[0]).toMatch(/^digest up to date: /);
    expect(again.err).toEqual([]);
    expect(await readFile(gitignore, 'utf8')).toBe(DIGEST_GITIGNORE);
    expect((await runAsk(CHECK, dir)).code).toBe(0);
  });

  it('outside a git work tree, and for docs inside an ignored folder of another repository, the git checks add nothing', async () => {
    const { dir: plain } = await freshFolder(DOCS);
    await build(plain);
    await rm(path.join(plain, 'digest', 'sections', 'guide', 'build.json'));
    // only the tree check's lines: no git line
    expect(await runAsk([...CHECK, '--committed'], plain)).toEqual({
      code: 1,
      out: [],
      err: ["ask: the digest in 'digest' is not what the build makes of 'docs' (edited by hand?); rebuild it and commit the result: ask digest build --content docs", '  missing sections/guide/build.json'],
    });

    const outer = await repository('/scratch/\n');
    const scratch = path.join(outer, 'scratch');
    await writeFiles(scratch, DOCS);
    await build(scratch);
    expect(await runAsk([...CHECK, '--committed'], scratch)).toEqual({ code: 0, out: ['digest is current: digest matches docs'], err: [] });
  });
});

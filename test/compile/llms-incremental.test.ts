import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DIGEST_FILES, pageMarkdownPath } from '../../pipeline/format/paths.ts';
import { build, changedPaths, snapshotTree } from '../support/digest-tree.ts';
import { tempFoldersPerTest } from '../support/temp-folder.ts';

const freshFolder = tempFoldersPerTest();

const PAGES = {
  'guide/start.md': '# Start\n\nFirst [install](./install.md#download), then read [the flags](../reference/flags.md).\n\n## Next\n\nSee [install](/guide/install).\n',
  'guide/install.md': '---\ndescription: Get svc.\n---\n# Install\n\nGet svc.\n\n## Download\n\nRun `curl -fsSL https://svc.example.com/install.sh | sh`.\n',
  'reference/flags.md': '# Flags\n\n## Global flags\n\n`--url` sets the URL.\n',
};

async function workspace() {
  const { dir } = await freshFolder(Object.fromEntries(Object.entries(PAGES).map(([file, text]) => [`content/${file}`, text])));
  return { content: path.join(dir, 'content'), out: path.join(dir, 'digest'), cache: path.join(dir, '.ask-cache'), root: dir };
}

let forcedBuilds = 0;

/** The tree a forced build of the same content writes, beside the incremental one. */
async function forcedTree(content: string, root: string): Promise<Map<string, string>> {
  forcedBuilds += 1;
  const forced = path.join(root, `forced-${forcedBuilds}`);
  await build(content, forced, { force: true });
  return snapshotTree(forced);
}

describe('llms files in incremental builds', () => {
  it('a page removed elsewhere turns the links to it into text in pages that did not change, as a forced build does', async () => {
    const { content, out, cache, root } = await workspace();
    await build(content, out, { cacheDir: cache });
    expect(await readFile(path.join(out, pageMarkdownPath('guide/start')), 'utf8')).toContain('First [install](/guide/install#download), then read [the flags](/reference/flags).');

    const before = await snapshotTree(out);
    await rm(path.join(content, 'reference/flags.md'));
    const report = await build(content, out, { cacheDir: cache });
    expect(report.changed).toEqual([]);
    const after = await snapshotTree(out);
    expect(after.get(pageMarkdownPath('guide/start'))).toContain('First [install](/guide/install#download), then read the flags.');
    expect(after.has(pageMarkdownPath('reference/flags'))).toBe(false);
    expect(after.get(DIGEST_FILES.llms)).not.toContain('/reference/flags');
    // the start page's node did not change: only the corpus outputs did
    expect(changedPaths(before, after).filter((file) => file.startsWith('sections/guide/'))).toEqual([]);
    expect(changedPaths(await forcedTree(content, root), after)).toEqual([]);
  });

  it('an edited section changes its page block and llms-full.txt byte for byte as a forced build writes them', async () => {
    const { content, out, cache, root } = await workspace();
    await build(content, out, { cacheDir: cache });
    const file = path.join(content, 'guide/install.md');
    await writeFile(file, (await readFile(file, 'utf8')).replace('Run `curl', 'Run <!-- the script --> `curl'));
    const report = await build(content, out, { cacheDir: cache });
    expect(report.changed).toEqual(['guide/install#download']);
    const after = await snapshotTree(out);
    expect(after.get(pageMarkdownPath('guide/install'))).toContain('Run `curl -fsSL');
    expect(after.get(DIGEST_FILES.llmsFull)).not.toContain('the script');
    expect(changedPaths(await forcedTree(content, root), after)).toEqual([]);
  });

  it("an edit to the home page changes llms.txt's > summary as a forced build writes it: its intro, its description, its removal", async () => {
    const { content, out, cache, root } = await workspace();
    const home = path.join(content, 'index.md');
    const summary = async (): Promise<string | undefined> => (await readFile(path.join(out, DIGEST_FILES.llms), 'utf8')).split('\n')[2];
    await writeFile(home, '# Svc\n\nSvc signs you in. It keeps tokens.\n\n## Next\n\nRead [the guide](./guide/start.md).\n');
    await build(content, out, { cacheDir: cache });
    expect(await summary()).toBe('> Svc signs you in. It keeps tokens.');

    await writeFile(home, (await readFile(home, 'utf8')).replace('Svc signs you in.', 'Svc signs you in with a passcode.'));
    expect((await build(content, out, { cacheDir: cache })).changed).toEqual(['index']);
    expect(await summary()).toBe('> Svc signs you in with a passcode. It keeps tokens.');
    expect(changedPaths(await forcedTree(content, root), await snapshotTree(out))).toEqual([]);

    await writeFile(home, `---\ndescription: The svc command line.\n---\n${await readFile(home, 'utf8')}`);
    await build(content, out, { cacheDir: cache });
    expect(await summary()).toBe('> The svc command line.');
    expect(changedPaths(await forcedTree(content, root), await snapshotTree(out))).toEqual([]);

    // no home page: the first sentence of the context, which counts the pages left
    await rm(home);
    await build(content, out, { cacheDir: cache });
    expect(await summary()).toMatch(/^> These docs have 3 pages and \d+ sections, in 2 groups: /);
    expect(changedPaths(await forcedTree(content, root), await snapshotTree(out))).toEqual([]);
  });
});

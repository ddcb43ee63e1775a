import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DIGEST_FILES, pageMarkdownPath } from '../../pipeline/format/paths.ts';
import { build, changedPaths, snapshotTree } from '../support/digest-tree.ts';
import { tempFoldersPerTest } from '../support/temp-folder.ts';

const freshFolder = tempFoldersPerTest();

const PAGES = {
  'guide/start.md': '# Start\n\nFirst [download it](./install.md#download), then see [the flags](../reference/flags.md).\n\n## Next\n\nRead on.\n',
  'guide/install.md': '# Install\n\nGet svc.\n\n## Download\n\nRun the installer.\n\n## Verify\n\nRun `svc --version`.\n',
  'reference/flags.md': '# Flags\n\n## Global flags\n\n`--url` sets the URL.\n',
  'reference/env.md': '# Environment\n\n## Variables\n\n`SVC_HOME` is the home folder.\n',
};

async function workspace() {
  const { dir } = await freshFolder(Object.fromEntries(Object.entries(PAGES).map(([file, text]) => [`content/${file}`, text])));
  return { content: path.join(dir, 'content'), out: path.join(dir, 'digest'), cache: path.join(dir, '.ask-cache'), root: dir };
}

/** The inode of each `pages/<slug>.md`: a page the build linked from the previous digest keeps its own, a page it rendered gets a new one. */
async function pageInodes(out: string): Promise<Map<string, number>> {
  const folder = path.join(out, 'pages');
  const files = (await readdir(folder, { recursive: true })).filter((file) => file.endsWith('.md'));
  return new Map(await Promise.all(files.map(async (file) => [file.split(path.sep).join('/'), (await stat(path.join(folder, file))).ino] as const)));
}

/** The pages (`pages/`-relative) a build wrote anew: their inode changed, or they are new. */
function rendered(before: ReadonlyMap<string, number>, after: ReadonlyMap<string, number>): string[] {
  return [...after].filter(([file, ino]) => before.get(file) !== ino).map(([file]) => file).sort();
}

let forcedBuilds = 0;

/** Whether the digest is byte for byte the one a forced build of the same content writes. */
async function sameAsForced(content: string, out: string, root: string): Promise<string[]> {
  forcedBuilds += 1;
  const forced = path.join(root, `forced-${forcedBuilds}`);
  await build(content, forced, { force: true });
  return changedPaths(await snapshotTree(forced), await snapshotTree(out));
}

async function edit(file: string, from: string, to: string): Promise<void> {
  const text = await readFile(file, 'utf8');
  expect(text).toContain(from);
  await writeFile(file, text.replace(from, to));
}

const rel = (slug: string): string => pageMarkdownPath(slug).replace(/^pages\//, '');

describe('pages rendered in incremental builds', () => {
  it('after a one-section body edit renders only that page, links the others, and writes the tree a forced build writes', async () => {
    const { content, out, cache, root } = await workspace();
    await build(content, out, { cacheDir: cache });
    const before = await pageInodes(out);
    const fullBefore = await readFile(path.join(out, DIGEST_FILES.llmsFull), 'utf8');
    await edit(path.join(content, 'reference/env.md'), 'is the home folder.', 'is the home folder of svc.');
    await build(content, out, { cacheDir: cache });
    expect(rendered(before, await pageInodes(out))).toEqual([rel('reference/env')]);
    const full = await readFile(path.join(out, DIGEST_FILES.llmsFull), 'utf8');
    expect(full).toContain('is the home folder of svc.');
    expect(full.replace(' of svc.', '.')).toBe(fullBefore);
    expect(await sameAsForced(content, out, root)).toEqual([]);
  });

  it('after a heading rename renders that page and the pages linking to the old anchor, whose link becomes the page', async () => {
    const { content, out, cache, root } = await workspace();
    await build(content, out, { cacheDir: cache });
    const before = await pageInodes(out);
    expect(await readFile(path.join(out, pageMarkdownPath('guide/start')), 'utf8')).toContain('[download it](/guide/install#download)');
    await edit(path.join(content, 'guide/install.md'), '## Download', '## Fetch');
    await build(content, out, { cacheDir: cache });
    expect(rendered(before, await pageInodes(out))).toEqual([rel('guide/install'), rel('guide/start')].sort());
    expect(await readFile(path.join(out, pageMarkdownPath('guide/start')), 'utf8')).toContain('[download it](/guide/install)');
    expect(await sameAsForced(content, out, root)).toEqual([]);

    // and back: the anchor appears again, and the link to it with it
    const renamed = await pageInodes(out);
    await edit(path.join(content, 'guide/install.md'), '## Fetch', '## Download');
    await build(content, out, { cacheDir: cache });
    expect(rendered(renamed, await pageInodes(out))).toEqual([rel('guide/install'), rel('guide/start')].sort());
    expect(await readFile(path.join(out, pageMarkdownPath('guide/start')), 'utf8')).toContain('[download it](/guide/install#download)');
    expect(await sameAsForced(content, out, root)).toEqual([]);
  });

  it('renders every page when a page appears, and when its memo is damaged or its previous file was changed', async () => {
    const { content, out, cache, root } = await workspace();
    await build(content, out, { cacheDir: cache });
    let before = await pageInodes(out);
    await writeFile(path.join(content, 'reference/limits.md'), '# Limits\n\n## Size\n\nUp to 1 GB.\n');
    await build(content, out, { cacheDir: cache });
    let after = await pageInodes(out);
    expect(rendered(before, after)).toEqual([...after.keys()].sort());
    expect(await sameAsForced(content, out, root)).toEqual([]);

    // a previous page file that is not what was rendered (a hand edit) is rendered again
    const flags = path.join(out, pageMarkdownPath('reference/flags'));
    await writeFile(flags, 'edited by hand\n');
    before = await pageInodes(out);
    await edit(path.join(content, 'reference/env.md'), 'is the home folder.', 'is the home.');
    await build(content, out, { cacheDir: cache });
    after = await pageInodes(out);
    expect(rendered(before, after)).toEqual([rel('reference/env'), rel('reference/flags')].sort());
    expect(await sameAsForced(content, out, root)).toEqual([]);

    // a damaged memo: every page rendered, the same tree
    await writeFile(path.join(cache, 'pages', 'page-renders.json'), '{"format":');
    before = await pageInodes(out);
    await edit(path.join(content, 'reference/env.md'), 'is the home.', 'is the home folder.');
    await build(content, out, { cacheDir: cache });
    after = await pageInodes(out);
    expect(rendered(before, after)).toEqual([...after.keys()].sort());
    expect(await sameAsForced(content, out, root)).toEqual([]);
  });
});

import { cp, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUILD_PHASES } from '../../pipeline/compile/phases.ts';
import { sectionFilePath } from '../../pipeline/format/paths.ts';
import { createOfflineDistiller } from '../../pipeline/distill/offline/index.ts';
import type { Distiller } from '../../pipeline/types.ts';
import { runAsk } from '../support/cli.ts';
import { build, changedPaths, delegatingDistiller, snapshotTree } from '../support/digest-tree.ts';
import { tempFoldersPerTest } from '../support/temp-folder.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const freshFolder = tempFoldersPerTest();

/** content-fixtures copied into a fresh folder, with a digest folder and a cache folder beside it. */
async function workspace() {
  const folder = await freshFolder();
  const content = path.join(folder.dir, 'content');
  await cp(path.join(ROOT, 'content-fixtures'), content, { recursive: true });
  return { content, out: path.join(folder.dir, 'digest'), cache: path.join(folder.dir, '.ask-cache'), root: folder.dir };
}

const EDITED_PAGE = path.join('concepts', 'workspaces.md');

/** Appends a sentence to the first paragraph after the first `##` heading of a page. */
async function editOneSection(file: string): Promise<void> {
  const lines = (await readFile(file, 'utf8')).split('\n');
  const heading = lines.findIndex((line) => line.startsWith('## '));
  const paragraph = lines.findIndex((line, at) => at > heading && /^[A-Z]/.test(line));
  lines[paragraph] = `${lines[paragraph] ?? ''} One added sentence.`;
  await writeFile(file, lines.join('\n'));
}

/** The offline distiller under another section prompt (a new algorithm version of its section pass). */
function withSectionTemplate(section: string): Distiller {
  const inner = createOfflineDistiller();
  return delegatingDistiller(inner, { templateHashes: { ...inner.templateHashes, section } });
}

describe('incremental builds', () => {
  it('after a one-section edit parses one file, distils one section, and writes the tree a forced build writes', async () => {
    const { content, out, cache, root } = await workspace();
    const first = await build(content, out, { cacheDir: cache });
    expect(first.parsedFiles).toBeGreaterThan(50);
    await editOneSection(path.join(content, EDITED_PAGE));
    const edit = await build(content, out, { cacheDir: cache });
    expect(edit.parsedFiles).toBe(1);
    expect(edit.changed).toHaveLength(1);
    expect(edit.changed[0]?.startsWith('concepts/workspaces')).toBe(true);

    const forced = path.join(root, 'forced');
    await build(content, forced, { force: true });
    expect(changedPaths(await snapshotTree(forced), await snapshotTree(out))).toEqual([]);
  });

  it('links the node files that did not change and writes the one that did', async () => {
    const { content, out, cache } = await workspace();
    await build(content, out, { cacheDir: cache });
    const unchanged = path.join(out, sectionFilePath('concepts/organizations'));
    const before = await stat(unchanged);
    const beforeEdit = await snapshotTree(out);
    await editOneSection(path.join(content, EDITED_PAGE));
    const edit = await build(content, out, { cacheDir: cache });
    const changed = path.join(out, sectionFilePath(edit.changed[0] ?? ''));
    const changedBefore = await stat(changed);
    expect((await stat(unchanged)).ino).toBe(before.ino);
    // the next edit of the same section writes its file anew; the other files keep theirs
    await editOneSection(path.join(content, EDITED_PAGE));
    await build(content, out, { cacheDir: cache });
    expect((await stat(changed)).ino).not.toBe(changedBefore.ino);
    expect((await stat(unchanged)).ino).toBe(before.ino);
    expect(changedPaths(beforeEdit, await snapshotTree(out)).filter((file) => file.startsWith('sections/') && file !== sectionFilePath(edit.changed[0] ?? ''))).toEqual([]);
  });

  it('without its cache (a fresh CI checkout) gives the same tree, reusing the committed nodes', async () => {
    const { content, out, cache, root } = await workspace();
    await build(content, out, { cacheDir: cache });
    const copy = path.join(root, 'digest-copy');
    await cp(out, copy, { recursive: true });
    await editOneSection(path.join(content, EDITED_PAGE));
    const withCache = await build(content, out, { cacheDir: cache });
    const withoutCache = await build(content, copy, { cacheDir: null });
    expect(withoutCache.changed).toEqual(withCache.changed);
    expect(withoutCache.parsedFiles).toBeGreaterThan(50);
    expect(changedPaths(await snapshotTree(out), await snapshotTree(copy))).toEqual([]);
  });

  it('trusts its cache only for the digest it was saved with: a digest edited by hand is what the next build keeps', async () => {
    const { content, out, cache, root } = await workspace();
    await build(content, out, { cacheDir: cache });
    const node = path.join(out, sectionFilePath('concepts/organizations'));
    const handEdited = (await readFile(node, 'utf8')).replace(/"summary": "[^"]*"/, '"summary": "A summary written by hand."');
    await writeFile(node, handEdited);
    const manifest = path.join(out, 'manifest.json');
    await writeFile(manifest, `${(await readFile(manifest, 'utf8')).trimEnd()}\n\n`); // another manifest text: another digest
    const copy = path.join(root, 'digest-copy');
    await cp(out, copy, { recursive: true });
    await editOneSection(path.join(content, EDITED_PAGE));
    await build(content, out, { cacheDir: cache });
    await build(content, copy, { cacheDir: null });
    expect(await readFile(node, 'utf8')).toBe(handEdited);
    expect(changedPaths(await snapshotTree(out), await snapshotTree(copy))).toEqual([]);
  });

  it('reruns the corpus passes when the section pass changes, as a forced build would', async () => {
    const { content, out, cache, root } = await workspace();
    await build(content, out, { cacheDir: cache });
    const changedPass = withSectionTemplate('offline-section-next');
    await build(content, out, { cacheDir: cache, distiller: changedPass });
    const forced = path.join(root, 'forced');
    await build(content, forced, { force: true, distiller: withSectionTemplate('offline-section-next') });
    expect(changedPaths(await snapshotTree(forced), await snapshotTree(out))).toEqual([]);
  });

  it('rebuilds a digest whose corpus passes were recorded under another rule of their inputs', async () => {
    const { content, out, cache, root } = await workspace();
    await build(content, out, { cacheDir: cache });
    const manifestFile = path.join(out, 'manifest.json');
    const manifest = JSON.parse(await readFile(manifestFile, 'utf8')) as { corpus: { glossary: string } };
    manifest.corpus.glossary = '0'.repeat(64);
    await writeFile(manifestFile, `${JSON.stringify(manifest, null, 2)}\n`);
    const report = await build(content, out, { cacheDir: cache });
    expect(report.upToDate).toBe(false);
    const forced = path.join(root, 'forced');
    await build(content, forced, { force: true });
    expect(changedPaths(await snapshotTree(forced), await snapshotTree(out))).toEqual([]);
  });

  it('reports the time of each phase, adding up to the elapsed time', async () => {
    const { content, out, cache } = await workspace();
    const report = await build(content, out, { cacheDir: cache });
    expect(Object.keys(report.phases).sort()).toEqual([...BUILD_PHASES].sort());
    const sum = BUILD_PHASES.reduce((total, phase) => total + report.phases[phase], 0);
    expect(Math.abs(sum - report.elapsedMs)).toBeLessThan(BUILD_PHASES.length + 50);
    expect(report.phases.parse).toBeGreaterThan(0);
    expect(report.phases.write).toBeGreaterThan(0);
  });

  it('prints the build report as one JSON object with --json, and the phases with --verbose', async () => {
    const { content, out, root } = await workspace();
    const json = await runAsk(['digest', 'build', '--content', content, '--out', out, '--provider', 'offline', '--json'], root);
    expect(json.code).toBe(0);
    expect(json.out).toHaveLength(1);
    const report = JSON.parse(json.out[0] ?? '') as { phases: Record<string, number>; parsedFiles: number; upToDate: boolean };
    expect(report.upToDate).toBe(false);
    expect(Object.keys(report.phases).sort()).toEqual([...BUILD_PHASES].sort());
    expect(report.parsedFiles).toBeGreaterThan(50);
    await editOneSection(path.join(content, EDITED_PAGE));
    const verbose = await runAsk(['digest', 'build', '--content', content, '--out', out, '--provider', 'offline', '--verbose'], root);
    expect(verbose.err.join('\n')).toMatch(/1 files parsed; hash \d+\.\d\ds, parse \d+\.\d\ds, distil \d+\.\d\ds, corpus \d+\.\d\ds, index \d+\.\d\ds, write \d+\.\d\ds/);
  });
});

import { cp, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildDigest, type BuildReport } from '../../pipeline/compile/build.ts';
import { ContentErrors } from '../../pipeline/content/index.ts';
import { createOfflineDistiller } from '../../pipeline/distill/offline/index.ts';
import { generateCorpus, writeCorpus } from '../../scripts/generate-corpus.ts';
import { snapshotTree } from '../support/digest-tree.ts';
import { tempFoldersPerTest } from '../support/temp-folder.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

const freshFolder = tempFoldersPerTest();

/** A content folder with the demo docs and a small generated corpus beside them. */
async function corpus(): Promise<{ content: string; root: string }> {
  const folder = await freshFolder();
  const content = path.join(folder.dir, 'content');
  await cp(path.join(ROOT, 'content-fixtures'), content, { recursive: true });
  await writeCorpus(path.join(content, 'generated'), generateCorpus({ pages: 24, seed: 7 }));
  return { content, root: folder.dir };
}

function build(content: string, out: string, workers: number, options: { force?: boolean; cacheDir?: string } = {}): Promise<BuildReport> {
  return buildDigest({
    contentDir: content,
    outDir: out,
    siteUrl: 'https://docs.example.com',
    distiller: createOfflineDistiller(),
    concurrency: 4,
    force: options.force ?? false,
    cacheDir: options.cacheDir ?? null,
    now: () => 0,
    workers,
  });
}

/** Appends a sentence to the first paragraph line after the first `##` heading of a file. */
async function editOneSection(file: string): Promise<void> {
  const lines = (await readFile(file, 'utf8')).split('\n');
  const heading = lines.findIndex((line) => line.startsWith('## '));
  const paragraph = lines.findIndex((line, at) => at > heading && /^[A-Z]/.test(line));
  lines[paragraph] = `${lines[paragraph] ?? ''} An added sentence defines nothing new.`;
  await writeFile(file, lines.join('\n'));
}

describe('building in worker threads', () => {
  it('writes the byte-identical tree the in-process build writes, full and after a one-section edit', async () => {
    const { content, root } = await corpus();
    const inProcess = path.join(root, 'digest-in-process');
    const inWorkers = path.join(root, 'digest-workers');

    const first = await build(content, inProcess, 0);
    const second = await build(content, inWorkers, 2);
    expect(second).toEqual(first);
    const full = await snapshotTree(inProcess);
    expect(full.size).toBeGreaterThan(300);
    expect(await snapshotTree(inWorkers)).toEqual(full);

    await editOneSection(path.join(content, 'concepts', 'workspaces.md'));
    const edited = await build(content, inProcess, 0);
    const editedInWorkers = await build(content, inWorkers, 2);
    expect(edited.changed).toHaveLength(1);
    expect(editedInWorkers).toEqual(edited);
    expect(await snapshotTree(inWorkers)).toEqual(await snapshotTree(inProcess));
  }, 120_000); // four builds (content-fixtures plus 24 generated pages), two in worker threads: 18 s alone, over 30 s under the full suite

  it('a forced build in worker threads beside a page store made in-process writes the same tree', async () => {
    const { content, root } = await corpus();
    const cacheDir = path.join(root, 'cache');
    const inProcess = path.join(root, 'digest-in-process');
    const inWorkers = path.join(root, 'digest-workers');
    await build(content, inProcess, 0, { cacheDir });
    await build(content, inWorkers, 2, { cacheDir, force: true });
    expect(await snapshotTree(inWorkers)).toEqual(await snapshotTree(inProcess));
  });

  it('reports the content errors of every file, in file order, as the in-process build does', async () => {
    const { content, root } = await corpus();
    await writeFile(path.join(content, 'broken.md'), '---\ntitle: [unclosed\n---\n# Broken\n');
    await writeFile(path.join(content, 'generated', 'twin.md'), '---\nslug: support\n---\n# Twin\n');
    const failure = (workers: number) => build(content, path.join(root, `digest-${workers}`), workers).then(() => null, (error: unknown) => error);
    const inProcess = await failure(0);
    const inWorkers = await failure(2);
    expect(inProcess).toBeInstanceOf(ContentErrors);
    expect(inWorkers).toBeInstanceOf(ContentErrors);
    expect((inWorkers as ContentErrors).message).toBe((inProcess as ContentErrors).message);
    expect((inWorkers as ContentErrors).errors.map((error) => error.file)).toEqual(['broken.md', 'support.md']);
  });
});

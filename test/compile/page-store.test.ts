import { cp, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { digestStamp, PageStore, type PageEntry } from '../../pipeline/compile/page-store.ts';
import { build, changedPaths, snapshotTree } from '../support/digest-tree.ts';
import { tempFoldersPerTest } from '../support/temp-folder.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const freshFolder = tempFoldersPerTest();

function entry(file: string, key: string): PageEntry {
  return { file, key, read: null, records: [] };
}

describe('the page store', () => {
  it('gives back an entry only under the key it was saved with, and only to a store of the same identity', async () => {
    const { dir } = await freshFolder();
    const store = await PageStore.open(dir, 'identity-a', false, null);
    store.put(entry('guide/a.md', 'key-1'));
    await store.save(new Set(['guide/a.md']), digestStamp('manifest text'));

    const again = await PageStore.open(dir, 'identity-a', false, digestStamp('manifest text'));
    expect(again.page('guide/a.md', 'key-1')?.file).toBe('guide/a.md');
    expect(again.page('guide/a.md', 'key-2')).toBeUndefined();
    const other = await PageStore.open(dir, 'identity-b', false, digestStamp('manifest text'));
    expect(other.page('guide/a.md', 'key-1')).toBeUndefined();
  });

  it('drops the files that are gone, and a forced build leaves nothing of older builds behind', async () => {
    const { dir } = await freshFolder();
    const store = await PageStore.open(dir, 'id', false, null);
    for (const file of ['a.md', 'b.md', 'c.md', 'd.md']) store.put(entry(file, 'k'));
    await store.save(new Set(['a.md', 'b.md', 'c.md', 'd.md']), 'stamp');
    const shardsBefore = (await readdir(dir)).filter((name) => name.endsWith('.ndjson'));
    expect(shardsBefore.length).toBeGreaterThan(1);

    const kept = await PageStore.open(dir, 'id', false, 'stamp');
    await kept.save(new Set(['a.md']), 'stamp');
    const reopened = await PageStore.open(dir, 'id', false, 'stamp');
    expect(reopened.page('a.md', 'k')).toBeDefined();
    expect(reopened.page('b.md', 'k')).toBeUndefined();

    const forced = await PageStore.open(dir, 'id', true, 'stamp');
    forced.put(entry('c.md', 'k'));
    await forced.save(new Set(['a.md', 'c.md']), 'stamp');
    const afterForce = await PageStore.open(dir, 'id', false, 'stamp');
    expect(afterForce.page('c.md', 'k')).toBeDefined();
    expect(afterForce.page('a.md', 'k')).toBeUndefined();
  });

  it('a damaged shard is read again from the content: the build writes the same tree', async () => {
    const folder = await freshFolder();
    const content = path.join(folder.dir, 'content');
    await cp(path.join(ROOT, 'content-fixtures'), content, { recursive: true });
    const out = path.join(folder.dir, 'digest');
    const cache = path.join(folder.dir, '.ask-cache');
    await build(content, out, { cacheDir: cache });
    const before = await snapshotTree(out);
    const shards = (await readdir(path.join(cache, 'pages'))).filter((name) => name.endsWith('.ndjson'));
    const damaged = path.join(cache, 'pages', shards[0] ?? '');
    await writeFile(damaged, `${(await readFile(damaged, 'utf8')).slice(0, 200)}\n{"file": tru`);
    await writeFile(path.join(content, 'concepts', 'workspaces.md'), `${await readFile(path.join(content, 'concepts', 'workspaces.md'), 'utf8')}\n`);
    const report = await build(content, out, { cacheDir: cache });
    expect(report.parsedFiles).toBeGreaterThan(1);
    expect(changedPaths(before, await snapshotTree(out)).filter((file) => file.startsWith('sections/'))).toEqual([]);
  });
});

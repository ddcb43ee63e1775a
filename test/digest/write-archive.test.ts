import { cp, link, mkdir, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createDigestArchive, writeBuiltArchive } from '../../pipeline/digest/archive.ts';
import { isBuildOnlyFile } from '../../pipeline/format/paths.ts';
import { build } from '../support/digest-tree.ts';
import { tempFoldersPerTest } from '../support/temp-folder.ts';

const SITE = path.join(import.meta.dirname, '..', 'fixtures', 'site');
const tempFolder = tempFoldersPerTest();

/** A copy of a digest tree without its build-only files, each file a hard link (as a staged tree's unchanged files are) or a copy. */
async function treeOf(digest: string, to: string, how: 'link' | 'copy'): Promise<void> {
  for (const entry of await readdir(digest, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const relative = path.relative(digest, path.join(entry.parentPath, entry.name));
    if (isBuildOnlyFile(relative)) continue;
    await mkdir(path.dirname(path.join(to, relative)), { recursive: true });
    if (how === 'link') await link(path.join(digest, relative), path.join(to, relative));
    else await cp(path.join(digest, relative), path.join(to, relative));
  }
}

async function buildOnlyFiles(tree: string): Promise<Map<string, Buffer>> {
  const names = (await readdir(tree)).filter(isBuildOnlyFile).sort();
  return new Map(await Promise.all(names.map(async (name) => [name, await readFile(path.join(tree, name))] as const)));
}

describe('the archive the build writes into its staged tree', () => {
  it('is the same bytes whether the tree holds hard links (unchanged files of an edit) or copies, and createDigestArchive\'s', async () => {
    const { dir } = await tempFolder();
    const digest = path.join(dir, 'digest');
    await build(SITE, digest);
    const written = new Map<string, Map<string, Buffer>>();
    for (const how of ['link', 'copy'] as const) {
      const tree = path.join(dir, how);
      await treeOf(digest, tree, how);
      await writeBuiltArchive(tree);
      written.set(how, await buildOnlyFiles(tree));
    }
    const copies = written.get('copy');
    // the archive alone: the folder's .gitignore is written with the tree's other files (digest-files.ts)
    expect([...(copies?.keys() ?? [])]).toHaveLength(1);
    expect(written.get('link')).toEqual(copies);
    const archive = [...(copies?.entries() ?? [])].find(([name]) => name.endsWith('.tar.gz'))?.[1];
    await treeOf(digest, path.join(dir, 'again'), 'copy');
    expect(archive?.equals(Buffer.from(await createDigestArchive(path.join(dir, 'again'))))).toBe(true);
  });
});

import { cp, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { extract } from 'tar';
import { describe, expect, it } from 'vitest';
import { ArchiveMemo } from '../../pipeline/compile/archive-memo.ts';
import { archiveMembers, memberHolds, type ArchiveMember, type EarlierMembers } from '../../pipeline/digest/archive-members.ts';
import { createDigestArchive, listTreeFiles } from '../../pipeline/digest/archive.ts';
import { build, snapshotTree } from '../support/digest-tree.ts';
import { tempFoldersPerTest } from '../support/temp-folder.ts';

const SITE = path.join(import.meta.dirname, '..', 'fixtures', 'site');
const tempFolder = tempFoldersPerTest();

/** A tree of `count` small files (about 3 KB each, text that differs per file) and one large file of many lines. */
function treeFiles(count: number): Record<string, string> {
  const files: Record<string, string> = {};
  for (let n = 0; n < count; n += 1) {
    files[`sections/p${String(n).padStart(4, '0')}/node.json`] = `${JSON.stringify({ n, words: Array.from({ length: 300 }, (_, i) => `w${(n * 7919 + i * 104729) % 100003}`) })}\n`;
  }
  files['llms-full.txt'] = Array.from({ length: 20_000 }, (_, i) => (i % 9 === 0 ? '' : `Line ${i} of the page text, with the word ${(i * 31) % 977}.`)).join('\n');
  return files;
}

/** Earlier members held in memory, counting what was taken. */
function earlierOf(members: readonly ArchiveMember[]): EarlierMembers & { taken: number } {
  const byKey = new Map(members.map((member) => [member.key, member.gzip]));
  const byGroup = new Map<string, ArchiveMember[]>();
  for (const member of members) byGroup.set(member.group, [...(byGroup.get(member.group) ?? []), member]);
  const earlier = {
    taken: 0,
    ofGroup: () => undefined,
    ofBytes: (key: string) => {
      const gzip = byKey.get(key);
      if (gzip !== undefined) earlier.taken += 1;
      return gzip;
    },
  };
  return earlier;
}

const archiveOf = (members: readonly ArchiveMember[]): Buffer => Buffer.concat(members.map((member) => member.gzip));

describe('the archive in gzip members', () => {
  it('is one tar stream that gunzip, node-tar and an edit all read the same, and an edit compresses only the members it touched', async () => {
    const { dir: root } = await tempFolder(Object.fromEntries(Object.entries(treeFiles(600)).map(([file, text]) => [`tree/${file}`, text])));
    const dir = path.join(root, 'tree');
    const files = await listTreeFiles(dir);
    const before = archiveMembers(dir, files);
    expect(before.length).toBeGreaterThan(4);
    await writeFile(path.join(root, 'whole.tar.gz'), archiveOf(before));
    await mkdir(path.join(root, 'x'));
    await extract({ file: path.join(root, 'whole.tar.gz'), cwd: path.join(root, 'x') });
    expect(await snapshotTree(path.join(root, 'x'))).toEqual(await snapshotTree(dir));

    const edited = 'sections/p0300/node.json';
    await writeFile(path.join(dir, edited), '{"n":300,"edited":true}\n');
    const large = await readFile(path.join(dir, 'llms-full.txt'), 'utf8');
    await writeFile(path.join(dir, 'llms-full.txt'), large.replace('Line 10000 of the page text', 'Line 10000 of the edited page text'));
    const earlier = earlierOf(before);
    const after = archiveMembers(dir, files, earlier);
    expect(archiveOf(after).equals(archiveOf(archiveMembers(dir, files)))).toBe(true);
    expect(after.length - earlier.taken).toBeLessThanOrEqual(4);
    expect(gunzipSync(archiveOf(after)).toString('latin1')).toContain('"edited":true');
  });

  it('is, after a build of an edit that took members from the archive it replaced, the archive made afresh from the tree', async () => {
    const { content, digest, cacheDir, memoFile } = await builtWithCache();
    const memo = JSON.parse(await readFile(memoFile, 'utf8')) as { groups: Record<string, string[]> };
    const kept = ArchiveMemo.open(path.dirname(memoFile), digest, true);
    const members = Object.keys(memo.groups).flatMap((group) => kept.ofGroup(group) ?? []);
    kept.close();
    expect(Buffer.concat(members.map((member) => member.gzip)).length).toBe((await builtArchive(digest)).length);
    expect(members.every((member) => memberHolds(member.gzip, gunzipSync(member.gzip)))).toBe(true);

    const page = (await listTreeFiles(content)).find((file) => file.endsWith('.md')) ?? '';
    await writeFile(path.join(content, page), `${await readFile(path.join(content, page), 'utf8')}\n\nA paragraph the edit added.\n`);
    await build(content, digest, { cacheDir });
    const written = await builtArchive(digest);
    expect(written.equals(Buffer.from(await createDigestArchive(digest)))).toBe(true);
    expect(gunzipSync(written).toString('utf8')).toContain('A paragraph the edit added.');
  });

  it('is right when the memo points at the wrong bytes: a member is copied only when its trailer holds the bytes it stands for', async () => {
    const { content, digest, cacheDir, memoFile: file } = await builtWithCache();
    const memo = JSON.parse(await readFile(file, 'utf8')) as { groups: Record<string, string[]>; members: Record<string, [number, number]> };
    const shifted = Object.fromEntries(Object.entries(memo.members).map(([key, [offset, length]]) => [key, [offset + 1, length]]));
    await writeFile(file, JSON.stringify({ ...memo, groups: {}, members: shifted }));

    const page = (await listTreeFiles(content)).find((name) => name.endsWith('.md')) ?? '';
    await writeFile(path.join(content, page), `${await readFile(path.join(content, page), 'utf8')}\n\nAnother added paragraph.\n`);
    await build(content, digest, { cacheDir });
    expect((await builtArchive(digest)).equals(Buffer.from(await createDigestArchive(digest)))).toBe(true);
  });
});

/** The test site copied and built with a cache folder: the folders, and the archive memo the build saved. */
async function builtWithCache(): Promise<{ content: string; digest: string; cacheDir: string; memoFile: string }> {
  const { dir } = await tempFolder();
  const content = path.join(dir, 'content');
  const digest = path.join(dir, 'digest');
  const cacheDir = path.join(dir, 'cache');
  await cp(SITE, content, { recursive: true });
  await build(content, digest, { cacheDir });
  return { content, digest, cacheDir, memoFile: path.join(cacheDir, ...(await memoPath(cacheDir))) };
}

/** The memo file's path below the cache folder, wherever the page store keeps it. */
async function memoPath(cacheDir: string): Promise<string[]> {
  const found = (await readdir(cacheDir, { recursive: true })).find((name) => name.endsWith('archive-members.json'));
  expect(found).toBeDefined();
  return (found ?? '').split(path.sep);
}

async function builtArchive(digest: string): Promise<Buffer> {
  const name = (await readdir(digest)).find((entry) => entry.endsWith('.tar.gz')) ?? '';
  return readFile(path.join(digest, name));
}

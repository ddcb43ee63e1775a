import { createHash } from 'node:crypto';
import { readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { compareCodeUnits } from '../text/compare.ts';
import { archiveFileName, DIGEST_FILES, isBuildOnlyFile } from '../format/paths.ts';
import { openDigestFile, readDigestBytes } from '../disk/no-follow.ts';
import { archiveMembers, type ArchiveMember, type EarlierMembers } from './archive-members.ts';

/** Every file of the digest below `dir` (BUILD_ONLY_FILES left out), digest-relative POSIX paths, sorted. */
export async function listTreeFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .filter((relative) => !isBuildOnlyFile(relative))
    .sort(compareCodeUnits);
}

/**
 * The gzip-compressed tar of a digest folder, deterministic: entries are the files only, in
 * sorted order, paths relative to the digest root, portable headers (no owner, fixed modes),
 * one fixed mtime, compressed member by member as `archiveMembers` groups them. Same tree, same bytes.
 */
export async function createDigestArchive(dir: string): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(Buffer.concat(archiveMembers(dir, await listTreeFiles(dir)).map((member) => member.gzip)));
}

/** The stamp of a digest: the first 16 hex digits of its manifest's SHA-256 (the manifest names every section's hash and the passes that made it). */
function archiveStamp(manifestBytes: Uint8Array): string {
  return createHash('sha256').update(manifestBytes).digest('hex').slice(0, 16);
}

/** The archive's file name of the digest whose manifest has these bytes. */
export function archiveNameFor(manifestBytes: Uint8Array | string): string {
  return archiveFileName(archiveStamp(typeof manifestBytes === 'string' ? Buffer.from(manifestBytes) : manifestBytes));
}

/** The archive a build wrote: its file name in the tree and its members in order. */
export interface BuiltArchive {
  readonly name: string;
  readonly members: readonly ArchiveMember[];
}

/**
 * Writes the archive of a (staged) digest tree into it, named by its manifest's stamp (the
 * tree's `.gitignore` keeps it out of the repository). Called before the tree is swapped in, so the
 * archive is always of the tree it lies in. `earlier` gives the members an earlier archive holds
 * (the same bytes as compressing them again: see archive-members.ts).
 */
export async function writeBuiltArchive(tree: string, earlier?: EarlierMembers): Promise<BuiltArchive> {
  const name = archiveNameFor(await readDigestBytes(tree, DIGEST_FILES.manifest));
  // synchronous, as the tree's files are written (see write.ts): thousands of small reads
  const members = archiveMembers(tree, await listTreeFiles(tree), earlier);
  await writeFile(path.join(tree, name), Buffer.concat(members.map((member) => member.gzip)));
  return { name, members };
}

function isMissing(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ENOENT';
}

/** The archive the build wrote for the digest in `dir` as it is now; made from the tree when there is none (a digest checked out of git). */
async function builtOrMade(dir: string, stamp: string): Promise<Uint8Array<ArrayBuffer>> {
  try {
    return new Uint8Array(await readDigestBytes(dir, archiveFileName(stamp)));
  } catch (error) {
    if (!isMissing(error)) throw error;
    return createDigestArchive(dir);
  }
}

/**
 * The stamp of the digest in `dir` now: the manifest is hashed again only when its file changed
 * (another inode, size or modification time: a build swaps a new tree in), not on every request
 * (a large site's manifest is megabytes).
 */
function currentStamp(dir: string): () => Promise<string> {
  let known: { readonly key: string; readonly stamp: string } | null = null;
  return async () => {
    const handle = await openDigestFile(dir, DIGEST_FILES.manifest);
    try {
      const { ino, size, mtimeMs } = await handle.stat();
      const key = `${ino}:${size}:${mtimeMs}`;
      if (known?.key !== key) known = { key, stamp: archiveStamp(await handle.readFile()) };
      return known.stamp;
    } finally {
      await handle.close();
    }
  };
}

/**
 * The archive of a digest folder, for a host that serves it: the file the build wrote for the
 * current manifest (read once and kept), or, for a digest without one, made once from the tree.
 * Made again only when the manifest changes (a new build swapped in, another checkout).
 */
export function digestFolderArchive(dir: string): () => Promise<Uint8Array<ArrayBuffer>> {
  let kept: { readonly stamp: string; readonly bytes: Promise<Uint8Array<ArrayBuffer>> } | null = null;
  const stampOf = currentStamp(dir);
  return async () => {
    const stamp = await stampOf();
    if (kept?.stamp !== stamp) {
      const bytes = builtOrMade(dir, stamp);
      kept = { stamp, bytes };
      bytes.catch(() => {
        if (kept?.bytes === bytes) kept = null;
      });
    }
    return kept.bytes;
  };
}

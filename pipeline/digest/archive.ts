import { createHash } from 'node:crypto';
import { readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { create } from 'tar';
import { compareCodeUnits } from '../text/compare.ts';
import { archiveFileName, BUILD_ONLY_FILES, DIGEST_FILES, isBuildOnlyFile } from '../format/paths.ts';
import { openDigestFile, readDigestBytes } from '../disk/no-follow.ts';

/** Every entry's modification time: fixed, so the same digest always gives the same bytes. */
const FIXED_MTIME = new Date('2000-01-01T00:00:00.000Z');

/** Every file of the digest below `dir` (BUILD_ONLY_FILES left out), digest-relative POSIX paths, sorted. */
export async function listTreeFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .filter((relative) => !isBuildOnlyFile(relative))
    .sort(compareCodeUnits);
}

/** The tar options that make an archive deterministic (see createDigestArchive). */
function archiveOptions(dir: string) {
  return { cwd: dir, gzip: { level: 6 }, portable: true, mtime: FIXED_MTIME, noDirRecurse: true } as const;
}

/**
 * The gzip-compressed tar of a digest folder, deterministic: entries are the files only, in
 * sorted order, paths relative to the digest root, portable headers (no owner, fixed modes),
 * one fixed mtime, one fixed compression level (6: level 9 took 19.3 s for an 8,000-page digest
 * and 6 takes 14.3 s, for 1% more bytes). Same tree, same bytes.
 */
export async function createDigestArchive(dir: string): Promise<Uint8Array<ArrayBuffer>> {
  const files = await listTreeFiles(dir);
  const stream = create(archiveOptions(dir), files);
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return new Uint8Array(Buffer.concat(chunks));
}

/** The stamp of a digest: the first 16 hex digits of its manifest's SHA-256 (the manifest names every section's hash and the passes that made it). */
function archiveStamp(manifestBytes: Uint8Array): string {
  return createHash('sha256').update(manifestBytes).digest('hex').slice(0, 16);
}

const GITIGNORE = `# written by 'ask digest build': the archive is made from the files beside it\n/${BUILD_ONLY_FILES.archivePattern}\n`;

/**
 * Writes the archive of a (staged) digest tree into it, named by its manifest's stamp, and the
 * `.gitignore` that keeps it out of the repository. Called before the tree is swapped in, so the
 * archive is always of the tree it lies in.
 */
export async function writeBuiltArchive(tree: string): Promise<void> {
  const stamp = archiveStamp(await readDigestBytes(tree, DIGEST_FILES.manifest));
  // Written to its file (a large site's archive is tens of megabytes) by tar's synchronous packer:
  // the asynchronous one puts off every file with more than one link and walks its whole queue
  // each time it looks for work, which is quadratic in a staged tree whose unchanged files are
  // hard links to the current one (15,000 files: 22.7 s against 3.9 s, the same bytes).
  create({ ...archiveOptions(tree), file: path.join(tree, archiveFileName(stamp)), sync: true }, await listTreeFiles(tree));
  await writeFile(path.join(tree, BUILD_ONLY_FILES.gitignore), GITIGNORE);
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

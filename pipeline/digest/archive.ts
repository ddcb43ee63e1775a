import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { create } from 'tar';
import { compareCodeUnits } from '../text/compare.ts';

/** Every entry's modification time: fixed, so the same digest always gives the same bytes. */
const FIXED_MTIME = new Date('2000-01-01T00:00:00.000Z');

/** Every file below `dir`, digest-relative POSIX paths, sorted. */
export async function listTreeFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort(compareCodeUnits);
}

/**
 * The gzip-compressed tar of a digest folder, deterministic: entries are the files only, in
 * sorted order, paths relative to the digest root, portable headers (no owner, fixed modes),
 * one fixed mtime, fixed compression level. Same tree, same bytes.
 */
export async function createDigestArchive(dir: string): Promise<Uint8Array<ArrayBuffer>> {
  const files = await listTreeFiles(dir);
  const stream = create({ cwd: dir, gzip: { level: 9 }, portable: true, mtime: FIXED_MTIME, noDirRecurse: true }, files);
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return new Uint8Array(Buffer.concat(chunks));
}

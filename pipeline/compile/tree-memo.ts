/**
 * What this machine last made or verified of a digest folder, by the stats of its files: a no-op
 * build whose folder is, file for file, as it left it (same names, sizes, inodes, and times of
 * change, which no write can keep) skips re-making the tree to compare it (`repairTree`). Kept in
 * the build's own cache folder, so a fresh clone (CI) has none and always verifies; `ask digest
 * check` never reads it.
 */
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomically } from '../disk/atomic-write.ts';
import { compareCodeUnits } from '../text/compare.ts';

const MEMO_FILE = 'verified-tree.json';

/** One hash of every file below `outDir` (build-only ones too) and its stats; null when the folder cannot be read. */
async function treeStamp(outDir: string): Promise<string | null> {
  const entries = await readdir(outDir, { recursive: true, withFileTypes: true }).catch(() => null);
  if (entries === null) return null;
  const files = entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
  const lines = await Promise.all(
    files.map(async (file) => {
      const stats = await stat(file, { bigint: true });
      return `${path.relative(outDir, file)}\t${stats.size}\t${stats.ino}\t${stats.mtimeNs}\t${stats.ctimeNs}`;
    }),
  );
  return createHash('sha256').update(lines.sort(compareCodeUnits).join('\n')).digest('hex');
}

/** True when `outDir` is as this machine last recorded it (`recordVerifiedTree`). */
export async function treeUnchangedSinceVerified(cacheDir: string | null, outDir: string): Promise<boolean> {
  if (cacheDir === null) return false;
  const text = await readFile(path.join(cacheDir, MEMO_FILE), 'utf8').catch(() => null);
  if (text === null) return false;
  const stamp = await treeStamp(outDir);
  try {
    const memo = JSON.parse(text) as { readonly outDir?: unknown; readonly stamp?: unknown };
    return stamp !== null && memo.outDir === path.resolve(outDir) && memo.stamp === stamp;
  } catch {
    return false;
  }
}

/** Records `outDir` as the build just made or verified it. */
export async function recordVerifiedTree(cacheDir: string | null, outDir: string): Promise<void> {
  if (cacheDir === null) return;
  const stamp = await treeStamp(outDir);
  if (stamp === null) return;
  await mkdir(cacheDir, { recursive: true });
  await writeFileAtomically(path.join(cacheDir, MEMO_FILE), `${JSON.stringify({ outDir: path.resolve(outDir), stamp })}\n`);
}

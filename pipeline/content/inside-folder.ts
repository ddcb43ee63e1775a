/**
 * The one rule for reading a file of the content folder (a page, a partial, an include): its real
 * path, every symbolic link resolved, must lie inside the content folder's real path. A link out
 * of the folder (`env.txt -> /proc/self/environ`) is a ContentError naming the file, never read,
 * so a docs change cannot publish a file of the build machine. Links that stay inside are read.
 */
import { readFileSync, realpathSync } from 'node:fs';
import { readFile, realpath } from 'node:fs/promises';
import path from 'node:path';
import { ContentError } from './errors.ts';

/** The problem of a file whose real path is outside the content folder. */
function linkOutOfFolder(file: string): ContentError {
  return new ContentError(file, 'is a symbolic link to a file outside the content folder; it is not read: replace the link with the file itself');
}

function isInside(root: string, target: string): boolean {
  return target === root || target.startsWith(root.endsWith(path.sep) ? root : root + path.sep);
}

/** True when `file` (relative to `contentDir`) names a path inside it as written, before links are resolved. */
export function namesInsideFolder(contentDir: string, file: string): boolean {
  const root = path.resolve(contentDir);
  return isInside(root, path.resolve(root, file));
}

/**
 * The real path of `file` (relative to `contentDir`). Throws ContentError when it is outside
 * the folder's real path, and the file system's error (ENOENT...) when it cannot be resolved.
 */
export async function realPathInside(contentDir: string, file: string): Promise<string> {
  if (!namesInsideFolder(contentDir, file)) throw new ContentError(file, 'is outside the content folder; it is not read');
  const [root, target] = await Promise.all([realpath(contentDir), realpath(path.resolve(contentDir, file))]);
  if (!isInside(root, target)) throw linkOutOfFolder(file);
  return target;
}

/** `realPathInside`, synchronous. */
export function realPathInsideSync(contentDir: string, file: string): string {
  if (!namesInsideFolder(contentDir, file)) throw new ContentError(file, 'is outside the content folder; it is not read');
  const root = realpathSync.native(contentDir);
  const target = realpathSync.native(path.resolve(contentDir, file));
  if (!isInside(root, target)) throw linkOutOfFolder(file);
  return target;
}

/** The bytes of a content file, read only when its real path is inside the folder (`realPathInside`). */
export async function readContentBytes(contentDir: string, file: string): Promise<Buffer> {
  return readFile(await realPathInside(contentDir, file));
}

/** `readContentBytes`, synchronous: for the build's loops over thousands of small files. */
export function readContentBytesSync(contentDir: string, file: string): Buffer {
  return readFileSync(realPathInsideSync(contentDir, file));
}

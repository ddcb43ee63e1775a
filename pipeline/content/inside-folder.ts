/**
 * The one rule for reading a file of the content folder (a page, a partial, an include): its real
 * path, every symbolic link resolved, must lie inside the content folder's real path. A link out
 * of the folder (`env.txt -> /proc/self/environ`) is a ContentError naming the file, never read,
 * so a docs change cannot publish a file of the build machine. Links that stay inside are read.
 */
import { readFileSync, realpathSync, statSync } from 'node:fs';
import { readFile, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { ContentError } from './errors.ts';

/** The problem of a file whose real path is outside the folder (the content folder, or the repository for a config file). */
function linkOutOfFolder(file: string, folder: string): ContentError {
  return new ContentError(file, `is a symbolic link to a file outside ${folder}; it is not read: replace the link with the file itself`);
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
async function realPathInside(contentDir: string, file: string, folder = 'the content folder'): Promise<string> {
  if (!namesInsideFolder(contentDir, file)) throw new ContentError(file, `is outside ${folder}; it is not read`);
  const [root, target] = await Promise.all([realpath(contentDir), realpath(path.resolve(contentDir, file))]);
  if (!isInside(root, target)) throw linkOutOfFolder(file, folder);
  return target;
}

/** `realPathInside`, synchronous. */
function realPathInsideSync(contentDir: string, file: string): string {
  if (!namesInsideFolder(contentDir, file)) throw new ContentError(file, 'is outside the content folder; it is not read');
  const root = realpathSync.native(contentDir);
  const target = realpathSync.native(path.resolve(contentDir, file));
  if (!isInside(root, target)) throw linkOutOfFolder(file, 'the content folder');
  return target;
}

/**
 * The most bytes a content file may hold. The parser's time and memory grow with a file's size
 * (a tree of a few hundred bytes per source byte); the largest page of the evaluation sites is
 * under 0.5 MiB, so a file past this is data or an attack, refused with one line before it is read.
 */
export const MAX_CONTENT_FILE_BYTES = 8 * 1024 * 1024;

function refuseLarge(file: string, size: number): void {
  if (size > MAX_CONTENT_FILE_BYTES) {
    throw new ContentError(file, `is ${(size / 1024 / 1024).toFixed(1)} MiB, over the ${MAX_CONTENT_FILE_BYTES / 1024 / 1024} MiB a content file may hold; split it or exclude it (--exclude)`);
  }
}

/** The bytes of a content file, read only when its real path is inside the folder (`realPathInside`) and it is at most MAX_CONTENT_FILE_BYTES. */
export async function readContentBytes(contentDir: string, file: string): Promise<Buffer> {
  const real = await realPathInside(contentDir, file);
  refuseLarge(file, (await stat(real)).size);
  return readFile(real);
}

/** `readContentBytes`, synchronous: for the build's loops over thousands of small files. */
export function readContentBytesSync(contentDir: string, file: string): Buffer {
  const real = realPathInsideSync(contentDir, file);
  refuseLarge(file, statSync(real).size);
  return readFileSync(real);
}

/**
 * The text of a file that may be absent (sidebar data, a config file): null when it is missing or
 * unreadable; a link out of `dir` is the ContentError of `realPathInside`, never read.
 */
export async function optionalTextInside(dir: string, file: string, folder = 'the content folder'): Promise<string | null> {
  let real: string;
  try {
    real = await realPathInside(dir, file, folder);
  } catch (error) {
    if (error instanceof ContentError) throw error;
    return null;
  }
  return readFile(real, 'utf8').catch(() => null);
}

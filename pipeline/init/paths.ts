/** Folders as `ask init` writes them: relative, with `/` separators, whatever the platform. */
import path from 'node:path';

/** `to` relative to `from` with `/` separators; `''` for the folder itself. */
export function relativePosix(from: string, to: string): string {
  return path.relative(from, to).split(path.sep).join('/');
}

/** True when `target` is `folder` or below it. */
export function isWithin(folder: string, target: string): boolean {
  const relative = path.relative(folder, target);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

/** A folder's glob for a workflow's `paths`: `docs/**`, or `**` for the root. */
export function globOf(relative: string): string {
  return relative === '' ? '**' : `${relative}/**`;
}

/** `name` inside the repository-relative folder `folder` (`''` for the root). */
export function inFolder(folder: string, name: string): string {
  return folder === '' ? name : `${folder}/${name}`;
}

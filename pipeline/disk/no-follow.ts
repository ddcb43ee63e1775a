/**
 * A digest folder is read as files, never through links: a symbolic link planted in it
 * (`pages/ask.md -> /proc/self/environ`) would otherwise be served by the routes and the
 * archive. Every digest read opens its file with O_NOFOLLOW after checking that the folders on
 * the way are the digest's own (their real path is where the digest's real path says), so a
 * link anywhere below the digest root is refused: DigestLinkError, never followed.
 */
import { closeSync, constants, fstatSync, openSync, readFileSync, realpathSync, type Dirent } from 'node:fs';
import { open, readdir, realpath, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { compareCodeUnits } from '../text/compare.ts';
import { DigestFormatError } from '../format/manifest.ts';

/** Where the platform has no O_NOFOLLOW, the folder check alone (and `lstat`-typed listings) hold. */
const NO_FOLLOW = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0);

/** A digest file that is a symbolic link (or lies below one): refused, never followed. */
export class DigestLinkError extends DigestFormatError {
  constructor(readonly relative: string) {
    super(`digest file '${relative}' is a symbolic link (or lies below one); a digest holds plain files only and links are not followed: remove it and run 'ask digest build'`);
  }
}

function isLinkError(error: unknown): boolean {
  // ELOOP: Linux and macOS for O_NOFOLLOW on a link; EMLINK: FreeBSD
  return error instanceof Error && 'code' in error && (error.code === 'ELOOP' || error.code === 'EMLINK');
}

/** The digest-relative path as a list of names, refusing anything that climbs out of the folder. */
function inside(relative: string): string {
  const normal = path.normalize(relative);
  if (path.isAbsolute(normal) || normal === '..' || normal.startsWith(`..${path.sep}`)) throw new DigestLinkError(relative);
  return normal;
}

/** Throws DigestLinkError when the folder holding `relative` is not the digest's own (a link on the way). */
function checkFolderSync(dir: string, relative: string): void {
  const parent = path.dirname(relative);
  if (parent === '.') return;
  let real: string;
  try {
    real = realpathSync.native(path.join(dir, parent));
  } catch {
    return; // no such folder: the open says ENOENT
  }
  if (real !== path.join(realpathSync.native(dir), parent)) throw new DigestLinkError(relative);
}

async function checkFolder(dir: string, relative: string): Promise<void> {
  const parent = path.dirname(relative);
  if (parent === '.') return;
  const real = await realpath(path.join(dir, parent)).catch(() => null);
  if (real !== null && real !== path.join(await realpath(dir), parent)) throw new DigestLinkError(relative);
}

/** Opens a digest file for reading without following links; the file system's errors (ENOENT) as they are. */
export async function openDigestFile(dir: string, relative: string): Promise<FileHandle> {
  const normal = inside(relative);
  await checkFolder(dir, normal);
  try {
    return await open(path.join(dir, normal), NO_FOLLOW);
  } catch (error) {
    throw isLinkError(error) ? new DigestLinkError(relative) : error;
  }
}

/** `openDigestFile`, synchronous: a file descriptor. */
export function openDigestFileSync(dir: string, relative: string): number {
  const normal = inside(relative);
  checkFolderSync(dir, normal);
  try {
    const descriptor = openSync(path.join(dir, normal), NO_FOLLOW);
    if (!fstatSync(descriptor).isFile()) {
      closeSync(descriptor);
      throw Object.assign(new Error(`${relative}: not a file`), { code: 'EISDIR' });
    }
    return descriptor;
  } catch (error) {
    throw isLinkError(error) ? new DigestLinkError(relative) : error;
  }
}

/** A digest file's bytes, read without following links. */
export async function readDigestBytes(dir: string, relative: string): Promise<Buffer> {
  const handle = await openDigestFile(dir, relative);
  try {
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}

/** A digest file's text, read without following links, synchronously. */
export function readDigestTextSync(dir: string, relative: string): string {
  const descriptor = openDigestFileSync(dir, relative);
  try {
    return readFileSync(descriptor, 'utf8');
  } finally {
    closeSync(descriptor);
  }
}

/** Every symbolic link below a digest folder (digest-relative POSIX paths, sorted); none in a digest `ask` wrote. */
export async function digestLinks(dir: string): Promise<string[]> {
  let entries: Dirent[];
  try {
    entries = await readdir(dir, { recursive: true, withFileTypes: true });
  } catch {
    return [];
  }
  return entries
    .filter((entry) => entry.isSymbolicLink())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort(compareCodeUnits);
}

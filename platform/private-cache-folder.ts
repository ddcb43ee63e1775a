/**
 * A cache folder that only the current user can reach, and reads and writes of
 * its files that trust nothing another user could have put there. Whatever a
 * later start loads from such a folder (the database template) is as good as
 * code: a folder or file another user owns, may write, or reaches through a
 * symbolic link is refused, never repaired.
 *
 * On a system without POSIX users (Windows) there is no such folder: callers
 * get null and do without the cache.
 */
import { randomBytes } from 'node:crypto';
import { constants, type Stats } from 'node:fs';
import { lstat, mkdir, open, rename, rm, writeFile } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import { isAbsolute, join } from 'node:path';

function currentUid(): number | null {
  return typeof process.getuid === 'function' ? process.getuid() : null;
}

/** Owned by `uid`, and no permission bit for the group or others. */
function isPrivateTo(stats: Stats, uid: number): boolean {
  return stats.uid === uid && (stats.mode & 0o077) === 0;
}

function homeFolder(): string | null {
  try {
    const home = homedir();
    return isAbsolute(home) ? home : null;
  } catch {
    return null;
  }
}

/**
 * Where the folder `name` may be, best first: the XDG cache folder (an absolute
 * `XDG_CACHE_HOME`, else `~/.cache`), then a folder of this uid in the temp folder.
 */
function cacheFolderCandidates(name: string, uid: number, env: Readonly<Record<string, string | undefined>> = process.env): string[] {
  const candidates: string[] = [];
  const xdg = env['XDG_CACHE_HOME'];
  // The XDG spec ignores a relative XDG_CACHE_HOME.
  const cacheHome = xdg !== undefined && isAbsolute(xdg) ? xdg : (() => {
    const home = homeFolder();
    return home === null ? null : join(home, '.cache');
  })();
  if (cacheHome !== null) candidates.push(join(cacheHome, 'ask', name));
  // The uid in the name: in the shared temp folder, another user may already hold a name without it.
  candidates.push(join(tmpdir(), `ask-${name}-${uid}`));
  return candidates;
}

/** Creates `path` (0700) when missing; true when it is then a real folder private to `uid`. */
async function isPrivateFolder(path: string, uid: number): Promise<boolean> {
  try {
    await mkdir(path, { recursive: true, mode: 0o700 });
    // lstat: a symbolic link is refused even when it leads to a private folder (its target could change).
    const stats = await lstat(path);
    return stats.isDirectory() && !stats.isSymbolicLink() && isPrivateTo(stats, uid);
  } catch {
    return false;
  }
}

/** The first candidate folder for `name` that is, or could be made, private to this user; null when none. */
export async function privateCacheFolder(name: string): Promise<string | null> {
  const uid = currentUid();
  if (uid === null) return null;
  for (const candidate of cacheFolderCandidates(name, uid)) {
    if (await isPrivateFolder(candidate, uid)) return candidate;
  }
  return null;
}

/**
 * A file's bytes, or null unless it is a regular file (not a symbolic link)
 * owned by this user with no group or other permission. The checks are made on
 * the opened file, so the file cannot be swapped between check and read.
 */
export async function readPrivateFile(path: string): Promise<Buffer | null> {
  const uid = currentUid();
  if (uid === null) return null;
  let handle;
  try {
    handle = await open(path, constants.O_RDONLY | constants.O_NOFOLLOW);
  } catch {
    return null;
  }
  try {
    const stats = await handle.stat();
    if (!stats.isFile() || !isPrivateTo(stats, uid)) return null;
    return await handle.readFile();
  } catch {
    return null;
  } finally {
    await handle.close();
  }
}

/** Writes `path` atomically as a new 0600 file: readers see the old file or the whole new one. */
export async function writePrivateFile(path: string, bytes: Uint8Array | string): Promise<void> {
  const partial = `${path}.${randomBytes(6).toString('hex')}.partial`;
  try {
    // 'wx': never write through a file (or link) that is already there.
    await writeFile(partial, bytes, { mode: 0o600, flag: 'wx' });
    await rename(partial, path);
  } catch (error) {
    await rm(partial, { force: true }).catch(() => undefined);
    throw error;
  }
}

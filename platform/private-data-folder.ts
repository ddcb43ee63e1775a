/**
 * The platform's data folder (`--data`) is private to the user running it: it
 * holds the sealing key, every account's address and password hash (in the
 * tables and the write-ahead log) and the mail with passcodes. Issue 23, item 5:
 * it was created 0755 with database files 0666, readable by every local user.
 *
 * The folder is created 0700; an existing one with group or other permission
 * bits is tightened to 0700 (said in one log line); one that is not a folder,
 * or belongs to another user, is refused. Database files come out of PGlite's
 * template with mode 0666: every file and folder under it loses its group and
 * other bits (0666 becomes 0600, 0755 becomes 0700) after opening and again on closing (the folder
 * itself being 0700, files made in between are out of other users' reach).
 * Symbolic links inside are left alone, never followed.
 */
import type { Dirent } from 'node:fs';
import { chmod, lstat, mkdir, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';

const PRIVATE_FOLDER_MODE = 0o700;
const OWNER_BITS = 0o700;
const GROUP_OR_OTHER_BITS = 0o077;

/**
 * Creates `folder` (0700) when missing, or checks it: a folder of this
 * process's user, tightened to 0700 when looser. Throws one line otherwise.
 */
export async function preparePrivateDataFolder(folder: string, log: (line: string) => void): Promise<void> {
  await mkdir(folder, { recursive: true, mode: PRIVATE_FOLDER_MODE });
  const stats = await stat(folder);
  if (!stats.isDirectory()) throw new Error(`the data folder ${folder} is not a folder`);
  const uid = process.getuid?.();
  if (uid !== undefined && stats.uid !== uid) throw new Error(`the data folder ${folder} belongs to another user (uid ${stats.uid})`);
  if ((stats.mode & GROUP_OR_OTHER_BITS) !== 0) {
    await chmod(folder, PRIVATE_FOLDER_MODE);
    log(`platform: the data folder ${folder} was open to other users (mode ${(stats.mode & 0o777).toString(8)}): tightened to 700`);
  }
}

/** Takes the group and other permission bits off every file (0600) and folder (0700) under `folder`. */
export async function tightenDataFiles(folder: string): Promise<void> {
  let entries: Dirent[];
  try {
    entries = await readdir(folder, { withFileTypes: true });
  } catch {
    return; // gone meanwhile: nothing to tighten
  }
  await Promise.all(entries.map(async (entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) {
      await dropGroupAndOtherBits(path);
      await tightenDataFiles(path);
    } else if (entry.isFile()) {
      await dropGroupAndOtherBits(path);
    }
  }));
}

/** 0666 becomes 0600, 0755 becomes 0700: the owner's bits are kept. */
async function dropGroupAndOtherBits(path: string): Promise<void> {
  try {
    const stats = await lstat(path);
    if (!stats.isSymbolicLink() && (stats.mode & GROUP_OR_OTHER_BITS) !== 0) await chmod(path, stats.mode & OWNER_BITS);
  } catch {
    // removed by the database meanwhile (a recycled WAL segment): nothing to do
  }
}

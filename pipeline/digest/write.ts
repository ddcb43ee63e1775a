import { copyFile, link, mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

const TEMP_MARK = '.ask-tmp-';
const OLD_MARK = '.ask-old-';

async function exists(target: string): Promise<boolean> {
  try {
    await stat(target);
    return true;
  } catch {
    return false;
  }
}

/**
 * Puts back a digest left aside by a build killed between its two renames, and removes
 * half-written temporary trees of killed builds. Safe to call at any time.
 */
export async function recoverInterruptedWrite(outDir: string): Promise<void> {
  const parent = path.dirname(outDir);
  const base = path.basename(outDir);
  let entries: string[];
  try {
    entries = await readdir(parent);
  } catch {
    return;
  }
  const olds = entries.filter((name) => name.startsWith(`${base}${OLD_MARK}`)).sort();
  const newestOld = olds[olds.length - 1];
  if (!(await exists(outDir)) && newestOld !== undefined) await rename(path.join(parent, newestOld), outDir);
  for (const name of entries) {
    if (name.startsWith(`${base}${TEMP_MARK}`) || (name.startsWith(`${base}${OLD_MARK}`) && name !== newestOld)) {
      await rm(path.join(parent, name), { recursive: true, force: true });
    }
  }
  if (newestOld !== undefined && (await exists(path.join(parent, newestOld)))) {
    await rm(path.join(parent, newestOld), { recursive: true, force: true });
  }
}

/** Files written at once: many small files, so the file system, not the CPU, is the limit. */
const WRITE_BATCH = 64;

/**
 * Writes files in parallel batches, taking them from `files` as it goes: a lazy iterable keeps
 * only one batch of contents in memory (a large digest's node files are made one batch at a time).
 */
async function writeAll(root: string, files: Iterable<readonly [string, string]>): Promise<void> {
  const made = new Set<string>();
  let batch: (readonly [string, string])[] = [];
  const flush = async (): Promise<void> => {
    for (const [relative] of batch) {
      const folder = path.dirname(path.join(root, relative));
      if (made.has(folder)) continue;
      await mkdir(folder, { recursive: true });
      made.add(folder);
    }
    await Promise.all(batch.map(([relative, content]) => writeFile(path.join(root, relative), content)));
    batch = [];
  };
  for (const entry of files) {
    batch.push(entry);
    if (batch.length >= WRITE_BATCH) await flush();
  }
  await flush();
}

/**
 * A new, empty temporary tree beside `outDir` (named so that `recoverInterruptedWrite` removes it
 * if the build is killed), for a build to fill piece by piece (worker threads write section
 * nodes there as they distil them) before `writeTreeAtomically` swaps it in.
 */
export async function stageTree(outDir: string): Promise<string> {
  await recoverInterruptedWrite(outDir);
  const temporary = `${outDir}${TEMP_MARK}${process.pid}-${Date.now().toString(36)}`;
  await mkdir(temporary, { recursive: true });
  return temporary;
}

/**
 * Puts files of the current tree, unchanged, into the staged tree: a hard link each (no bytes
 * copied, and the current tree stays as it is, so a killed build still leaves it intact), a copy
 * where the file system refuses links.
 */
export async function linkUnchanged(outDir: string, staged: string, relatives: Iterable<string>): Promise<void> {
  const made = new Set<string>();
  let batch: string[] = [];
  const flush = async (): Promise<void> => {
    for (const relative of batch) {
      const folder = path.dirname(path.join(staged, relative));
      if (made.has(folder)) continue;
      await mkdir(folder, { recursive: true });
      made.add(folder);
    }
    await Promise.all(
      batch.map(async (relative) => {
        const from = path.join(outDir, relative);
        const to = path.join(staged, relative);
        await link(from, to).catch(() => copyFile(from, to));
      }),
    );
    batch = [];
  };
  for (const relative of relatives) {
    batch.push(relative);
    if (batch.length >= WRITE_BATCH) await flush();
  }
  await flush();
}

/** Removes a staged tree that will not be swapped in (a failed build); nothing once it was. */
export async function discardStagedTree(staged: string): Promise<void> {
  await rm(staged, { recursive: true, force: true });
}

/**
 * Replaces the folder `outDir` with exactly `files` (digest-relative path to content), atomically:
 * the new tree is written beside it, then swapped in by two renames. A build that fails or is
 * killed while writing leaves the previous tree exactly as it was (`recoverInterruptedWrite`
 * repairs the one instant between the renames). With `staged` (from `stageTree`), `files` are
 * added to what is already there and that tree is swapped in.
 */
export async function writeTreeAtomically(outDir: string, files: Iterable<readonly [string, string]>, staged?: string): Promise<void> {
  const temporary = staged ?? (await stageTree(outDir));
  const old = `${outDir}${OLD_MARK}${temporary.slice(outDir.length + TEMP_MARK.length)}`;
  try {
    await writeAll(temporary, files);
  } catch (error) {
    await rm(temporary, { recursive: true, force: true });
    throw error;
  }
  const hadPrevious = await exists(outDir);
  if (hadPrevious) await rename(outDir, old);
  await rename(temporary, outDir);
  if (hadPrevious) await rm(old, { recursive: true, force: true });
}

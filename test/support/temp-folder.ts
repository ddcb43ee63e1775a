import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';

/** A fresh folder under the system temp dir, with files written from a path -> text map. */
export async function tempFolder(files: Record<string, string> = {}): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'ask-test-'));
  await writeFiles(dir, files);
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

/** Writes each path -> text (creating folders) below `dir`. */
export async function writeFiles(dir: string, files: Record<string, string>): Promise<void> {
  for (const [relative, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, relative)), { recursive: true });
    await writeFile(path.join(dir, relative), text);
  }
}

/**
 * `tempFolder` for a test file: call it once at the top of the file; each folder it makes is
 * removed after the test that made it.
 */
export function tempFoldersPerTest(): (files?: Record<string, string>) => Promise<{ dir: string }> {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    while (cleanups.length > 0) await cleanups.pop()?.();
  });
  return async (files) => {
    const folder = await tempFolder(files);
    cleanups.push(folder.cleanup);
    return { dir: folder.dir };
  };
}

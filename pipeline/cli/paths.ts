import { stat } from 'node:fs/promises';
import path from 'node:path';
import { CommandFailure } from './io.ts';

/** Resolves a folder flag against the working directory and checks it exists. */
export async function existingFolder(cwd: string, value: string, flag: string, hint: string): Promise<string> {
  const resolved = path.resolve(cwd, value);
  let isFolder = false;
  try {
    isFolder = (await stat(resolved)).isDirectory();
  } catch {
    isFolder = false;
  }
  if (!isFolder) throw new CommandFailure(`ask: ${flag} folder '${value}' not found; ${hint}`);
  return resolved;
}

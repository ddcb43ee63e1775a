import { stat } from 'node:fs/promises';
import path from 'node:path';
import { CommandFailure } from './io.ts';

/** Resolves a folder flag against the working directory and checks it exists and is a folder. */
export async function existingFolder(cwd: string, value: string, flag: string, hint: string): Promise<string> {
  const resolved = path.resolve(cwd, value);
  const found = await stat(resolved).catch(() => null);
  if (found === null) throw new CommandFailure(`ask: ${flag} folder '${value}' not found; ${hint}`);
  if (!found.isDirectory()) throw new CommandFailure(`ask: ${flag} '${value}' is a file, not a folder; ${hint}`);
  return resolved;
}

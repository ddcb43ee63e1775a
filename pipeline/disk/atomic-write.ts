import { rename, writeFile } from 'node:fs/promises';

/**
 * Writes `text` to `target` whole or not at all: first to a temporary name beside it (unique
 * to this process), then renamed over it, so a killed process never leaves half a file.
 */
export async function writeFileAtomically(target: string, text: string): Promise<void> {
  const temporary = `${target}.${process.pid}.tmp`;
  await writeFile(temporary, text);
  await rename(temporary, target);
}

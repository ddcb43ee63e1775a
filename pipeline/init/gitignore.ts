/** The `.gitignore` line that keeps the build's cache (`.ask-cache/`, beside the digest) out of the repository. */
import { readFile, writeFile } from 'node:fs/promises';

export const CACHE_LINE = '.ask-cache/';

export type GitignoreChange = 'created' | 'added' | 'present';

/** True when a line of the file already ignores the cache folder wherever it is. */
function ignoresCache(text: string): boolean {
  return text.split(/\r?\n/).some((line) => line.trim() === CACHE_LINE || line.trim() === '.ask-cache');
}

/** Adds the line to the `.gitignore` at `file` (created when missing), leaving a file that has it as it is. */
export async function ignoreCache(file: string): Promise<GitignoreChange> {
  const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });
  if (text === null) {
    await writeFile(file, `${CACHE_LINE}\n`);
    return 'created';
  }
  if (ignoresCache(text)) return 'present';
  await writeFile(file, `${text}${text === '' || text.endsWith('\n') ? '' : '\n'}${CACHE_LINE}\n`);
  return 'added';
}

/**
 * The `.gitattributes` line that marks the committed digest as generated (`linguist-generated`):
 * GitHub then folds its files in a pull request's diff and leaves them out of the repository's
 * language statistics.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

export type GitattributesChange = 'created' | 'added' | 'present';

/** The line for the digest's glob (`digest/**`, relative to the repository root). */
function generatedLine(digestGlob: string): string {
  return `${digestGlob} linguist-generated=true`;
}

/** True when a line of the file gives `digestGlob` the attribute set (`linguist-generated` or `=true`). */
function marksGenerated(text: string, digestGlob: string): boolean {
  return text.split(/\r?\n/).some((line) => {
    const [pattern, ...attributes] = line.trim().split(/\s+/);
    return pattern === digestGlob && attributes.some((attribute) => attribute === 'linguist-generated' || attribute === 'linguist-generated=true');
  });
}

/**
 * Adds `<digestGlob> linguist-generated=true` to the `.gitattributes` at the repository's root
 * `root` (created when missing), leaving a file that already marks the glob as it is.
 */
export async function markDigestGenerated(root: string, digestGlob: string): Promise<GitattributesChange> {
  const file = path.join(root, '.gitattributes');
  const text = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });
  if (text === null) {
    await writeFile(file, `${generatedLine(digestGlob)}\n`);
    return 'created';
  }
  if (marksGenerated(text, digestGlob)) return 'present';
  await writeFile(file, `${text}${text === '' || text.endsWith('\n') ? '' : '\n'}${generatedLine(digestGlob)}\n`);
  return 'added';
}

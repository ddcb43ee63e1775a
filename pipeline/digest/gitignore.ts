/**
 * The digest folder's `.gitignore` brought up to date in place, for a build that writes nothing
 * else: a digest built by an older `ask`, whose `.gitignore` only left the archive out, gets the
 * one that commits its whole tree (`format/digest-gitignore.ts`) from the next `ask digest build`,
 * even when its content did not change. A build that writes the tree writes it with the others.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomically } from '../disk/atomic-write.ts';
import { DIGEST_GITIGNORE } from '../format/digest-gitignore.ts';
import { BUILD_ONLY_FILES } from '../format/paths.ts';

/** Writes the `.gitignore` of the digest in `outDir` (whole, by rename) when its bytes are not DIGEST_GITIGNORE's. */
export async function refreshDigestGitignore(outDir: string): Promise<void> {
  const file = path.join(outDir, BUILD_ONLY_FILES.gitignore);
  const text = await readFile(file, 'utf8').catch(() => null);
  if (text !== DIGEST_GITIGNORE) await writeFileAtomically(file, DIGEST_GITIGNORE);
}

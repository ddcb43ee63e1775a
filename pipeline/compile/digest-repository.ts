/**
 * The git work tree a digest is committed to, for the checks that its files are (`digest-tracking.ts`).
 */
import { realpath } from 'node:fs/promises';
import path from 'node:path';
import { runGit } from './run-git.ts';

export interface DigestRepository {
  /** The work tree's top folder (its real path): where the git commands run. */
  readonly top: string;
  /** The digest folder, relative to `top`, with `/` separators; never empty. */
  readonly folder: string;
}

/** The real path of `dir`, or of its parent joined with its name when it does not exist yet; null when neither does. */
async function realFolder(dir: string): Promise<string | null> {
  const real = await realpath(dir).catch(() => null);
  if (real !== null) return real;
  const parent = await realpath(path.dirname(dir)).catch(() => null);
  return parent === null ? null : path.join(parent, path.basename(dir));
}

function posixRelative(top: string, inside: string): string {
  return path.relative(top, inside).split(path.sep).join('/');
}

/**
 * The work tree holding the content folder, with the digest folder inside it. Null (nothing to
 * check) when git is not installed, the content folder is in no work tree, the digest folder
 * is outside that one, or the content folder is itself ignored there: those docs are not the
 * repository's (a scratch project inside an ignored folder of another repository).
 */
export async function digestRepository(contentDir: string, outDir: string): Promise<DigestRepository | null> {
  const shown = await runGit(contentDir, ['rev-parse', '--show-toplevel']);
  if (shown?.code !== 0) return null;
  const [top, content, out] = await Promise.all([realFolder(shown.stdout.trim()), realFolder(contentDir), realFolder(outDir)]);
  if (top === null || content === null || out === null) return null;
  const folder = posixRelative(top, out);
  if (folder === '' || folder.startsWith('../') || folder === '..' || path.isAbsolute(folder)) return null;
  const contentFolder = posixRelative(top, content);
  if (contentFolder !== '' && (await runGit(top, ['check-ignore', '--quiet', '--', contentFolder]))?.code === 0) return null;
  return { top, folder };
}

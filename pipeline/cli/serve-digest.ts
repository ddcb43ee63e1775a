import { stat } from 'node:fs/promises';
import { DigestLinkError, openDigestFile } from '../disk/no-follow.ts';
import { DIGEST_FILES } from '../format/paths.ts';

function codeOf(error: unknown): string | undefined {
  return error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : undefined;
}

const denied = (code: string | undefined): boolean => code === 'EACCES' || code === 'EPERM';
const HOW = "run 'ask digest build', pass --digest the folder it wrote, or --content DIR to serve the raw pages";

/**
 * Why `ask serve` could not serve the digest folder `dir` (shown to the user as `shown`), as one
 * line, or null when its manifest opens as a plain file: what the first request would otherwise
 * answer with a 500, said before listening. Nothing is parsed: the digest is still loaded on
 * the first request.
 */
export async function digestFolderProblem(dir: string, shown: string): Promise<string | null> {
  const folder = await stat(dir).then(
    (stats) => ({ stats, code: undefined }),
    (error: unknown) => ({ stats: null, code: codeOf(error) }),
  );
  if (folder.stats === null) {
    if (denied(folder.code)) return `ask serve: cannot read the digest folder '${shown}' (permission denied); give this user read access to it`;
    return `ask serve: no digest folder at '${shown}'; ${HOW}`;
  }
  if (!folder.stats.isDirectory()) return `ask serve: --digest '${shown}' is a file, not a digest folder; ${HOW}`;
  try {
    const handle = await openDigestFile(dir, DIGEST_FILES.manifest);
    const isFile = (await handle.stat()).isFile();
    await handle.close();
    return isFile ? null : `ask serve: '${shown}/${DIGEST_FILES.manifest}' is not a file; ${HOW}`;
  } catch (error) {
    if (error instanceof DigestLinkError) return `ask serve: ${error.message}`;
    const code = codeOf(error);
    if (code === 'ENOENT' || code === 'ENOTDIR') return `ask serve: no digest in '${shown}' (it has no ${DIGEST_FILES.manifest}); ${HOW}`;
    if (denied(code)) return `ask serve: cannot read '${shown}/${DIGEST_FILES.manifest}' (permission denied); give this user read access to the digest folder`;
    return `ask serve: cannot read the digest in '${shown}' (${code ?? 'unknown error'}); ${HOW}`;
  }
}

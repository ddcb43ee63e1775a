/**
 * The files of the digest folder that differ between a commit and the working tree, as git sees
 * them: `git diff --name-status` against the commit (the files it tracks), and `git ls-files
 * --others` (the files it does not track yet, whatever ignores them), the build-only files left
 * out. Digest-relative paths, each once.
 */
import type { ChangedFile, FileStatus } from '../digest/file-changes.ts';
import { isBuildOnlyFile } from '../format/paths.ts';
import { git } from './git-read.ts';

const STATUS: Readonly<Record<string, FileStatus>> = { A: 'added', D: 'removed' };

/** The changed files below `folder` (repository-relative, `''` for the root) since `base`. */
export async function changedDigestFiles(top: string, base: string, folder: string): Promise<ChangedFile[]> {
  const pathspec = folder === '' ? '.' : folder;
  const prefix = folder === '' ? '' : `${folder}/`;
  const [diff, untracked] = await Promise.all([
    git(top, ['diff', '--no-renames', '--name-status', '-z', base, '--', pathspec]),
    git(top, ['ls-files', '--others', '-z', '--', pathspec]),
  ]);
  const found = new Map<string, FileStatus>();
  const note = (repoPath: string, status: FileStatus): void => {
    if (!repoPath.startsWith(prefix)) return;
    const file = repoPath.slice(prefix.length);
    if (isBuildOnlyFile(file)) return;
    const earlier = found.get(file);
    // removed from the index but still on disk: the file is there, changed or not
    found.set(file, earlier !== undefined && earlier !== status ? 'changed' : status);
  };
  const fields = (diff ?? '').split('\0');
  for (let at = 0; at + 1 < fields.length; at += 2) note(fields[at + 1] ?? '', STATUS[fields[at] ?? ''] ?? 'changed');
  for (const repoPath of (untracked ?? '').split('\0')) if (repoPath !== '') note(repoPath, 'added');
  return [...found].map(([path, status]) => ({ path, status }));
}

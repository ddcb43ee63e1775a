/**
 * Reading a commit of the repository without touching the working tree: one command's output,
 * and the files of a folder as that commit has them (`git ls-tree`, then every blob through one
 * `git cat-file --batch`, however many files there are).
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { runGit } from '../compile/run-git.ts';

const run = promisify(execFile);
const MAX_OUTPUT = 256 * 1024 * 1024;

/** A git command's stdout, null when it fails (`runGit`, the one way ask runs git for text). */
export async function git(cwd: string, args: readonly string[]): Promise<string | null> {
  const result = await runGit(cwd, args);
  return result?.code === 0 ? result.stdout : null;
}

/** Regular files (not links, not submodules) in ls-tree's `<mode> <type> <object>\t<path>`. */
const FILE_ENTRY = /^100(?:644|755) blob ([0-9a-f]+)\t(.*)$/s;

/**
 * The files below `folder` (repository-relative, `''` for the root) at `rev` whose path `keep`
 * accepts, by their path below `folder`; empty when the commit has no such folder.
 */
export async function filesAtCommit(top: string, rev: string, folder: string, keep: (file: string) => boolean): Promise<Map<string, Buffer>> {
  const listing = await git(top, ['ls-tree', '-r', '-z', '--full-tree', rev, '--', folder === '' ? '.' : folder]);
  const prefix = folder === '' ? '' : `${folder}/`;
  const wanted: { readonly file: string; readonly object: string }[] = [];
  for (const entry of (listing ?? '').split('\0')) {
    const match = FILE_ENTRY.exec(entry);
    const [object, repoPath] = [match?.[1], match?.[2]];
    if (object === undefined || repoPath === undefined || !repoPath.startsWith(prefix)) continue;
    const file = repoPath.slice(prefix.length);
    if (keep(file)) wanted.push({ file, object });
  }
  const files = new Map<string, Buffer>();
  if (wanted.length === 0) return files;
  const pending = run('git', ['cat-file', '--batch'], { cwd: top, encoding: 'buffer', maxBuffer: MAX_OUTPUT });
  pending.child.stdin?.end(wanted.map(({ object }) => `${object}\n`).join(''));
  const { stdout } = await pending;
  // each blob: `<object> blob <size>\n`, its bytes, `\n`
  let at = 0;
  for (const { file } of wanted) {
    const headerEnd = stdout.indexOf(0x0a, at);
    if (headerEnd === -1) break;
    const size = Number(stdout.subarray(at, headerEnd).toString('latin1').split(' ')[2]);
    if (!Number.isInteger(size)) break;
    files.set(file, stdout.subarray(headerEnd + 1, headerEnd + 1 + size));
    at = headerEnd + 1 + size + 1;
  }
  return files;
}

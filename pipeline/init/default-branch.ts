/**
 * The repository's default branch, for the workflow's `push` filter: what the clone's
 * `origin/HEAD` names (set by `git clone`), else `main`.
 */
import { git } from '../cli/git-read.ts';

const REMOTE_HEAD = 'refs/remotes/origin/';

export async function defaultBranch(root: string): Promise<string> {
  const head = (await git(root, ['symbolic-ref', '--quiet', `${REMOTE_HEAD}HEAD`]))?.trim();
  return head !== undefined && head.startsWith(REMOTE_HEAD) && head.length > REMOTE_HEAD.length ? head.slice(REMOTE_HEAD.length) : 'main';
}

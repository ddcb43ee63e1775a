/**
 * The commit a digest's content came from, for the manifest's `build.commit`: what lets a reader
 * of the digest (or of an answer) tell which version of the docs it saw. Only recorded, never
 * compared: the content itself decides whether a digest is current.
 */
import { execFile } from 'node:child_process';

/** A full object name: SHA-1 (40 hex digits) or SHA-256 (64). */
const OBJECT_NAME = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;

/**
 * The commit that last changed the content folder, as `git log -1 --format=%H -- .` run in it
 * says; null, quietly, when git is not installed, the folder is not in a work tree, it has no
 * commit yet, or git fails in any other way.
 */
export function lastContentCommit(contentDir: string): Promise<string | null> {
  return new Promise((resolve) => {
    execFile('git', ['log', '-1', '--format=%H', '--', '.'], { cwd: contentDir, windowsHide: true, timeout: 30_000 }, (error, stdout) => {
      const commit = error ? '' : stdout.trim();
      resolve(OBJECT_NAME.test(commit) ? commit : null);
    });
  });
}

/**
 * The build's source commit: the one given (`--source-commit`, `ASK_SOURCE_COMMIT`; null for
 * none) when there is one, else the content folder's last commit.
 */
export async function sourceCommitOf(contentDir: string, given: string | null | undefined): Promise<string | null> {
  return given === undefined ? lastContentCommit(contentDir) : given;
}

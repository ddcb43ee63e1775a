/**
 * One git command run for what it prints, its standard input given whole: the one way the
 * digest's tracking checks and `ask digest diff` ask git (`digest-repository.ts`,
 * `digest-tracking.ts`, `cli/git-read.ts`).
 */
import { execFile } from 'node:child_process';

const MAX_OUTPUT = 256 * 1024 * 1024;

export interface GitRun {
  /** The exit status (`git check-ignore` exits 1 when no path is ignored). */
  readonly code: number;
  readonly stdout: string;
}

/** `git ...args` in `cwd`; null when git could not be run or was killed (not installed, timed out). */
export function runGit(cwd: string, args: readonly string[], input = ''): Promise<GitRun | null> {
  return new Promise((resolve) => {
    const child = execFile('git', [...args], { cwd, maxBuffer: MAX_OUTPUT, windowsHide: true, timeout: 120_000 }, (error, stdout) => {
      if (error === null) resolve({ code: 0, stdout });
      else resolve(typeof error.code === 'number' ? { code: error.code, stdout } : null);
    });
    child.stdin?.on('error', () => {});
    child.stdin?.end(input);
  });
}

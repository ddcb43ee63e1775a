import { execFileSync } from 'node:child_process';
import { runAsk } from './cli.ts';

/**
 * Makes `cwd` a git repository of the project with its digest (of `content/`) built and committed
 * as the base, after `beforeCommit` (what the base holds besides: checks, an older manifest...).
 */
export async function committedBase(cwd: string, beforeCommit: () => Promise<void> = async () => {}): Promise<void> {
  const git = (...args: string[]) => execFileSync('git', args, { cwd, stdio: 'pipe' });
  git('init', '-q');
  await runAsk(['digest', 'build', '--content', 'content'], cwd);
  await beforeCommit();
  git('add', '-A');
  git('-c', 'user.name=t', '-c', 'user.email=t@example.invalid', 'commit', '-qm', 'base');
}

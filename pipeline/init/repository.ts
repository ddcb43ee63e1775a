/**
 * The repository `ask init` sets up: its root (the nearest folder holding `.git`, as the build
 * looks for configs; the working folder when there is none), where GitHub reads workflows and
 * where the `.gitignore` goes.
 */
import { foldersUp } from '../content/generators/detect.ts';

/** The root of the repository holding `cwd`; `cwd` itself outside any repository. */
export async function repositoryRoot(cwd: string): Promise<string> {
  for await (const [dir, entries] of foldersUp(cwd)) {
    if (entries.includes('.git')) return dir;
  }
  return cwd;
}

/**
 * The workflow's folders and commands from what `ask init` found: `paths` and actions' inputs
 * relative to the repository root (where GitHub and the actions read them), the `run:` steps in
 * the Node project's folder (where its bin is) or at the root, the install where its lockfile is.
 */
import path from 'node:path';
import { askCommand, globalInstall, type AskInstall } from './installer.ts';
import type { PackageManager } from './package-manager.ts';
import { relativePosix } from './paths.ts';

interface InstallPlan {
  /** How the runner gets the package manager. */
  readonly setup: PackageManager['setup'];
  /** The install command: the locked install, or the global one. */
  readonly command: string;
  /** The folder it runs in (relative to the root) when that is not the working folder; null: the working folder. */
  readonly directory: string | null;
  /** npm's lockfile (relative to the root), for setup-node's cache; null: no cache. */
  readonly npmLockfile: string | null;
}

export interface WorkflowPlan {
  /** The folder the `run:` steps work in, relative to the root; `''` for the root. */
  readonly workingDir: string;
  /** The digest folder, relative to the root, and relative to the working folder. */
  readonly digest: string;
  readonly digestFromWorkingDir: string;
  /** The build's cache (`.ask-cache/`, beside the digest), relative to the root. */
  readonly cacheDir: string;
  /** The `paths` that trigger the workflow. */
  readonly triggers: readonly string[];
  /** The branch the `push` trigger watches and follow-up pull requests go to. */
  readonly defaultBranch: string;
  readonly install: InstallPlan;
  /** The command that runs ask (`npx --no -- ask-docs`). */
  readonly ask: string;
}

export interface PlanInput {
  readonly root: string;
  readonly outDir: string;
  readonly install: AskInstall;
  readonly triggers: readonly string[];
  readonly defaultBranch: string;
}

function installPlan(install: AskInstall, root: string, workingDir: string): InstallPlan {
  if (install.kind === 'global') return { setup: 'none', command: globalInstall(install.spec), directory: null, npmLockfile: null };
  const { manager, lockfile } = install.project;
  const lockDir = relativePosix(root, path.dirname(lockfile));
  return {
    setup: manager.setup,
    command: manager.lockedInstall,
    directory: lockDir === workingDir ? null : lockDir,
    npmLockfile: manager.name === 'npm' ? relativePosix(root, lockfile) : null,
  };
}

export function workflowPlan(input: PlanInput): WorkflowPlan {
  const { root, outDir, install } = input;
  const workingDir = install.kind === 'project' ? relativePosix(root, install.project.dir) : '';
  return {
    workingDir,
    digest: relativePosix(root, outDir),
    digestFromWorkingDir: relativePosix(path.join(root, workingDir), outDir) || '.',
    cacheDir: relativePosix(root, path.join(path.dirname(outDir), '.ask-cache')),
    triggers: input.triggers,
    defaultBranch: input.defaultBranch,
    install: installPlan(install, root, workingDir),
    ask: askCommand(install),
  };
}

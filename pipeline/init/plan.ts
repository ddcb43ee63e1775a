/**
 * The workflow's folders from the absolute ones `ask init` found: triggers relative to the
 * repository root (GitHub reads them there), commands relative to the folder `ask init` ran in
 * (the workflow's working directory), the digest left out of the content when it sits inside.
 */
import path from 'node:path';
import type { AskInstall } from './installer.ts';
import type { WorkflowPlan } from './workflow.ts';

export interface InitFolders {
  /** The folder `ask init` ran in. */
  readonly cwd: string;
  readonly root: string;
  readonly contentDir: string;
  readonly outDir: string;
  readonly configFile: string | null;
}

/** `to` relative to `from` with `/` separators; `''` for the folder itself. */
export function relativePosix(from: string, to: string): string {
  return path.relative(from, to).split(path.sep).join('/');
}

/** True when `target` is `folder` or below it. */
export function isWithin(folder: string, target: string): boolean {
  const relative = path.relative(folder, target);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

/** A folder's glob for a workflow's `paths`: `docs/**`, or `**` for the root. */
function globOf(relative: string): string {
  return relative === '' ? '**' : `${relative}/**`;
}

/** What the workflow's commands carry besides the folders. */
export interface InitChoices {
  readonly siteUrl: string | null;
  /** `--config FILE` (relative to `cwd`) or `--generator G` when the build would not find the generator from the content folder; else none. */
  readonly generatorArgs: readonly string[];
  readonly install: AskInstall;
}

export function workflowPlan(folders: InitFolders, choices: InitChoices): WorkflowPlan {
  const { cwd, root, contentDir, outDir, configFile } = folders;
  const configPath = configFile === null ? null : relativePosix(root, configFile);
  const outInContent = relativePosix(contentDir, outDir);
  return {
    workingDir: relativePosix(root, cwd),
    content: relativePosix(cwd, contentDir) || '.',
    out: relativePosix(cwd, outDir) || '.',
    sources: [globOf(relativePosix(root, contentDir)), ...(configPath === null ? [] : [configPath])],
    outGlob: globOf(relativePosix(root, outDir)),
    ...choices,
    exclude: isWithin(contentDir, outDir) ? [`${outInContent}/**`] : [],
  };
}

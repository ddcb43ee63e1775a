/**
 * The actions the workflows use, as the harness stands in for them: `actions/checkout` does what
 * it does for the inputs given (a fresh repository in the workspace, `origin` the simulated
 * GitHub's, a SHA fetched by itself, a branch checked out from `refs/remotes/origin/<branch>`
 * (failing, as it fails, when the repository has no such branch), all branches and tags with
 * `fetch-depth: 0`, the token recorded and persisted unless `persist-credentials: false`);
 * upload-artifact and download-artifact copy a folder to and from the run's artifacts (hidden
 * files left out unless `include-hidden-files`, a missing artifact an error); setup-node,
 * setup-bun and cache do nothing (the runner has Node, the cache starts cold).
 */
import { execFile } from 'node:child_process';
import { mkdir, rm, stat } from 'node:fs/promises';
import { promisify } from 'node:util';
import path from 'node:path';
import { git } from './github-sim.ts';
import type { GitHubEvent } from './github-sim.ts';

const exec = promisify(execFile);

export interface Checkout {
  readonly ref: string;
  readonly sha: string;
  /** The token the checkout used (and left in the repository's config unless not persisted). */
  readonly token: string;
  readonly persisted: boolean;
}

export interface ActionRun {
  readonly workspace: string;
  readonly origin: string;
  readonly event: GitHubEvent;
  /** The run's `GITHUB_TOKEN`. */
  readonly token: string;
  /** Artifacts: `<artifacts>/<run id>/<name>/`. */
  readonly artifacts: string;
  readonly runId: number;
  readonly checkouts: Checkout[];
}

export interface ActionResult {
  readonly ok: boolean;
  readonly log: string;
  readonly outputs: Readonly<Record<string, string>>;
}

const SHA = /^[0-9a-f]{40}$/;

function input(inputs: Readonly<Record<string, string>>, name: string): string | undefined {
  const value = inputs[name];
  return value === undefined || value === '' ? undefined : value;
}

async function checkout(run: ActionRun, inputs: Readonly<Record<string, string>>): Promise<ActionResult> {
  const { workspace, origin } = run;
  await rm(workspace, { recursive: true, force: true });
  await mkdir(workspace, { recursive: true });
  // without a ref: the event's (a pull request's merge ref, the pushed branch, the default branch)
  const ref = input(inputs, 'ref') ?? run.event.ref;
  const depth = Number(input(inputs, 'fetch-depth') ?? '1');
  const deep = depth === 0 ? [] : [`--depth=${depth}`];
  await git(workspace, ['init', '-q']);
  await git(workspace, ['remote', 'add', 'origin', origin]);
  if (depth === 0) await git(workspace, ['fetch', '-q', '--prune', '--no-recurse-submodules', 'origin', '+refs/heads/*:refs/remotes/origin/*', '+refs/tags/*:refs/tags/*']);
  try {
    if (SHA.test(ref)) {
      await git(workspace, ['fetch', '-q', ...deep, 'origin', ref]);
      await git(workspace, ['checkout', '-q', '--force', '--detach', ref]);
    } else if (ref.startsWith('refs/pull/')) {
      const local = ref.replace('refs/pull/', 'refs/remotes/pull/');
      await git(workspace, ['fetch', '-q', ...deep, 'origin', `+${ref}:${local}`]);
      await git(workspace, ['checkout', '-q', '--force', '--detach', local]);
    } else {
      const branch = ref.replace(/^refs\/heads\//, '');
      await git(workspace, ['fetch', '-q', ...deep, 'origin', `+refs/heads/${branch}:refs/remotes/origin/${branch}`]);
      await git(workspace, ['checkout', '-q', '--force', '-B', branch, `refs/remotes/origin/${branch}`]);
    }
  } catch (error) {
    return { ok: false, log: `actions/checkout: ${error instanceof Error ? error.message : String(error)}`, outputs: {} };
  }
  const token = input(inputs, 'token') ?? run.token;
  const persisted = input(inputs, 'persist-credentials') !== 'false';
  if (persisted) await git(workspace, ['config', '--local', 'http.https://github.com/.extraheader', `AUTHORIZATION: basic ${Buffer.from(`x-access-token:${token}`).toString('base64')}`]);
  const sha = await git(workspace, ['rev-parse', 'HEAD']);
  run.checkouts.push({ ref, sha, token, persisted });
  return { ok: true, log: `checked out ${ref} at ${sha}`, outputs: { ref, commit: sha } };
}

async function exists(file: string): Promise<boolean> {
  return (await stat(file).catch(() => null)) !== null;
}

/** Copies `from` (a folder's contents, or a file) to the folder `to`, hidden entries left out unless `hidden` (by `cp`: a digest is thousands of files). */
async function copyInto(from: string, to: string, hidden: boolean): Promise<void> {
  await mkdir(to, { recursive: true });
  if (!(await stat(from)).isDirectory()) {
    await exec('cp', ['--', from, to]);
    return;
  }
  await exec('cp', ['-R', '--', `${from}/.`, to]);
  if (!hidden) await exec('find', [to, '-mindepth', '1', '-name', '.*', '-prune', '-exec', 'rm', '-rf', '{}', '+']);
}

async function upload(run: ActionRun, inputs: Readonly<Record<string, string>>): Promise<ActionResult> {
  const name = input(inputs, 'name') ?? 'artifact';
  const source = path.resolve(run.workspace, input(inputs, 'path') ?? '');
  const target = path.join(run.artifacts, String(run.runId), name);
  if (await exists(target)) return { ok: false, log: `upload-artifact: an artifact named ${name} was uploaded already in this run`, outputs: {} };
  if (!(await exists(source))) return { ok: true, log: `upload-artifact: no files found at ${source}; no artifact uploaded`, outputs: {} };
  await copyInto(source, target, input(inputs, 'include-hidden-files') === 'true');
  const id = String(900_000 + run.runId);
  return { ok: true, log: `uploaded ${name}`, outputs: { 'artifact-id': id, 'artifact-url': `https://github.com/artifacts/${id}` } };
}

async function download(run: ActionRun, inputs: Readonly<Record<string, string>>): Promise<ActionResult> {
  const name = input(inputs, 'name');
  if (name === undefined) return { ok: false, log: 'download-artifact: the harness downloads by name only', outputs: {} };
  const runId = input(inputs, 'run-id');
  if (runId !== undefined && input(inputs, 'github-token') === undefined) return { ok: false, log: 'download-artifact: run-id needs github-token', outputs: {} };
  const source = path.join(run.artifacts, runId ?? String(run.runId), name);
  if (!(await exists(source))) return { ok: false, log: `Unable to download artifact(s): Artifact not found for name: ${name}`, outputs: {} };
  const target = path.resolve(run.workspace, input(inputs, 'path') ?? '.');
  await copyInto(source, target, true);
  return { ok: true, log: `downloaded ${name} to ${target}`, outputs: { 'download-path': target } };
}

/** Runs the action `uses` names (`owner/name@ref`) with its evaluated inputs. */
export async function runAction(uses: string, inputs: Readonly<Record<string, string>>, run: ActionRun): Promise<ActionResult> {
  const action = uses.split('@')[0];
  switch (action) {
    case 'actions/checkout':
      return checkout(run, inputs);
    case 'actions/upload-artifact':
      return upload(run, inputs);
    case 'actions/download-artifact':
      return download(run, inputs);
    case 'actions/setup-node':
      return input(inputs, 'node-version') === undefined ? { ok: false, log: 'setup-node: no node-version', outputs: {} } : { ok: true, log: `node ${process.version} stands in for ${inputs['node-version']}`, outputs: {} };
    case 'actions/cache':
      return { ok: true, log: `cache miss for ${inputs.key ?? ''}`, outputs: { 'cache-hit': 'false' } };
    case 'oven-sh/setup-bun':
      return { ok: true, log: 'bun is not run by the harness', outputs: {} };
    default:
      throw new Error(`the harness has no stand-in for the action ${uses}`);
  }
}

/**
 * GitHub as the workflow harness plays it: a bare repository as the base repository's copy (it
 * serves any commit by SHA, as GitHub does), the refs GitHub makes for a pull request
 * (`refs/pull/N/head`, and `refs/pull/N/merge`, a real merge commit), the artifacts of each run,
 * the fake `gh` with its pull requests and comments, and the event payloads, shaped as GitHub
 * sends them (`pull_request`, `push`, `workflow_run`), with the `github` context of each.
 */
import { execFile } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { BOT_LOGIN } from '../../pipeline/init/workflow-names.ts';
import { fakeGh, type FakeGh, type FakePull } from './fake-gh.ts';
import type { Value } from './workflow-expressions.ts';

const run = promisify(execFile);

export async function git(cwd: string, args: readonly string[]): Promise<string> {
  const { stdout } = await run('git', [...args], { cwd, maxBuffer: 256 * 1024 * 1024 });
  return stdout.trim();
}

/** One event: its name, its payload, and what GitHub sets beside it for the run. */
export interface GitHubEvent {
  readonly name: 'pull_request' | 'push' | 'workflow_run';
  readonly payload: { readonly [key: string]: Value };
  readonly ref: string;
  readonly sha: string;
  readonly headRef: string;
  readonly baseRef: string;
}

/** The tokens of the simulation: the run's own (`GITHUB_TOKEN`: github-actions[bot]) and the maintainer's secret. */
export const TOKENS = {
  /** A run's token in the base repository: may write, is the bot. */
  bot: 'ghs_run_token',
  /** The read-only token of a pull request from a fork. */
  forkBot: 'ghs_fork_read_only',
  /** `ASK_DIGEST_TOKEN`: a maintainer's fine-grained token. */
  maintainer: 'github_pat_maintainer',
} as const;

export interface GitHubSim {
  readonly repository: string;
  readonly defaultBranch: string;
  /** The bare repository (`origin` of every checkout). */
  readonly origin: string;
  readonly gh: FakeGh;
  /** Where each run's artifacts are kept: `<folder>/<run id>/<name>/`. */
  readonly artifacts: string;
  /** Where the runner's folders of each job go. */
  readonly runners: string;
  nextRunId(): number;
}

function repositoryPayload(sim: Pick<GitHubSim, 'repository' | 'defaultBranch'>): { readonly [key: string]: Value } {
  const [owner = '', name = ''] = sim.repository.split('/');
  return { full_name: sim.repository, name, owner: { login: owner }, default_branch: sim.defaultBranch, fork: false };
}

/** A simulation in `dir` whose repository starts as the clone source `source` (pushed whole: every branch). */
export async function simulateGitHub(dir: string, source: string, options: { readonly repository: string; readonly defaultBranch: string }): Promise<GitHubSim> {
  const origin = path.join(dir, 'origin.git');
  await mkdir(dir, { recursive: true });
  await git(dir, ['init', '-q', '--bare', '-b', options.defaultBranch, origin]);
  await git(origin, ['config', 'uploadpack.allowAnySHA1InWant', 'true']);
  await git(source, ['push', '-q', origin, '--all']);
  const artifacts = path.join(dir, 'artifacts');
  const runners = path.join(dir, 'runners');
  await mkdir(artifacts, { recursive: true });
  await mkdir(runners, { recursive: true });
  const gh = await fakeGh(dir, {
    repository: options.repository,
    origin,
    tokens: {
      [TOKENS.bot]: { login: BOT_LOGIN, write: true },
      [TOKENS.forkBot]: { login: BOT_LOGIN, write: false },
      [TOKENS.maintainer]: { login: 'docs-maintainer', write: true },
    },
    pulls: [],
    comments: [],
  });
  let runId = 7000;
  return { repository: options.repository, defaultBranch: options.defaultBranch, origin, gh, artifacts, runners, nextRunId: () => (runId += 1) };
}

export interface PullRequestInput {
  readonly number: number;
  readonly headRef: string;
  /** The head commit: a branch's tip in the repository, or (fork) a commit pushed from the fork's clone. */
  readonly headSha: string;
  readonly baseRef: string;
  /** `owner/name` of the fork the head is on; absent: a branch of the repository. */
  readonly fork?: string;
  readonly labels?: readonly string[];
  readonly action?: 'opened' | 'synchronize' | 'labeled';
  readonly label?: string;
  readonly title?: string;
}

/** Opens (or moves) a pull request as GitHub does: its refs in the repository, its entry for the API; the `pull_request` event. */
export async function pullRequestEvent(sim: GitHubSim, input: PullRequestInput): Promise<GitHubEvent> {
  const { origin } = sim;
  await git(origin, ['update-ref', `refs/pull/${input.number}/head`, input.headSha]);
  const baseSha = await git(origin, ['rev-parse', `refs/heads/${input.baseRef}`]);
  const tree = await git(origin, ['merge-tree', '--write-tree', baseSha, input.headSha]);
  const merge = await git(origin, ['-c', 'user.name=GitHub', '-c', 'user.email=noreply@github.com', 'commit-tree', tree.split('\n')[0] ?? '', '-p', baseSha, '-p', input.headSha, '-m', `Merge ${input.headSha} into ${baseSha}`]);
  await git(origin, ['update-ref', `refs/pull/${input.number}/merge`, merge]);
  const headRepository = input.fork ?? sim.repository;
  const pull: FakePull = { number: input.number, title: input.title ?? `Pull request ${input.number}`, body: '', user: input.fork === undefined ? 'docs-author' : 'contributor', headRef: input.headRef, headRepository, baseRef: input.baseRef, state: 'open' };
  await sim.gh.update((state) => ({ ...state, pulls: [...state.pulls.filter((other) => other.number !== input.number), pull] }));
  const payload = {
    action: input.action ?? 'opened',
    number: input.number,
    ...(input.label === undefined ? {} : { label: { name: input.label } }),
    pull_request: {
      number: input.number,
      title: pull.title,
      user: { login: pull.user },
      labels: (input.labels ?? []).map((name) => ({ name })),
      head: { ref: input.headRef, sha: input.headSha, repo: { full_name: headRepository, fork: input.fork !== undefined } },
      base: { ref: input.baseRef, sha: baseSha, repo: repositoryPayload(sim) },
    },
    repository: repositoryPayload(sim),
    sender: { login: pull.user },
  };
  return { name: 'pull_request', payload, ref: `refs/pull/${input.number}/merge`, sha: merge, headRef: input.headRef, baseRef: input.baseRef };
}

/** A push to a branch of the repository (already in the bare repository): the `push` event. */
export async function pushEvent(sim: GitHubSim, branch: string, before: string): Promise<GitHubEvent> {
  const after = await git(sim.origin, ['rev-parse', `refs/heads/${branch}`]);
  const payload = { ref: `refs/heads/${branch}`, before, after, head_commit: { id: after }, repository: repositoryPayload(sim), sender: { login: 'docs-author' } };
  return { name: 'push', payload, ref: `refs/heads/${branch}`, sha: after, headRef: '', baseRef: '' };
}

export interface CompletedRun {
  readonly id: number;
  readonly name: string;
  readonly conclusion: string;
  readonly event: GitHubEvent;
}

/** The `workflow_run` event of a completed run (GitHub gives no pull requests in it for a fork's). */
export async function workflowRunEvent(sim: GitHubSim, completed: CompletedRun): Promise<GitHubEvent> {
  const pull = completed.event.payload.pull_request as { readonly number: number; readonly head: { readonly sha: string; readonly ref: string; readonly repo: { readonly full_name: string } } } | undefined;
  const headRepository = pull?.head.repo.full_name ?? sim.repository;
  const defaultSha = await git(sim.origin, ['rev-parse', `refs/heads/${sim.defaultBranch}`]);
  const payload = {
    action: 'completed',
    workflow_run: {
      id: completed.id,
      name: completed.name,
      event: completed.event.name,
      status: 'completed',
      conclusion: completed.conclusion,
      head_sha: pull?.head.sha ?? completed.event.sha,
      head_branch: pull?.head.ref ?? completed.event.ref.replace('refs/heads/', ''),
      head_repository: { full_name: headRepository },
      html_url: `https://github.com/${sim.repository}/actions/runs/${completed.id}`,
      pull_requests: pull === undefined || headRepository !== sim.repository ? [] : [{ number: pull.number }],
    },
    repository: repositoryPayload(sim),
    sender: { login: 'docs-author' },
  };
  return { name: 'workflow_run', payload, ref: `refs/heads/${sim.defaultBranch}`, sha: defaultSha, headRef: '', baseRef: '' };
}

/**
 * A docs repository set up by `ask init` and run through its workflows in the harness: the
 * author's clone (pages, a `package.json` whose `ask-docs` is the packed tarball kept in
 * `vendor/`, as a team trying a release candidate keeps it, with its lockfile), GitHub's copy
 * (github-sim.ts), pull requests from a branch or from a fork, pushes and merges, and the runs
 * GitHub would start for each: the digest workflow from the event's commit, the comment workflow
 * from the default branch on `workflow_run`.
 */
import { copyFile, mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'yaml';
import { COMMENT_WORKFLOW_FILE, WORKFLOW_FILE } from '../../pipeline/init/workflow-names.ts';
import { runAsk } from './cli.ts';
import { git, pullRequestEvent, pushEvent, simulateGitHub, TOKENS, workflowRunEvent, type GitHubEvent, type GitHubSim, type PullRequestInput } from './github-sim.ts';
import { lockfileFor, packedTarball } from './packed-package.ts';
import { runnerMachine } from './runner-machine.ts';
import { writeFiles } from './temp-folder.ts';
import { runWorkflow, type RunnerMachine, type RunRecord } from './workflow-harness.ts';

export const REPOSITORY = 'docs-team/site';
const AUTHOR = ['-c', 'user.name=Docs Author', '-c', 'user.email=author@example.com'];

export interface Site {
  readonly dir: string;
  /** The author's clone. */
  readonly author: string;
  readonly sim: GitHubSim;
  readonly machine: RunnerMachine;
}

/** The vendored tarball's spec, as `package.json` lists it. */
export const VENDORED = 'file:vendor/ask-docs-0.1.0.tgz';

export async function commitAll(repo: string, message: string): Promise<string> {
  await git(repo, ['add', '-A']);
  await git(repo, [...AUTHOR, 'commit', '-q', '-m', message]);
  return git(repo, ['rev-parse', 'HEAD']);
}

export interface SiteOptions {
  /** The pages, relative to `docs/`. */
  readonly pages: Readonly<Record<string, string>>;
  /** Build and commit the digest before the repository goes to GitHub (the author followed init's next steps). */
  readonly digest: boolean;
}

/**
 * The author's repository after `ask init` (and, with `digest`, the build it prints), pushed to
 * GitHub's copy; the runner's machine in `machineDir` (shared by a file's scenarios: its installs).
 */
export async function adoptedSite(dir: string, machineDir: string, options: SiteOptions): Promise<Site> {
  const author = path.join(dir, 'author');
  const tarball = await packedTarball();
  await mkdir(path.join(author, 'vendor'), { recursive: true });
  await copyFile(tarball, path.join(author, 'vendor', path.basename(tarball)));
  const pages = Object.fromEntries(Object.entries(options.pages).map(([file, text]) => [`docs/${file}`, text]));
  await writeFiles(author, {
    ...pages,
    'package.json': `${JSON.stringify({ name: 'stranger-site', private: true, devDependencies: { 'ask-docs': VENDORED } }, null, 2)}\n`,
    'package-lock.json': await lockfileFor(VENDORED, tarball, 'devDependencies'),
  });
  await git(author, ['init', '-q', '-b', 'main']);
  const init = await runAsk(['init'], author);
  if (init.code !== 0) throw new Error(`ask init failed: ${init.err.join('\n')}`);
  if (options.digest) {
    const build = await runAsk(['digest', 'build'], author);
    if (build.code !== 0) throw new Error(`ask digest build failed: ${build.err.join('\n')}`);
  }
  await commitAll(author, 'Build the docs digest in CI');
  const sim = await simulateGitHub(path.join(dir, 'github'), author, { repository: REPOSITORY, defaultBranch: 'main' });
  await git(author, ['remote', 'add', 'origin', sim.origin]);
  await git(author, ['fetch', '-q', 'origin']);
  const machine = await runnerMachine(machineDir, sim.gh);
  return { dir, author, sim, machine };
}

/** A branch of the repository off `main` with `files` changed, pushed; its head. */
export async function pushBranch(site: Site, branch: string, files: Readonly<Record<string, string>>): Promise<string> {
  const { author } = site;
  const exists = (await git(author, ['branch', '--list', branch])) !== '';
  await git(author, exists ? ['checkout', '-q', branch] : ['checkout', '-q', '-b', branch, 'main']);
  await writeFiles(author, files);
  const head = await commitAll(author, `Edit ${Object.keys(files).join(', ')}`);
  await git(author, ['push', '-q', 'origin', branch]);
  await git(author, ['checkout', '-q', 'main']);
  return head;
}

/** A contributor's fork: a clone with `files` changed on `patch-1`, its commit given to GitHub as `refs/pull/N/head` (as opening the pull request does); its head. */
export async function forkChange(site: Site, number: number, files: Readonly<Record<string, string>>): Promise<string> {
  const fork = path.join(site.dir, 'fork');
  await git(site.dir, ['clone', '-q', site.sim.origin, fork]);
  await git(fork, ['checkout', '-q', '-b', 'patch-1']);
  await writeFiles(fork, files);
  const head = await commitAll(fork, 'Fix a typo');
  await git(fork, ['push', '-q', 'origin', `HEAD:refs/pull/${number}/head`]);
  return head;
}

/** The workflow file at a commit of GitHub's copy, parsed. */
async function workflowAt(site: Site, rev: string, file: string): Promise<Record<string, unknown>> {
  return parse(await git(site.sim.origin, ['show', `${rev}:${file}`])) as Record<string, unknown>;
}

export interface PullRequestRuns {
  readonly run: RunRecord;
  /** The comment workflow's run on `workflow_run` of the first. */
  readonly comment: RunRecord;
}

/** The digest workflow of a pull request's event (from its merge commit, as GitHub takes it), then the comment workflow (from the default branch). */
export async function runPullRequest(site: Site, input: PullRequestInput, secrets: Readonly<Record<string, string>>): Promise<PullRequestRuns> {
  const event = await pullRequestEvent(site.sim, input);
  // a pull request from a fork: no secrets, a read-only token
  const fromFork = input.fork !== undefined;
  const run = await runWorkflow({ sim: site.sim, workflow: await workflowAt(site, event.sha, WORKFLOW_FILE), event, secrets: fromFork ? {} : secrets, token: fromFork ? TOKENS.forkBot : TOKENS.bot, machine: site.machine });
  const completed = await workflowRunEvent(site.sim, { id: run.id, name: run.name, conclusion: run.conclusion, event });
  const comment = await runWorkflow({ sim: site.sim, workflow: await workflowAt(site, site.sim.defaultBranch, COMMENT_WORKFLOW_FILE), event: completed, secrets, token: TOKENS.bot, machine: site.machine });
  return { run, comment };
}

/** Merges `branch` (as GitHub's copy has it) into `main` and pushes; the `push` event's run of the digest workflow. */
export async function mergeAndPush(site: Site, branch: string, secrets: Readonly<Record<string, string>>): Promise<RunRecord> {
  const { author } = site;
  await git(author, ['fetch', '-q', 'origin']);
  const before = await git(author, ['rev-parse', 'origin/main']);
  await git(author, ['checkout', '-q', 'main']);
  await git(author, ['merge', '-q', '--ff-only', 'origin/main']);
  await git(author, [...AUTHOR, 'merge', '-q', '--no-ff', '-m', `Merge ${branch}`, `origin/${branch}`]);
  await git(author, ['push', '-q', 'origin', 'main']);
  const event: GitHubEvent = await pushEvent(site.sim, 'main', before);
  return runWorkflow({ sim: site.sim, workflow: await workflowAt(site, event.sha, WORKFLOW_FILE), event, secrets, token: TOKENS.bot, machine: site.machine });
}

/** The refs of GitHub's copy (`refs/heads/*` and their commits). */
export async function branches(site: Site): Promise<string> {
  return git(site.sim.origin, ['for-each-ref', '--format=%(refname) %(objectname)', 'refs/heads']);
}

/** A file of the diff artifact a run uploaded. */
export async function diffArtifact(site: Site, run: RunRecord, file: string): Promise<string> {
  return readFile(path.join(site.sim.artifacts, String(run.id), 'ask-digest-diff', file), 'utf8');
}

/**
 * Runs a GitHub Actions workflow's jobs as a runner would, without GitHub: each job in the order
 * `needs` gives, on a fresh runner folder (workspace, `RUNNER_TEMP`, the environment files
 * `GITHUB_OUTPUT`, `GITHUB_ENV`, `GITHUB_STEP_SUMMARY`, the event's payload at
 * `GITHUB_EVENT_PATH`, GitHub's default variables); job and step `if:`, `env:`, `with:` and
 * `outputs:` evaluated (workflow-expressions.ts: anything it does not know throws); each `run:`
 * step through `bash --noprofile --norc -eo pipefail` in its working directory, a `run:` that
 * holds `${{ }}` refused (values go through `env:`); `uses:` steps by the stand-ins of
 * runner-actions.ts; `continue-on-error` honoured. The simulated GitHub (github-sim.ts) provides
 * the repository, the artifacts and `gh`.
 */
import { spawn } from 'node:child_process';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { cleanEnvironment } from './packed-package.ts';
import type { GitHubEvent, GitHubSim } from './github-sim.ts';
import { runAction, type Checkout } from './runner-actions.ts';
import { asString, condition, interpolate, type ExpressionContext, type Value } from './workflow-expressions.ts';

type Result = 'success' | 'failure' | 'skipped';
type Mapping = Readonly<Record<string, unknown>>;

export interface StepRecord {
  readonly name: string;
  readonly id: string | undefined;
  readonly outcome: Result;
  readonly conclusion: Result;
  readonly log: string;
  /** How long it took. */
  readonly ms: number;
}

export interface JobRecord {
  readonly result: Result;
  readonly outputs: Readonly<Record<string, string>>;
  readonly steps: readonly StepRecord[];
  /** The job summary: every step's `GITHUB_STEP_SUMMARY`, in order. */
  readonly summary: string;
  readonly checkouts: readonly Checkout[];
}

export interface RunRecord {
  readonly id: number;
  readonly name: string;
  readonly event: GitHubEvent;
  readonly conclusion: Result;
  readonly jobs: Readonly<Record<string, JobRecord>>;
}

/** What the runner's machine adds: folders first on PATH (the fake `gh`), variables (npm's offline mode). */
export interface RunnerMachine {
  readonly path: readonly string[];
  readonly env: Readonly<Record<string, string>>;
}

export interface RunInput {
  readonly sim: GitHubSim;
  readonly workflow: Mapping;
  readonly event: GitHubEvent;
  readonly secrets: Readonly<Record<string, string>>;
  /** The run's `GITHUB_TOKEN` (each job gets it narrowed to its `permissions`). */
  readonly token: string;
  readonly machine: RunnerMachine;
}

function mapping(value: unknown, what: string): Mapping {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw new Error(`${what} must be a mapping`);
  return value as Mapping;
}

/** Values of `env:` or `with:`, each interpolated to a string. */
function evaluated(values: Mapping, context: ExpressionContext): Record<string, string> {
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [key, typeof value === 'string' ? interpolate(value, context) : asString(value as Value)]));
}

/** `name=value` and `name<<DELIMITER` ... `DELIMITER` lines of an environment file. */
function environmentFile(text: string): Record<string, string> {
  const values: Record<string, string> = {};
  const lines = text.split('\n');
  for (let at = 0; at < lines.length; at += 1) {
    const line = lines[at] ?? '';
    const heredoc = /^([^=<]+)<<(.+)$/.exec(line);
    if (heredoc) {
      const [, name = '', delimiter = ''] = heredoc;
      const body: string[] = [];
      for (at += 1; at < lines.length && lines[at] !== delimiter; at += 1) body.push(lines[at] ?? '');
      values[name] = body.join('\n');
      continue;
    }
    const equals = line.indexOf('=');
    if (equals > 0) values[line.slice(0, equals)] = line.slice(equals + 1);
  }
  return values;
}

function bash(script: string, cwd: string, env: NodeJS.ProcessEnv): Promise<{ readonly code: number; readonly log: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['--noprofile', '--norc', '-eo', 'pipefail', script], { cwd, env });
    let log = '';
    child.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code: code ?? 1, log }));
  });
}

/** The runner's environment before GitHub's variables: this process's, without npm's and provider keys, no project's `node_modules/.bin` on PATH. */
function machineEnvironment(machine: RunnerMachine): NodeJS.ProcessEnv {
  const base = cleanEnvironment();
  const inherited = (base.PATH ?? '').split(path.delimiter).filter((entry) => entry !== '' && !entry.includes(`node_modules${path.sep}.bin`));
  return { ...base, ...machine.env, PATH: [...machine.path, ...inherited].join(path.delimiter) };
}

function githubContext(input: RunInput, runId: number, workspace: string, job: string, token: string): Record<string, Value> {
  const { event, sim } = input;
  const [owner = ''] = sim.repository.split('/');
  return {
    event_name: event.name,
    event: event.payload,
    repository: sim.repository,
    repository_owner: owner,
    ref: event.ref,
    ref_name: event.ref.replace(/^refs\/(heads|tags|pull)\//, ''),
    sha: event.sha,
    head_ref: event.headRef,
    base_ref: event.baseRef,
    run_id: String(runId),
    run_number: '1',
    run_attempt: '1',
    server_url: 'https://github.com',
    api_url: 'https://api.github.com',
    workspace,
    token,
    actor: 'docs-author',
    job,
  };
}

/** The `defaults.run` of the workflow under the job's. */
function runDefaults(workflow: Mapping, job: Mapping): { readonly shell: string; readonly workingDirectory: string | undefined } {
  const outer = mapping(mapping(workflow.defaults, 'defaults').run, 'defaults.run');
  const inner = mapping(mapping(job.defaults, 'job defaults').run, 'job defaults.run');
  const shell = (inner.shell ?? outer.shell ?? 'bash') as string;
  const workingDirectory = (inner['working-directory'] ?? outer['working-directory']) as string | undefined;
  return { shell, workingDirectory };
}

/**
 * The job's `GITHUB_TOKEN`: the run's, narrowed to the job's `permissions` as GitHub narrows it
 * (the fake `gh` lets it write to pull requests only with `pull-requests: write` or
 * `issues: write`, and never when the run's token is read-only, a fork's).
 */
async function jobToken(input: RunInput, jobId: string, job: Mapping): Promise<string> {
  if (job.permissions === undefined) return input.token;
  const permissions = mapping(job.permissions, `permissions of ${jobId}`);
  const token = `${input.token}-${jobId}`;
  await input.sim.gh.update((state) => {
    const base = state.tokens[input.token];
    if (base === undefined) throw new Error(`the fake gh does not know the run's token ${input.token}`);
    const write = base.write && (permissions['pull-requests'] === 'write' || permissions.issues === 'write');
    return { ...state, tokens: { ...state.tokens, [token]: { login: base.login, write } } };
  });
  return token;
}

/** The keys of a job and of a step the harness plays; any other (a matrix, a container, a step's own shell) throws. */
const JOB_KEYS = new Set(['name', 'if', 'runs-on', 'permissions', 'defaults', 'outputs', 'steps', 'needs', 'env', 'concurrency', 'timeout-minutes']);
const STEP_KEYS = new Set(['name', 'id', 'if', 'uses', 'run', 'with', 'env', 'working-directory', 'continue-on-error']);

function refuseUnknown(keys: readonly string[], known: ReadonlySet<string>, what: string): void {
  const unknown = keys.filter((key) => !known.has(key));
  if (unknown.length > 0) throw new Error(`the harness does not play ${unknown.join(', ')} of ${what}`);
}

async function runJob(input: RunInput, runId: number, jobId: string, job: Mapping, needs: Record<string, Value>, needsFailed: boolean): Promise<JobRecord> {
  refuseUnknown(Object.keys(job), JOB_KEYS, `job ${jobId}`);
  const folder = path.join(input.sim.runners, `${runId}-${jobId}`);
  const workspace = path.join(folder, 'work', input.sim.repository.split('/')[1] ?? 'repository');
  const temp = path.join(folder, 'temp');
  const files = path.join(folder, 'files');
  for (const dir of [workspace, temp, files]) await mkdir(dir, { recursive: true });
  const eventPath = path.join(files, 'event.json');
  await writeFile(eventPath, JSON.stringify(input.event.payload, null, 2));
  const token = await jobToken(input, jobId, job);
  const github = githubContext(input, runId, workspace, jobId, token);
  const runner: Record<string, Value> = { os: 'Linux', arch: 'X64', temp, name: 'harness' };
  const secrets: Record<string, Value> = { GITHUB_TOKEN: token, ...input.secrets };
  const jobContext: ExpressionContext = { contexts: { github, needs, inputs: {}, vars: {} }, status: { failed: needsFailed, cancelled: false } };
  if (!condition(job.if, jobContext)) return { result: 'skipped', outputs: {}, steps: [], summary: '', checkouts: [] };

  const defaults = runDefaults(input.workflow, job);
  if (defaults.shell !== 'bash') throw new Error(`the harness runs bash steps only, not ${defaults.shell}`);
  const steps: Record<string, Value> = {};
  const records: StepRecord[] = [];
  const checkouts: Checkout[] = [];
  const addedEnv: Record<string, string> = {};
  let summary = '';
  let failed = false;
  const base = machineEnvironment(input.machine);
  const list = (job.steps ?? []) as readonly Mapping[];
  for (const [index, step] of list.entries()) {
    refuseUnknown(Object.keys(step), STEP_KEYS, `a step of job ${jobId}`);
    const id = typeof step.id === 'string' ? step.id : undefined;
    const name = [step.name, step.uses, step.run].find((value): value is string => typeof value === 'string') ?? `step ${index}`;
    const outer: ExpressionContext = { contexts: { github, secrets, needs, vars: {} }, status: { failed, cancelled: false } };
    const outerEnv = { ...evaluated(mapping(input.workflow.env, 'env'), outer), ...evaluated(mapping(job.env, 'job env'), outer), ...addedEnv };
    const context: ExpressionContext = { contexts: { github, env: outerEnv, steps, needs, runner, secrets, job: { status: failed ? 'failure' : 'success' }, inputs: {}, vars: {} }, status: { failed, cancelled: false } };
    if (!condition(step.if, context)) {
      records.push({ name, id, outcome: 'skipped', conclusion: 'skipped', log: '', ms: 0 });
      if (id !== undefined) steps[id] = { outputs: {}, outcome: 'skipped', conclusion: 'skipped' };
      continue;
    }
    const started = Date.now();
    const env = { ...outerEnv, ...evaluated(mapping(step.env, 'step env'), context) };
    const stepFiles = { GITHUB_OUTPUT: path.join(files, `output-${index}`), GITHUB_ENV: path.join(files, `env-${index}`), GITHUB_STEP_SUMMARY: path.join(files, `summary-${index}`), GITHUB_PATH: path.join(files, `path-${index}`) };
    for (const file of Object.values(stepFiles)) await writeFile(file, '');
    let ok: boolean;
    let log: string;
    let outputs: Record<string, string> = {};
    if (typeof step.uses === 'string') {
      const result = await runAction(step.uses, evaluated(mapping(step.with, 'with'), context), { workspace, origin: input.sim.origin, event: input.event, token, artifacts: input.sim.artifacts, runId, checkouts });
      ({ ok, log } = result);
      outputs = { ...result.outputs };
    } else if (typeof step.run === 'string') {
      if (step.run.includes('${{')) throw new Error(`step '${name}' of job ${jobId} puts an expression inside its run: script; pass it through env:`);
      const relative = typeof step['working-directory'] === 'string' ? step['working-directory'] : defaults.workingDirectory;
      const cwd = path.resolve(workspace, relative === undefined ? '.' : interpolate(relative, context));
      const scriptFile = path.join(temp, `step-${index}.sh`);
      await writeFile(scriptFile, step.run);
      const variables = {
        ...base,
        CI: 'true',
        GITHUB_ACTIONS: 'true',
        GITHUB_EVENT_NAME: input.event.name,
        GITHUB_EVENT_PATH: eventPath,
        GITHUB_REPOSITORY: input.sim.repository,
        GITHUB_REPOSITORY_OWNER: asString(github.repository_owner ?? null),
        GITHUB_REF: input.event.ref,
        GITHUB_REF_NAME: asString(github.ref_name ?? null),
        GITHUB_SHA: input.event.sha,
        GITHUB_HEAD_REF: input.event.headRef,
        GITHUB_BASE_REF: input.event.baseRef,
        GITHUB_RUN_ID: String(runId),
        GITHUB_RUN_ATTEMPT: '1',
        GITHUB_JOB: jobId,
        GITHUB_ACTOR: 'docs-author',
        GITHUB_SERVER_URL: 'https://github.com',
        GITHUB_API_URL: 'https://api.github.com',
        GITHUB_WORKSPACE: workspace,
        RUNNER_TEMP: temp,
        RUNNER_OS: 'Linux',
        ...stepFiles,
        ...env,
      };
      if (!(await stat(cwd).catch(() => null))?.isDirectory()) {
        ok = false;
        log = `the working directory ${cwd} does not exist`;
      } else {
        const result = await bash(scriptFile, cwd, variables);
        ok = result.code === 0;
        log = result.code === 0 ? result.log : `${result.log}\nexit ${result.code}`;
      }
      outputs = environmentFile(await readFile(stepFiles.GITHUB_OUTPUT, 'utf8'));
      Object.assign(addedEnv, environmentFile(await readFile(stepFiles.GITHUB_ENV, 'utf8')));
      summary += await readFile(stepFiles.GITHUB_STEP_SUMMARY, 'utf8');
    } else {
      throw new Error(`step '${name}' of job ${jobId} has neither uses: nor run:`);
    }
    const outcome: Result = ok ? 'success' : 'failure';
    const conclusion: Result = ok || step['continue-on-error'] === true ? 'success' : 'failure';
    if (conclusion === 'failure') failed = true;
    records.push({ name, id, outcome, conclusion, log, ms: Date.now() - started });
    if (id !== undefined) steps[id] = { outputs, outcome, conclusion };
  }
  const endContext: ExpressionContext = { contexts: { github, steps, needs, runner, inputs: {}, vars: {} }, status: { failed, cancelled: false } };
  const outputs = evaluated(mapping(job.outputs, 'outputs'), endContext);
  return { result: failed ? 'failure' : 'success', outputs, steps: records, summary, checkouts };
}

/** Runs every job of the workflow for the event (see the module comment). */
export async function runWorkflow(input: RunInput): Promise<RunRecord> {
  const runId = input.sim.nextRunId();
  const jobs = mapping(input.workflow.jobs, 'jobs');
  const done: Record<string, JobRecord> = {};
  const pending = Object.keys(jobs);
  while (pending.length > 0) {
    const ready = pending.find((id) => {
      const needs = mapping(jobs[id], id).needs;
      const list = needs === undefined ? [] : Array.isArray(needs) ? (needs as string[]) : [needs as string];
      return list.every((need) => done[need] !== undefined);
    });
    if (ready === undefined) throw new Error(`jobs wait on each other: ${pending.join(', ')}`);
    pending.splice(pending.indexOf(ready), 1);
    const job = mapping(jobs[ready], ready);
    const needs = job.needs === undefined ? [] : Array.isArray(job.needs) ? (job.needs as string[]) : [job.needs as string];
    const needsContext: Record<string, Value> = Object.fromEntries(needs.map((need) => [need, { result: done[need]?.result ?? 'skipped', outputs: done[need]?.outputs ?? {} }]));
    done[ready] = await runJob(input, runId, ready, job, needsContext, needs.some((need) => done[need]?.result !== 'success'));
  }
  const results = Object.values(done).map((job) => job.result);
  const conclusion: Result = results.includes('failure') ? 'failure' : results.includes('success') ? 'success' : 'skipped';
  return { id: runId, name: typeof input.workflow.name === 'string' ? input.workflow.name : '', event: input.event, conclusion, jobs: done };
}

/**
 * The server's cold start, as a user meets it: `ask serve` (scripts/ask.js, tsx and all) spawned
 * on a digest, then one keyword `POST /api/ask` sent the moment it says it is listening. Timed
 * from the parent: spawn -> listening, listening -> first keyword answer (the digest is loaded on
 * the first request: spec "Index not built"), spawn -> first answer; then the second answer (warm).
 *
 * Beside it, the same handler fed the whole digest tree read into memory (`readDigestFolder` +
 * `parseDigestFiles`: how the worker bundle opens it, and how the Node adapter did before it
 * served the tables from disk), so the gain shows in the same run.
 *
 * Child mode: `tsx scripts/bench/serve-cold.ts --child memory --digest DIR` serves that variant.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { readDigestFolder } from '../../pipeline/adapters/digest-folder.ts';
import { serveFetch } from '../../pipeline/adapters/node.ts';
import { streamAgenticAnswerFor } from '../../pipeline/runtime/agentic-answer.ts';
import { createAskHandler } from '../../pipeline/runtime/handler.ts';
import { ROOT } from './eval.ts';

const ASK_BIN = path.join(ROOT, 'scripts', 'ask.js');
const ENDPOINT = '/api/ask';

export type ColdVariant = 'disk' | 'memory';

export interface ColdStart {
  /** Spawn to the "listening" line, ms. */
  readonly listenMs: number;
  /** Listening to the first keyword answer read in full (the digest loaded on that request), ms. */
  readonly firstAfterListenMs: number;
  /** Spawn to the first keyword answer, ms. */
  readonly firstTotalMs: number;
  /** The second keyword answer (warm), ms. */
  readonly secondMs: number;
  /** Results in the first answer (a check that the query matched). */
  readonly results: number;
  /** The server's resident memory after the two answers, bytes (Linux; 0 elsewhere). */
  readonly rssBytes: number;
}

/** The child's environment without provider keys, so `mode: keyword` is all it ever answers. */
function keylessEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([name]) => !/_API_KEY$|^TELEMETRY_/.test(name)));
}

function spawnServer(variant: ColdVariant, digestDir: string): ChildProcess {
  const args =
    variant === 'disk'
      ? [ASK_BIN, 'serve', '--digest', digestDir, '--host', '127.0.0.1', '--port', '0']
      : ['--import', 'tsx', import.meta.filename, '--child', 'memory', '--digest', digestDir];
  return spawn(process.execPath, args, { cwd: ROOT, env: keylessEnv(), stdio: ['ignore', 'pipe', 'inherit'] });
}

function listeningUrl(proc: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let buffer = '';
    const onData = (chunk: Buffer): void => {
      buffer += chunk.toString('utf8');
      const match = /(http:\/\/\S+)/.exec(buffer);
      if (match?.[1] === undefined || !buffer.includes('\n')) return;
      proc.stdout?.off('data', onData);
      resolve(match[1]);
    };
    proc.stdout?.on('data', onData);
    proc.once('error', reject);
    proc.once('exit', (code) => reject(new Error(`server exited with ${code} before listening`)));
  });
}

async function keyword(url: string, query: string): Promise<number> {
  const response = await fetch(`${url}${ENDPOINT}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query, mode: 'keyword' }) });
  const body = (await response.json()) as { results?: unknown[] };
  if (response.status !== 200 || !Array.isArray(body.results)) throw new Error(`cold start: ${response.status} ${JSON.stringify(body).slice(0, 200)}`);
  return body.results.length;
}

async function residentBytes(pid: number | undefined): Promise<number> {
  if (pid === undefined || process.platform !== 'linux') return 0;
  const { readFile } = await import('node:fs/promises');
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  const kilobytes = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
  return kilobytes === undefined ? 0 : Number(kilobytes) * 1024;
}

function stop(proc: ChildProcess): Promise<void> {
  return new Promise((done) => {
    if (proc.exitCode !== null || proc.signalCode !== null) return done();
    proc.removeAllListeners('exit');
    proc.once('exit', () => done());
    proc.kill('SIGTERM');
  });
}

/** One cold start of a fresh server process. */
export async function coldStartOnce(variant: ColdVariant, digestDir: string, query: string): Promise<ColdStart> {
  const started = performance.now();
  const proc = spawnServer(variant, digestDir);
  try {
    const url = await listeningUrl(proc);
    const listening = performance.now();
    const results = await keyword(url, query);
    const first = performance.now();
    await keyword(url, query);
    const second = performance.now();
    return {
      listenMs: listening - started,
      firstAfterListenMs: first - listening,
      firstTotalMs: first - started,
      secondMs: second - first,
      results,
      rssBytes: await residentBytes(proc.pid),
    };
  } finally {
    await stop(proc);
  }
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** The median of `runs` cold starts (each figure's own median). */
export async function coldStart(variant: ColdVariant, digestDir: string, query: string, runs: number): Promise<ColdStart> {
  const all: ColdStart[] = [];
  for (let run = 0; run < runs; run += 1) all.push(await coldStartOnce(variant, digestDir, query));
  const of = (pick: (start: ColdStart) => number): number => median(all.map(pick));
  return {
    listenMs: of((start) => start.listenMs),
    firstAfterListenMs: of((start) => start.firstAfterListenMs),
    firstTotalMs: of((start) => start.firstTotalMs),
    secondMs: of((start) => start.secondMs),
    results: of((start) => start.results),
    rssBytes: of((start) => start.rssBytes),
  };
}

/** Child side: the handler over the whole tree read into memory. */
async function serveInMemory(digestDir: string): Promise<void> {
  const handler = createAskHandler({
    digest: () => readDigestFolder(digestDir),
    archive: () => Promise.resolve(new Uint8Array(0)),
    streamAgentic: streamAgenticAnswerFor,
    log: () => {},
  });
  const server = await serveFetch(handler, '127.0.0.1', 0);
  process.stdout.write(`listening on ${server.url}\n`);
}

if (process.argv[1] === import.meta.filename) {
  const { values } = parseArgs({ options: { child: { type: 'string' }, digest: { type: 'string' }, query: { type: 'string' }, runs: { type: 'string' } } });
  if (values.child === 'memory' && values.digest !== undefined) {
    await serveInMemory(values.digest);
  } else if (values.digest !== undefined) {
    const runs = Number(values.runs ?? '3');
    for (const variant of ['disk', 'memory'] as const) console.log(variant, JSON.stringify(await coldStart(variant, values.digest, values.query ?? 'install', runs)));
  }
}

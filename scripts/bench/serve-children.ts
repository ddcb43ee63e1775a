/**
 * The servers `bench:serve` loads, each in a child process of its own (autocannon stays in the
 * parent), talking to the parent over IPC: the URL once listening, and on request the CPU time the
 * process has used, so a figure per request does not depend on what else the machine runs.
 *
 * - `ours`: first times `searchKeyword` alone on the benchmark's queries, on the tables loaded as
 *   the Node adapter loads them (`loadDigestFolder`), in this same process; then serves
 *   `createNodeAskHandler` + `serveFetch`, as `ask serve` does.
 * - `minimal`: the least a keyword route can be on the same stack: `serveFetch` around a one-route
 *   Hono app that parses the body, calls `searchKeyword` and writes the JSON (what our handler's
 *   own layers add shows against it).
 * - `ceiling`: a bare `node:http` server answering fixed bytes (what HTTP alone costs).
 *
 * Child mode: `tsx scripts/bench/serve-children.ts ours|minimal <digest> <queries.json>` or `ceiling <body file>`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { Hono } from 'hono';
import { loadDigestFolder } from '../../pipeline/adapters/digest-folder.ts';
import { createNodeAskHandler, serveFetch } from '../../pipeline/adapters/node.ts';
import { searchKeyword } from '../../pipeline/search/score.ts';
import { ROOT } from './eval.ts';

/** `searchKeyword` alone, looping over the queries in the server's process before it serves. */
export interface BareRate {
  /** Queries per second, wall clock, one thread. */
  readonly perSecond: number;
  /** CPU time per query, µs. */
  readonly cpuMicros: number;
  /** CPU time per query with the route's response body written as JSON too, µs. */
  readonly withJsonMicros: number;
  readonly queries: number;
}

export interface ChildServer {
  readonly url: string;
  readonly bare: BareRate | null;
  /** The CPU time the child has used so far, µs: user + system, and system alone (the kernel's share: sockets). */
  readonly cpuMicros: () => Promise<CpuTime>;
  readonly stop: () => Promise<void>;
}

export interface CpuTime {
  readonly total: number;
  readonly system: number;
}

type ToParent = { readonly url: string; readonly bare: BareRate | null } | { readonly cpu: CpuTime };

const cpuNow = (): number => {
  const { user, system } = process.cpuUsage();
  return user + system;
};

function reportToParent(message: ToParent): void {
  process.send?.(message);
}

/** Answers the parent's CPU questions for the life of the child. */
function answerCpuQuestions(): void {
  process.on('message', (message) => {
    if (message === 'cpu') {
      const { user, system } = process.cpuUsage();
      reportToParent({ cpu: { total: user + system, system } });
    }
  });
}

async function bareRate(digestDir: string, queries: readonly string[], seconds: number): Promise<BareRate> {
  const { index } = await loadDigestFolder(digestDir);
  const run = (milliseconds: number, search: (query: string) => unknown): { count: number; wall: number; cpu: number } => {
    const start = performance.now();
    const cpu = cpuNow();
    let count = 0;
    while (performance.now() - start < milliseconds) search(queries[count++ % queries.length] ?? '');
    return { count, wall: performance.now() - start, cpu: cpuNow() - cpu };
  };
  const alone = (query: string): unknown => searchKeyword(index, query);
  // as the route writes it (the model named as the route names it)
  const withJson = (query: string): unknown => JSON.stringify({ results: searchKeyword(index, query), query, model: 'claude-sonnet-4-5', mode: 'keyword' });
  run(1000, alone); // warm-up: every posting list the queries use decoded, the scorer optimised
  // a turn of the event loop, so that what the loader finishes in the background (a table read whole) is done, as in a serving process
  await new Promise((resolve) => setTimeout(resolve, 100));
  const { count, wall, cpu } = run(seconds * 1000, alone);
  const json = run(seconds * 1000, withJson);
  return { perSecond: count / (wall / 1000), cpuMicros: cpu / count, withJsonMicros: json.cpu / json.count, queries: queries.length };
}

async function childOurs(digestDir: string, queriesFile: string, bareSeconds: number): Promise<void> {
  const queries = JSON.parse(await readFile(queriesFile, 'utf8')) as string[];
  const bare = await bareRate(digestDir, queries, bareSeconds);
  const handler = createNodeAskHandler({ digestDir, log: () => {} });
  const server = await serveFetch(handler, '127.0.0.1', 0);
  answerCpuQuestions();
  reportToParent({ url: server.url, bare });
}

async function childMinimal(digestDir: string): Promise<void> {
  const { index } = await loadDigestFolder(digestDir);
  const app = new Hono();
  app.post('/api/ask', async (c) => {
    const { query } = JSON.parse(await c.req.raw.text()) as { query: string };
    const body = JSON.stringify({ results: searchKeyword(index, query), query, model: 'claude-sonnet-4-5', mode: 'keyword' });
    return new Response(body, { headers: { 'content-type': 'application/json; charset=utf-8' } });
  });
  const server = await serveFetch(async (request) => app.fetch(request), '127.0.0.1', 0);
  answerCpuQuestions();
  reportToParent({ url: server.url, bare: null });
}

async function childCeiling(bodyFile: string): Promise<void> {
  const body = await readFile(bodyFile);
  const server = createServer((request, response) => {
    // drain the request body like a real handler would, then answer the fixed bytes
    request.resume();
    request.on('end', () => {
      response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
      response.end(body);
    });
  });
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    if (address === null || typeof address === 'string') throw new Error('no address');
    answerCpuQuestions();
    reportToParent({ url: `http://127.0.0.1:${address.port}`, bare: null });
  });
}

/** Starts a child server and resolves once it listens. */
export function startChildServer(args: readonly string[]): Promise<ChildServer> {
  return new Promise((resolve, reject) => {
    const proc: ChildProcess = spawn(process.execPath, ['--import', 'tsx', import.meta.filename, ...args], { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    const cpuWaiters: ((time: CpuTime) => void)[] = [];
    proc.on('message', (message: ToParent) => {
      if ('cpu' in message) {
        cpuWaiters.shift()?.(message.cpu);
        return;
      }
      resolve({
        url: message.url,
        bare: message.bare,
        cpuMicros: () =>
          new Promise((answered) => {
            cpuWaiters.push(answered);
            proc.send('cpu');
          }),
        stop: () =>
          new Promise<void>((done) => {
            if (proc.exitCode !== null || proc.signalCode !== null) return done();
            proc.removeAllListeners('exit');
            proc.once('exit', () => done());
            proc.kill('SIGTERM');
          }),
      });
    });
    proc.once('error', reject);
    proc.once('exit', (code) => reject(new Error(`server child exited with ${code} before listening`)));
  });
}

if (process.argv[1] === import.meta.filename) {
  const [mode, first, second, third] = process.argv.slice(2);
  if (mode === 'ours' && first !== undefined && second !== undefined) await childOurs(first, second, Number(third ?? '3'));
  else if (mode === 'minimal' && first !== undefined) await childMinimal(first);
  else if (mode === 'ceiling' && first !== undefined) await childCeiling(first);
  else throw new Error('usage: serve-children.ts ours <digest> <queries.json> [bare seconds] | minimal <digest> | ceiling <body file>');
}

/**
 * `npm run bench:serve`: autocannon against our Node server (`createNodeAskHandler` +
 * `serveFetch`) on `POST /api/ask` (keyword mode) and `GET /api/ask/sections/{id}`, beside a
 * bare `node:http` server answering a fixed JSON body (the ceiling), in the same run.
 *
 * Each server runs in a child process of its own (autocannon stays in this one), so the load
 * generator and the server each have a core. Requests rotate over the labelled queries and
 * the section ids of the digest. The digest is `digest/`, else one built into a temporary folder.
 *
 * Options: `--duration 10` (seconds per target), `--connections 32`. Writes `bench-results/serve.md`.
 */
import { publishResults } from './results.ts';
import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createNodeAskHandler, serveFetch } from '../../pipeline/adapters/node.ts';
import { buildDigest } from '../../pipeline/build/build.ts';
import { readManifest } from '../../pipeline/digest/read.ts';
import { createOfflineDistiller } from '../../pipeline/distill/offline/index.ts';
import { COMMITTED_DIGEST_DIR, FIXTURES_DIR, loadEvalQueries, ROOT } from './eval.ts';

const THIS_FILE = fileURLToPath(import.meta.url);
const ENDPOINT = '/api/ask';
/** Target: the keyword route at half the bare server's throughput or better. */
const TARGET_KEYWORD_RATIO = 0.5;

// ---------------------------------------------------------------------------------------
// Child side: one server, its URL on the first stdout line, until killed

async function serveOurs(digestDir: string): Promise<void> {
  const handler = createNodeAskHandler({ digestDir, log: () => {} });
  const server = await serveFetch(handler, '127.0.0.1', 0);
  process.stdout.write(`${server.url}\n`);
}

async function serveCeiling(bodyFile: string): Promise<void> {
  const { readFile } = await import('node:fs/promises');
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
    process.stdout.write(`http://127.0.0.1:${address.port}\n`);
  });
}

// ---------------------------------------------------------------------------------------
// Parent side

interface Running {
  readonly url: string;
  readonly stop: () => Promise<void>;
}

function startChild(args: readonly string[]): Promise<Running> {
  return new Promise((resolve, reject) => {
    const proc: ChildProcess = spawn(process.execPath, ['--import', 'tsx', THIS_FILE, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
    let buffer = '';
    const onData = (chunk: Buffer): void => {
      buffer += chunk.toString('utf8');
      const newline = buffer.indexOf('\n');
      if (newline === -1) return;
      proc.stdout?.off('data', onData);
      const url = buffer.slice(0, newline).trim();
      resolve({
        url,
        stop: () =>
          new Promise<void>((done) => {
            if (proc.exitCode !== null) return done();
            proc.once('exit', () => done());
            proc.kill('SIGTERM');
          }),
      });
    };
    proc.stdout?.on('data', onData);
    proc.once('error', reject);
    proc.once('exit', (code) => {
      if (!buffer.includes('\n')) reject(new Error(`server child exited with ${code} before listening`));
    });
  });
}

/** The digest to serve: `digest/` when it has a manifest, else a fresh offline build of the fixtures. */
async function digestToServe(): Promise<{ dir: string; dispose: () => Promise<void>; origin: string }> {
  if ((await readManifest(COMMITTED_DIGEST_DIR).catch(() => null)) !== null) return { dir: COMMITTED_DIGEST_DIR, dispose: async () => {}, origin: 'digest/' };
  const temporary = await mkdtemp(path.join(os.tmpdir(), 'ask-bench-serve-'));
  const dir = path.join(temporary, 'digest');
  await buildDigest({ contentDir: FIXTURES_DIR, outDir: dir, siteUrl: '', distiller: createOfflineDistiller(), concurrency: 4, force: false, cacheDir: null, now: () => performance.now() });
  return { dir, dispose: () => rm(temporary, { recursive: true, force: true }), origin: 'built offline into a temporary folder' };
}

interface Target {
  readonly name: string;
  readonly method: 'GET' | 'POST';
  /** Request paths and bodies to rotate over. */
  readonly requests: readonly { readonly path: string; readonly body?: string }[];
}

interface Measured {
  readonly name: string;
  readonly rps: number;
  readonly p50: number;
  readonly p99: number;
  readonly errors: number;
  readonly non2xx: number;
  readonly total: number;
}

function load(url: string, target: Target, duration: number, connections: number): Promise<Measured> {
  let turn = 0;
  const headers = target.method === 'POST' ? { 'content-type': 'application/json' } : {};
  const first = target.requests[0];
  if (first === undefined) throw new Error(`${target.name}: no requests`);
  return autocannon({
    url,
    connections,
    duration,
    method: target.method,
    headers,
    requests: [
      {
        method: target.method,
        path: first.path,
        ...(first.body === undefined ? {} : { body: first.body }),
        setupRequest: (request) => {
          const next = target.requests[turn % target.requests.length] ?? first;
          turn += 1;
          return { ...request, path: next.path, ...(next.body === undefined ? {} : { body: next.body }) };
        },
      },
    ],
  }).then((result) => ({
    name: target.name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    total: result.requests.total,
  }));
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      duration: { type: 'string', default: '10' },
      connections: { type: 'string', default: '32' },
      serve: { type: 'string' },
      digest: { type: 'string' },
      body: { type: 'string' },
    },
  });
  if (values.serve === 'ours') return serveOurs(values.digest ?? COMMITTED_DIGEST_DIR);
  if (values.serve === 'ceiling') return serveCeiling(values.body ?? '');
  const duration = Number(values.duration);
  const connections = Number(values.connections);
  const started = performance.now();

  const digest = await digestToServe();
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'ask-bench-serve-body-'));
  const ours = await startChild(['--serve', 'ours', '--digest', digest.dir]);
  let ceiling: Running | null = null;
  try {
    const queries = (await loadEvalQueries()).map((query) => query.query);
    const sectionsResponse = await fetch(`${ours.url}${ENDPOINT}/sections`);
    const { sections } = (await sectionsResponse.json()) as { sections: { id: string }[] };
    const keyword: Target = {
      name: `POST ${ENDPOINT} (keyword)`,
      method: 'POST',
      requests: queries.map((query) => ({ path: ENDPOINT, body: JSON.stringify({ query, mode: 'keyword' }) })),
    };
    const section: Target = {
      name: `GET ${ENDPOINT}/sections/{id}`,
      method: 'GET',
      requests: sections.map(({ id }) => ({ path: `${ENDPOINT}/sections/${encodeURIComponent(id)}` })),
    };
    // the ceiling answers a typical keyword response, byte for byte
    const sample = await fetch(`${ours.url}${ENDPOINT}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: keyword.requests[0]?.body ?? '{}' });
    const sampleBody = Buffer.from(await sample.arrayBuffer());
    const bodyFile = path.join(scratch, 'body.json');
    await writeFile(bodyFile, sampleBody);
    ceiling = await startChild(['--serve', 'ceiling', '--body', bodyFile]);
    const bare: Target[] = [
      { name: 'bare node:http, POST, fixed JSON (ceiling)', method: 'POST', requests: keyword.requests },
      { name: 'bare node:http, GET, fixed JSON (ceiling)', method: 'GET', requests: section.requests },
    ];

    const warm = async (url: string, target: Target): Promise<void> => {
      await load(url, target, 2, connections);
    };
    const results: Measured[] = [];
    for (const [url, target] of [
      [ceiling.url, bare[0]],
      [ours.url, keyword],
      [ceiling.url, bare[1]],
      [ours.url, section],
    ] as const) {
      if (target === undefined) continue;
      await warm(url, target);
      console.error(`[bench:serve] ${target.name}: ${duration} s, ${connections} connections...`);
      results.push(await load(url, target, duration, connections));
    }
    const [bareKeyword, oursKeyword, bareSection, oursSection] = results;
    const ratio = (a: Measured | undefined, b: Measured | undefined): string => (a && b && b.rps > 0 ? (a.rps / b.rps).toFixed(2) : '—');
    const row = (m: Measured | undefined, versus: Measured | undefined): string =>
      m ? `| ${m.name} | ${m.rps.toFixed(0)} | ${m.p50} | ${m.p99} | ${versus ? ratio(m, versus) : '1.00'} | ${m.errors} | ${m.non2xx} |` : '';
    const keywordRatio = oursKeyword && bareKeyword ? oursKeyword.rps / bareKeyword.rps : 0;
    const text = [
      '# Serve benchmark',
      '',
      `\`npm run bench:serve\`, Node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${os.platform()}. autocannon, ${connections} connections, ${duration} s per target after a 2 s warm-up; each server in a child process of its own, autocannon in the parent. Digest: ${digest.origin}. Keyword requests rotate over the ${keyword.requests.length} labelled queries; section requests over the ${section.requests.length} section ids. The ceiling answers the keyword response of the first query (${sampleBody.length} bytes) without computing anything.`,
      '',
      '| target | requests/s | p50 ms | p99 ms | ratio to ceiling | errors | non-2xx |',
      '|---|---:|---:|---:|---:|---:|---:|',
      row(bareKeyword, undefined),
      row(oursKeyword, bareKeyword),
      row(bareSection, undefined),
      row(oursSection, bareSection),
      '',
      `Target: the keyword route at ≥ ${TARGET_KEYWORD_RATIO} of the ceiling: ${keywordRatio.toFixed(2)}, ${keywordRatio >= TARGET_KEYWORD_RATIO ? 'ok' : 'MISSED'}.`,
      '',
      `Total ${((performance.now() - started) / 1000).toFixed(0)} s.`,
      '',
    ].join('\n');
    console.log(text);
    await publishResults('serve', text);
  } finally {
    await ours.stop();
    await ceiling?.stop();
    await rm(scratch, { recursive: true, force: true });
    await digest.dispose();
  }
}

await main();

/**
 * `npm run bench:edge`: the same digest served on Node and on workerd (miniflare), its digest
 * read through the storage seam.
 *
 * Targets, each over HTTP on this machine: `ask serve` (the Node handler over the digest folder),
 * the Node handler over the edge layout in a local folder (the storage seam alone, no workerd),
 * the built worker (`ask worker build`) on workerd with the static assets binding, and the same
 * built with `--r2` over a miniflare R2 bucket. For each: the first keyword answer (from the
 * server ready to the first answer: the digest's tables loaded through the store) and warm
 * keyword answers (every query once to warm, then `--rounds` rounds), median and p90.
 *
 * The digest: the generated corpus of `bench:build` (`--pages 2000`, seed 1), built offline into
 * `<tmpdir>/ask-bench-edge/p<pages>` when missing. Writes `bench-results/edge.md`.
 */
import { readFile, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createNodeAskHandler, serveFetch } from '../../pipeline/adapters/node.ts';
import { folderStorage } from '../../pipeline/adapters/folder-storage.ts';
import { streamAgenticAnswerFor } from '../../pipeline/runtime/agentic-answer.ts';
import { createAskHandler } from '../../pipeline/runtime/handler.ts';
import { storageUnder } from '../../pipeline/runtime/storage/storage.ts';
import { storedDigestSource } from '../../pipeline/runtime/storage/stored-digest.ts';
import { assetsWorkerTarget, buildEdge, r2WorkerTarget } from '../../test/edge/edge-targets.ts';
import { buildGeneratedDigest } from '../../test/edge/large-digest.ts';
import type { RouteTarget } from '../../test/support/route-targets.ts';
import { publishResults } from './results.ts';

const MB = 1024 * 1024;

interface Measured {
  readonly name: string;
  readonly firstMs: number;
  readonly p50: number;
  readonly p90: number;
  /** p50 of a keyword request with an empty query (answered with no search): what reaching the handler costs on this target. */
  readonly floor: number;
}

const quantile = (sorted: readonly number[], q: number): number => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;

/** Keyword queries from the digest's page titles: the first two words of every so many titles. */
async function queriesOf(digestDir: string, count: number): Promise<string[]> {
  const lines = (await readFile(path.join(digestDir, 'search', 'pages.txt'), 'utf8')).split('\n').filter((line) => line !== '');
  const step = Math.max(1, Math.floor(lines.length / count));
  const queries: string[] = [];
  for (let at = 0; at < lines.length && queries.length < count; at += step) {
    const title = lines[at]?.split('\t')[1] ?? '';
    queries.push(title.split(/\s+/).slice(0, 2).join(' ').toLowerCase());
  }
  return queries;
}

function keywordInit(query: string): RequestInit {
  return { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query, mode: 'keyword' }) };
}

async function timed(target: RouteTarget, query: string): Promise<number> {
  const started = performance.now();
  const response = await target.fetch('/api/ask', keywordInit(query));
  const body = (await response.json()) as { results?: unknown[] };
  if (response.status !== 200 || !Array.isArray(body.results)) throw new Error(`keyword answer ${response.status}`);
  return performance.now() - started;
}

/** A target by name, the time of its first keyword answer, then its warm times and floors as they are taken. */
interface Running {
  readonly name: string;
  readonly target: RouteTarget;
  readonly firstMs: number;
  readonly times: number[];
  readonly floors: number[];
}

async function started(name: string, target: RouteTarget, first: string): Promise<Running> {
  return { name, target, firstMs: await timed(target, first), times: [], floors: [] };
}

/**
 * Warm times, interleaved: every query once on every target to warm, then round after round each
 * query on each target in turn, so that what else the machine runs weighs on all of them alike;
 * then as many keyword requests with an empty query (the floor), interleaved the same way.
 */
async function measureAll(running: readonly Running[], queries: readonly string[], rounds: number): Promise<Measured[]> {
  for (const query of queries) for (const one of running) await timed(one.target, query);
  for (let round = 0; round < rounds; round += 1) {
    for (const query of queries) for (const one of running) one.times.push(await timed(one.target, query));
  }
  for (let at = 0; at < rounds * queries.length; at += 1) {
    for (const one of running) {
      const begun = performance.now();
      await (await one.target.fetch('/api/ask', keywordInit(''))).arrayBuffer();
      one.floors.push(performance.now() - begun);
    }
  }
  return running.map((one) => {
    const times = [...one.times].sort((a, b) => a - b);
    const floors = [...one.floors].sort((a, b) => a - b);
    return { name: one.name, firstMs: one.firstMs, p50: quantile(times, 0.5), p90: quantile(times, 0.9), floor: quantile(floors, 0.5) };
  });
}

/** A Node handler served over HTTP on port 0, as a route target. */
async function nodeTarget(handler: (request: Request) => Promise<Response>): Promise<RouteTarget> {
  const server = await serveFetch(handler, '127.0.0.1', 0);
  return { fetch: (requestPath, init) => fetch(`${server.url}${requestPath}`, init), close: server.close };
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { pages: { type: 'string', default: '2000' }, queries: { type: 'string', default: '40' }, rounds: { type: 'string', default: '10' } } });
  const pages = Number(values.pages);
  const dir = path.join(os.tmpdir(), 'ask-bench-edge', `p${pages}`);
  const digestDir = path.join(dir, 'digest');
  const built = await stat(path.join(digestDir, 'manifest.json')).then(() => true, () => false);
  if (!built) {
    console.log(`building the generated corpus of ${pages} pages offline into ${dir}`);
    await buildGeneratedDigest(dir, pages);
  }
  const assetsOut = path.join(dir, 'edge-assets');
  const r2Out = path.join(dir, 'edge-r2');
  const assetsBuild = await buildEdge(digestDir, assetsOut);
  await buildEdge(digestDir, r2Out, 'ask-docs');
  const queries = await queriesOf(digestDir, Number(values.queries));
  const rounds = Number(values.rounds);

  const first = queries[0] ?? 'install';
  const running: Running[] = [];
  try {
    running.push(await started('Node, `ask serve` (digest folder)', await nodeTarget(createNodeAskHandler({ digestDir, processEnv: {}, log: () => {} })), first));
    const local = storedDigestSource(storageUnder(folderStorage(path.join(assetsOut, 'assets')), assetsBuild.layout.root));
    const seam = createAskHandler({ load: local.load, archive: local.archive, streamAgentic: streamAgenticAnswerFor, processEnv: {}, log: () => {} });
    running.push(await started('Node, edge layout in a folder (the storage seam)', await nodeTarget((request) => seam(request)), first));
    running.push(await started('workerd (miniflare), static assets', await assetsWorkerTarget(assetsOut), first));
    running.push(await started('workerd (miniflare), R2 bucket', await r2WorkerTarget(r2Out), first));
  } catch (error) {
    for (const one of running) await one.target.close();
    throw error;
  }
  const results = await measureAll(running, queries, rounds).finally(async () => {
    for (const one of running) await one.target.close();
  });

  const node = results[0];
  const ratio = (value: number, of: number | undefined): string => (of === undefined ? '-' : `${(value / of).toFixed(2)}×`);
  const rows = results.map((row) => `| ${row.name} | ${row.firstMs.toFixed(1)} | ${row.p50.toFixed(2)} | ${row.p90.toFixed(2)} | ${ratio(row.p50, node?.p50)} | ${row.floor.toFixed(2)} | ${(row.p50 - row.floor).toFixed(2)} | ${ratio(row.p50 - row.floor, node ? node.p50 - node.floor : undefined)} |`);
  const markdown = [
    '# Edge: the same digest on Node and on workerd',
    '',
    `\`npm run bench:edge\`, Node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${os.platform()}. The generated corpus of \`bench:build\` at ${pages} pages (seed 1), built offline. Every target is reached over HTTP on this machine (miniflare's \`dispatchFetch\` for workerd). First answer: the first keyword request after the server is ready, which loads the digest's tables (through the store on the edge targets). Warm: ${queries.length} queries from page titles, each once on every target to warm, then ${rounds} rounds, each query on each target in turn (so that the machine's other load weighs on all alike); median (p50) and p90 of ${queries.length * rounds} requests per target.`,
    '',
    `Built worker: \`worker.js\` ${(assetsBuild.bytes / MB).toFixed(2)} MB, ${(assetsBuild.gzipBytes / MB).toFixed(2)} MB gzip; the digest as ${assetsBuild.layout.files} asset files, ${(assetsBuild.layout.bytes / MB).toFixed(1)} MB.`,
    '',
    '| target | first keyword answer (ms) | warm p50 (ms) | warm p90 (ms) | p50 / Node | floor p50 (ms) | p50 - floor (ms) | (p50 - floor) / Node |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    ...rows,
    '',
    'Floor: the median of `POST /api/ask` with an empty query (the body read and answered at once, no search) on the same target, as many times: what reaching the handler costs there (for workerd, miniflare\'s loopback HTTP and its entry and assets-router workers). `p50 - floor` is the keyword search\'s own cost.',
    '',
    'Aim (issue 26): warm p50 on workerd within 2× of Node.',
    '',
  ].join('\n');
  await publishResults('edge', markdown);
  console.log(markdown);
}

await main();

/**
 * `npm run bench:serve`: the Node server as `ask serve` runs it.
 *
 * 1. Throughput: autocannon against our server (`createNodeAskHandler` + `serveFetch`) on
 *    `POST /api/ask` (keyword mode) and `GET /api/ask/sections/{id}`, beside a bare `node:http`
 *    server answering a fixed JSON body (the ceiling), in the same run. Each server runs in a child
 *    process of its own (serve-children.ts; autocannon stays in this one) and reports the CPU time
 *    it used, so each target also has a CPU cost per request that does not depend on what else
 *    the machine runs.
 * 2. The keyword route beside `searchKeyword` alone on the same queries, timed in the server's own
 *    process before it serves: what the HTTP layer costs on top of the scorer.
 * 3. Cold start (serve-cold.ts): `ask serve` spawned on generated corpora of 1k and 10k pages
 *    (built offline when missing, serve-corpus.ts), timed to listening and to its first keyword
 *    answer, beside the same handler fed the whole tree read into memory.
 *
 * Requests rotate over the labelled queries and the section ids of the content-fixtures digest
 * (`digest/` when current, else a temporary offline build).
 *
 * Options: `--duration 10` (seconds per target), `--connections 32`, `--bare-seconds 3`,
 * `--cold-pages 1000,10000` (empty: no cold starts), `--cold-runs 3`. Writes `bench-results/serve.md`.
 */
import autocannon from 'autocannon';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { fixtureDigest, loadEvalQueries } from './eval.ts';
import { publishResults } from './results.ts';
import { startChildServer, type ChildServer } from './serve-children.ts';
import { coldStart, type ColdStart } from './serve-cold.ts';
import { ensureServeCorpus } from './serve-corpus.ts';

const ENDPOINT = '/api/ask';
/** Target: the keyword route at half the bare server's throughput or better. */
const TARGET_KEYWORD_RATIO = 0.5;
/** Target: the HTTP layer costs at most a third: the route at 2/3 of `searchKeyword` alone or better. */
const TARGET_ROUTE_TO_BARE = 2 / 3;

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
  /** The server's CPU time per request, µs, and the kernel's part of it. */
  readonly cpuMicros: number;
  readonly systemMicros: number;
}

function load(url: string, target: Target, duration: number, connections: number): Promise<autocannon.Result> {
  let turn = 0;
  const first = target.requests[0];
  if (first === undefined) throw new Error(`${target.name}: no requests`);
  return autocannon({
    url,
    connections,
    duration,
    method: target.method,
    headers: target.method === 'POST' ? { 'content-type': 'application/json' } : {},
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
  });
}

async function measure(server: ChildServer, target: Target, duration: number, connections: number): Promise<Measured> {
  await load(server.url, target, 2, connections); // warm-up
  console.error(`[bench:serve] ${target.name}: ${duration} s, ${connections} connections...`);
  const cpuBefore = await server.cpuMicros();
  const result = await load(server.url, target, duration, connections);
  const cpuAfter = await server.cpuMicros();
  const per = (micros: number): number => (result.requests.total > 0 ? micros / result.requests.total : Number.NaN);
  return {
    name: target.name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    total: result.requests.total,
    cpuMicros: per(cpuAfter.total - cpuBefore.total),
    systemMicros: per(cpuAfter.system - cpuBefore.system),
  };
}

interface ColdRow {
  readonly pages: number;
  readonly sections: number;
  readonly disk: ColdStart;
  readonly memory: ColdStart;
}

async function coldRows(pagesList: readonly number[], runs: number): Promise<ColdRow[]> {
  const rows: ColdRow[] = [];
  for (const pages of pagesList) {
    const corpus = await ensureServeCorpus(pages, 1, (line) => console.error(line));
    // the digest's own first suggestion: a query every digest answers
    const { suggestions } = JSON.parse(await readFile(path.join(corpus.digestDir, 'suggestions.json'), 'utf8')) as { suggestions: string[] };
    const query = suggestions[0] ?? 'install';
    console.error(`[bench:serve] cold starts on ${pages} pages (${runs} of each)...`);
    const disk = await coldStart('disk', corpus.digestDir, query, runs);
    const memory = await coldStart('memory', corpus.digestDir, query, runs);
    rows.push({ pages, sections: corpus.sections, disk, memory });
  }
  return rows;
}

const ms = (value: number): string => value.toFixed(value < 10 ? 1 : 0);
const micros = (value: number): string => (Number.isFinite(value) ? value.toFixed(0) : '—');
const mark = (ok: boolean): string => (ok ? 'ok' : 'MISSED');

function coldTable(rows: readonly ColdRow[]): string[] {
  if (rows.length === 0) return [];
  const line = (row: ColdRow, name: string, start: ColdStart): string =>
    `| ${row.pages.toLocaleString('en-US')} (${row.sections.toLocaleString('en-US')}) | ${name} | ${ms(start.listenMs)} | ${ms(start.firstAfterListenMs)} | ${ms(start.firstTotalMs)} | ${ms(start.secondMs)} | ${(start.rssBytes / 1024 ** 2).toFixed(0)} |`;
  return [
    '## Cold start',
    '',
    "`ask serve --port 0` spawned on a generated corpus's offline digest, one keyword `POST /api/ask` (the digest's first suggestion) sent the moment it prints `listening on`; the digest is loaded on that first request (spec: \"Index not built\" until the first request). Times in ms from the parent, median of the runs; RSS after two answers. *disk*: the Node adapter as it serves (`loadDigestFolder`: the search tables from `loadSearchIndex`, the section table left on disk, the manifest's head read, no section node read before a route asks). *whole tree in memory*: the same handler fed every file of the tree read into strings (`readDigestFolder` + `parseDigestFiles`, the worker bundle's way, and the Node adapter's before).",
    '',
    '| pages (sections) | digest read | spawn → listening | listening → first answer | spawn → first answer | second answer | RSS MiB |',
    '|---|---|---:|---:|---:|---:|---:|',
    ...rows.flatMap((row) => [line(row, 'disk (`ask serve`)', row.disk), line(row, 'whole tree in memory', row.memory)]),
    '',
  ];
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      duration: { type: 'string', default: '10' },
      connections: { type: 'string', default: '32' },
      'bare-seconds': { type: 'string', default: '3' },
      'cold-pages': { type: 'string', default: '1000,10000' },
      'cold-runs': { type: 'string', default: '3' },
    },
  });
  const duration = Number(values.duration);
  const connections = Number(values.connections);
  const started = performance.now();

  const digest = await fixtureDigest();
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'ask-bench-serve-'));
  const queries = (await loadEvalQueries()).map((query) => query.query);
  const queriesFile = path.join(scratch, 'queries.json');
  await writeFile(queriesFile, JSON.stringify(queries));
  const ours = await startChildServer(['ours', digest.dir, queriesFile, values['bare-seconds']]);
  let ceiling: ChildServer | null = null;
  try {
    const { sections } = (await (await fetch(`${ours.url}${ENDPOINT}/sections`)).json()) as { sections: { id: string }[] };
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
    ceiling = await startChildServer(['ceiling', bodyFile]);

    const bareKeyword = await measure(ceiling, { name: 'bare node:http, POST, fixed JSON (ceiling)', method: 'POST', requests: keyword.requests }, duration, connections);
    const oursKeyword = await measure(ours, keyword, duration, connections);
    const minimal = await startChildServer(['minimal', digest.dir]);
    const minimalKeyword = await measure(minimal, { name: `minimal one-route Hono app, same search and JSON`, method: 'POST', requests: keyword.requests }, duration, connections).finally(() => minimal.stop());
    const bareSection = await measure(ceiling, { name: 'bare node:http, GET, fixed JSON (ceiling)', method: 'GET', requests: section.requests }, duration, connections);
    const oursSection = await measure(ours, section, duration, connections);
    await ceiling.stop();
    await ours.stop();
    const cold = await coldRows(values['cold-pages'].split(',').filter((pages) => pages.trim() !== '').map(Number), Number(values['cold-runs']));

    const row = (m: Measured, versus: Measured | undefined): string =>
      `| ${m.name} | ${m.rps.toFixed(0)} | ${m.p50} | ${m.p99} | ${micros(m.cpuMicros)} (${micros(m.systemMicros)}) | ${versus ? (m.rps / versus.rps).toFixed(2) : '1.00'} | ${m.errors} | ${m.non2xx} |`;
    const keywordRatio = oursKeyword.rps / bareKeyword.rps;
    const bare = ours.bare;
    const routeToBare = bare ? oursKeyword.rps / bare.perSecond : Number.NaN;
    const capacity = 1e6 / oursKeyword.cpuMicros;
    const capacityToBare = bare ? capacity / bare.perSecond : Number.NaN;
    const jsonMicros = bare ? bare.withJsonMicros - bare.cpuMicros : Number.NaN;
    const stackMicros = bare ? minimalKeyword.cpuMicros - bare.withJsonMicros - bareKeyword.cpuMicros : Number.NaN;
    const handlerMicros = oursKeyword.cpuMicros - minimalKeyword.cpuMicros;
    const text = [
      '# Serve benchmark',
      '',
      `\`npm run bench:serve\`, Node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${os.platform()}. autocannon, ${connections} connections, ${duration} s per target after a 2 s warm-up; each server in a child process of its own, autocannon in the parent. Digest: content-fixtures, ${digest.origin === 'committed' ? 'the committed `digest/`' : 'built offline into a temporary folder'}. Keyword requests rotate over the ${keyword.requests.length} labelled queries; section requests over the ${section.requests.length} section ids. The ceiling answers the keyword response of the first query (${sampleBody.length} bytes) without computing anything. *server CPU* is the CPU time (user + system) the server process used over the run, per request.`,
      '',
      '| target | requests/s | p50 ms | p99 ms | server CPU µs/request (system) | ratio to ceiling | errors | non-2xx |',
      '|---|---:|---:|---:|---:|---:|---:|---:|',
      row(bareKeyword, undefined),
      row(oursKeyword, bareKeyword),
      row(minimalKeyword, bareKeyword),
      row(bareSection, undefined),
      row(oursSection, bareSection),
      '',
      `Target: the keyword route at ≥ ${TARGET_KEYWORD_RATIO} of the ceiling: ${keywordRatio.toFixed(2)}, ${mark(keywordRatio >= TARGET_KEYWORD_RATIO)}.`,
      '',
      '## The keyword route beside `searchKeyword` alone',
      '',
      bare
        ? [
            `\`searchKeyword\` alone on the same ${bare.queries} queries, in the server's own process before it serves (tables loaded as the Node adapter loads them), one thread, ${values['bare-seconds']} s after a 1 s warm-up: **${bare.perSecond.toFixed(0)} queries/s**, ${bare.cpuMicros.toFixed(1)} µs CPU a query.`,
            `The route: **${oursKeyword.rps.toFixed(0)} requests/s** measured (${routeToBare.toFixed(2)} of the bare rate), the load generator sharing the machine; by the server's CPU time, ${oursKeyword.cpuMicros.toFixed(0)} µs a request, it could answer ${capacity.toFixed(0)} requests/s on its core (${capacityToBare.toFixed(2)} of the bare rate).`,
            `Of those ${oursKeyword.cpuMicros.toFixed(0)} µs: the scorer ${bare.cpuMicros.toFixed(0)} (as measured alone); the response's JSON ${jsonMicros.toFixed(0)} (\`searchKeyword\` + \`JSON.stringify\` of the body, alone: ${bare.withJsonMicros.toFixed(0)}); HTTP as a bare \`node:http\` server pays it with a fixed body (parse, write, the kernel's loopback) ${bareKeyword.cpuMicros.toFixed(0)}; Hono, the adapter's lightweight Request and Response, and the scorer running slower between requests than in a tight loop (caches, garbage) ${stackMicros.toFixed(0)}, by the minimal one-route app on the same stack (${minimalKeyword.cpuMicros.toFixed(0)} µs a request); our handler's own layers (routing among all routes, body checks, mode selection, key lookup, the index state) ${handlerMicros.toFixed(0)}.`,
            '',
            `Target: the route at ≥ ${TARGET_ROUTE_TO_BARE.toFixed(2)} of \`searchKeyword\` alone (the HTTP layer a third at most): measured ${routeToBare.toFixed(2)}, ${mark(routeToBare >= TARGET_ROUTE_TO_BARE)}; by CPU ${capacityToBare.toFixed(2)}, ${mark(capacityToBare >= TARGET_ROUTE_TO_BARE)}.`,
          ].join('\n')
        : 'The bare rate was not measured.',
      '',
      ...coldTable(cold),
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

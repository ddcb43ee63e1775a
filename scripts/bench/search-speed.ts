/**
 * Section 3 of bench:search: speed on generated corpora, the cold start, and the targets table.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { buildDigest } from '../../pipeline/compile/build.ts';
import { createOfflineDistiller } from '../../pipeline/distill/offline/index.ts';
import { openSearchTables, rankSections } from '../../pipeline/search/index.ts';
import { generateCorpus, mulberry32, writeCorpus, type CorpusVocabulary } from '../generate-corpus.ts';
import { benchCorpusDir, benchCorpusPaths, fixed, ROOT } from './eval.ts';
import { readCorpus, type Corpus } from './search-corpus.ts';
import { ENGINES, FLEX_EXPORT_MAX_SECTIONS, ours, type Engine, type EngineKind, type Serialized } from './search-engines.ts';
import { timeInterleaved } from './interleaved-timing.ts';
import { wordQuery } from './query-mix.ts';
import { markdownTable, mib, micros, ms, percentile } from './search-format.ts';
import type { QualityFigures } from './search-quality.ts';

const execFileAsync = promisify(execFile);

/** Queries run by every engine before timing starts. */
const WARM_UP_QUERIES = 40;

/** A generated corpus and its offline digest, in the folder `bench:build` leaves them in (a no-op build when it ran). */
export interface SpeedFigures {
  readonly pages: number;
  readonly oursP50: number;
  readonly fastestOther: { readonly name: string; readonly p50: number };
  readonly diskLoadMs: number;
}

async function generatedCorpus(pages: number, seed: number): Promise<{ corpus: Corpus; buildMs: number; upToDate: boolean; vocabulary: CorpusVocabulary; dir: string }> {
  const paths = benchCorpusPaths(pages, seed);
  const generated = generateCorpus({ pages, seed });
  // same bytes as `bench:build` wrote: its digest is then current and this build a no-op
  await writeCorpus(paths.contentDir, generated);
  const report = await buildDigest({ ...paths, siteUrl: '', distiller: createOfflineDistiller(), concurrency: 4, force: false, now: () => performance.now() });
  return {
    // the build's chunk cache spares parsing every page again
    corpus: await readCorpus(paths.contentDir, paths.outDir, path.join(paths.cacheDir, 'chunks')),
    buildMs: report.elapsedMs,
    upToDate: report.upToDate,
    vocabulary: generated.vocabulary,
    dir: benchCorpusDir(pages, seed),
  };
}

/**
 * A query mix drawn from the corpus: 1 to 4 words taken from a random section's heading or text,
 * a quarter with the last word cut to a prefix (typing), one in ten an identifier.
 */
function queryMix(corpus: Corpus, vocabulary: CorpusVocabulary, count: number, seed: number): string[] {
  const random = mulberry32(seed ^ 0x5eed);
  const pick = <T>(items: readonly T[]): T => {
    const item = items[Math.floor(random() * items.length)];
    if (item === undefined) throw new Error('empty list');
    return item;
  };
  const queries: string[] = [];
  while (queries.length < count) {
    if (random() < 0.1) {
      queries.push(pick([...vocabulary.flags.slice(0, 200), ...vocabulary.envVars.slice(0, 200), ...vocabulary.apiPaths.slice(0, 100), ...vocabulary.configKeys.slice(0, 100)]));
      continue;
    }
    const doc = pick(corpus.docs);
    const source = random() < 0.3 && doc.heading !== '' ? doc.heading : doc.text;
    const query = wordQuery(source, random);
    if (query !== null) queries.push(query);
  }
  return queries;
}

interface SpeedRow {
  readonly engine: string;
  readonly buildMs: number;
  readonly bytes: number | null;
  readonly loadMs: number | null;
  readonly p50: number;
  readonly p95: number;
  readonly mean: number;
}

function collect(): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc) {
    gc();
    gc();
  }
}

export async function speed(pages: number, seed: number, queryCount: number, out: string[]): Promise<SpeedFigures> {
  const started = performance.now();
  const { corpus, buildMs, upToDate, vocabulary, dir } = await generatedCorpus(pages, seed);
  console.error(`[bench:search] ${pages} pages: ${corpus.sections.length} sections, digest ${upToDate ? 'already current' : `built in ${(buildMs / 1000).toFixed(1)} s`} (${dir})`);
  const queries = queryMix(corpus, vocabulary, queryCount, seed);
  const engines: { kind: EngineKind; engine: Engine; row: Omit<SpeedRow, 'p50' | 'p95' | 'mean'> }[] = [];
  for (const kind of ENGINES) {
    collect();
    const t0 = performance.now();
    const builtEngine = await kind.build(corpus);
    const indexMs = performance.now() - t0;
    let serialized: Serialized | null = null;
    try {
      serialized = builtEngine.serialize();
    } catch (error) {
      // a JSON text past V8's string limit (~512 MiB): reported as not serialisable
      if (!(error instanceof RangeError)) throw error;
    }
    let engine = builtEngine;
    let loadMs: number | null = null;
    if (serialized !== null) {
      const t1 = performance.now();
      engine = await serialized.load();
      loadMs = performance.now() - t1;
    }
    engines.push({ kind, engine, row: { engine: kind.name, buildMs: indexMs, bytes: serialized?.bytes ?? null, loadMs } });
    serialized = null;
    console.error(`[bench:search]   ${kind.name}: index ${ms(indexMs)} ms, load ${loadMs === null ? '-' : ms(loadMs)} ms`);
    if (kind === ours) {
      // where our query time goes: the same ranking without the snippets of the results
      const index = openSearchTables(corpus.tables);
      const rankOnly: Engine = {
        name: 'ask: rankSections only (no snippets)',
        search: (query) => rankSections(index, query).ranked.map(({ index: at }) => index.id(at)),
        serialize: () => null,
      };
      engines.push({ kind, engine: rankOnly, row: { engine: rankOnly.name, buildMs: Number.NaN, bytes: null, loadMs: null } });
    }
  }
  // a short warm-up, then the timed pass: every query by every engine, in a fresh random order each time
  const warmUp = Math.min(WARM_UP_QUERIES, Math.ceil(queries.length / 4));
  for (const { engine } of engines) for (const query of queries.slice(0, warmUp)) engine.search(query);
  const times = timeInterleaved(engines.map(({ engine }) => engine), queries, 1, seed);
  const diskLoad = await medianColdLoadMs(benchCorpusPaths(pages, seed).outDir, 5);
  const rows: SpeedRow[] = engines.map(({ row }, at) => {
    const sorted = [...(times[at] ?? [])].sort((a, b) => a - b);
    return { ...row, p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95), mean: sorted.reduce((a, b) => a + b, 0) / Math.max(1, sorted.length) };
  });
  out.push(
    `## Speed at ${pages.toLocaleString('en-US')} generated pages`,
    '',
    `${corpus.sections.length.toLocaleString('en-US')} sections (seed ${seed}); ${queries.length} queries of 1-4 words (a quarter ending in a partial word, a tenth identifiers), ${Math.min(WARM_UP_QUERIES, Math.ceil(queries.length / 4))} warm-up queries, then every query by every engine in a fresh random order. Index: building from the sections in memory (ours: \`buildSearchIndex\` with the digest nodes and glossary). Load: parsing the serialized text (ours: \`openSearchTables\` over the bytes of its four files), the cold start, measured once. Every engine is queried through its loaded copy. Ours returns finished results with snippets; the row below it times \`rankSections\` alone.`,
    '',
    markdownTable(
      ['engine', 'index build ms', 'serialized MiB', 'load ms', 'query p50 µs', 'query p95 µs', 'mean µs'],
      rows.map((row) => [
        row.engine,
        Number.isNaN(row.buildMs) ? '—' : ms(row.buildMs),
        row.bytes === null ? (row.engine === 'FlexSearch' ? 'not measured (see below)' : '—') : mib(row.bytes),
        row.loadMs === null ? '—' : ms(row.loadMs),
        micros(row.p50),
        micros(row.p95),
        micros(row.mean),
      ]),
    ),
    '',
    ...(corpus.docs.length > FLEX_EXPORT_MAX_SECTIONS
      ? [`FlexSearch: export not measured past ${FLEX_EXPORT_MAX_SECTIONS.toLocaleString('en-US')} sections; it serialises each field's map as one JSON string, which passes V8's string limit here and aborts the process. It is queried through the index it built.`, '']
      : []),
    `Our cold start from disk, \`loadSearchIndex(digest)\` in a fresh Node process (the header parsed, the posting and page tables read and scanned for line ends, the section table opened), median of 5 processes: ${ms(diskLoad)} ms.`,
    '',
    `(${((performance.now() - started) / 1000).toFixed(0)} s for this corpus.)`,
    '',
  );
  const others = rows.filter((row) => row.engine !== ours.name && !row.engine.startsWith('ask:') && row.engine !== 'BM25F (plain)');
  const fastest = others.reduce<SpeedRow | undefined>((best, row) => (best === undefined || row.p50 < best.p50 ? row : best), undefined);
  return {
    pages,
    oursP50: rows.find((row) => row.engine === ours.name)?.p50 ?? Number.NaN,
    fastestOther: { name: fastest?.engine ?? '-', p50: fastest?.p50 ?? Number.NaN },
    diskLoadMs: diskLoad,
  };
}

/** The issue's targets against this run's figures. */
export function targetRows(quality: QualityFigures, speeds: readonly SpeedFigures[]): string[][] {
  const verdict = (ok: boolean): string => (ok ? 'ok' : 'MISSED');
  const best = quality.others.reduce((top, other) => (other.mrr > top.mrr ? other : top), { name: '-', mrr: 0 });
  const rows = [['MRR@6 at least 0.05 above every other engine', `ours ${fixed(quality.ours)}, best other ${best.name} ${fixed(best.mrr)} (+${fixed(quality.ours - best.mrr)})`, verdict(quality.ours - best.mrr >= 0.05)]];
  for (const figures of speeds) {
    const label = `${figures.pages.toLocaleString('en-US')} pages`;
    rows.push([`query p50 no slower than the fastest other engine (${label})`, `ours ${micros(figures.oursP50)} µs, ${figures.fastestOther.name} ${micros(figures.fastestOther.p50)} µs`, verdict(figures.oursP50 <= figures.fastestOther.p50)]);
    rows.push([`loading the tables under 100 ms (${label}, from disk)`, `${ms(figures.diskLoadMs)} ms`, verdict(figures.diskLoadMs < 100)]);
  }
  return rows;
}

/**
 * Median time of `runs` cold starts of the search tables of a digest folder: each in a fresh Node
 * process (scripts/bench/cold-load.ts), timing `loadSearchIndex` alone, not the process start.
 */
async function medianColdLoadMs(digestDir: string, runs: number): Promise<number> {
  const times: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const { stdout } = await execFileAsync(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./cold-load.ts', import.meta.url)), digestDir], { cwd: ROOT });
    times.push(Number(stdout.trim()));
  }
  return percentile(times.sort((a, b) => a - b), 0.5);
}

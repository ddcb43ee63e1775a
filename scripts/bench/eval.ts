/**
 * Retrieval evaluation helpers shared by `scripts/bench/search.ts` and the tests of `test/eval/`:
 * the labelled queries of `test/eval/queries.json`, MRR@k and recall@k (per query kind, whatever
 * kinds a query set has), the per-page cap applied to another engine's ranking, and the digest of
 * `content-fixtures` (the committed one when it is current, else one built into a temporary folder
 * with the offline distiller).
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildDigest } from '../../pipeline/compile/build.ts';
import { checkDigest } from '../../pipeline/compile/check.ts';
import { readManifest } from '../../pipeline/digest/read.ts';
import { createOfflineDistiller } from '../../pipeline/distill/offline/index.ts';

/** The repository root (two folders above this file). */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const FIXTURES_DIR = path.join(ROOT, 'content-fixtures');
export const COMMITTED_DIGEST_DIR = path.join(ROOT, 'digest');
export const QUERIES_FILE = path.join(ROOT, 'test', 'eval', 'queries.json');

/** The cut-off of every metric here: the spec's default `maxResults`. */
export const EVAL_K = 6;
/** The spec's default `perDocCap`, applied to every engine alike. */
export const EVAL_PER_PAGE_CAP = 2;

/** The kinds of `test/eval/queries.json` (content-fixtures). */
export const QUERY_KINDS = ['keyword', 'identifier', 'error', 'question'] as const;
export type QueryKind = (typeof QUERY_KINDS)[number];

/** A labelled query, its relevant ids resolved to section ids of the corpus it runs on. */
export interface EvalQuery<K extends string = string> {
  readonly query: string;
  readonly kind: K;
  /** Section ids that answer the query, the most specific first. */
  readonly relevant: readonly string[];
}

function isKind(value: unknown): value is QueryKind {
  return typeof value === 'string' && (QUERY_KINDS as readonly string[]).includes(value);
}

/** Reads and checks the labelled query set. */
export async function loadEvalQueries(file = QUERIES_FILE): Promise<EvalQuery<QueryKind>[]> {
  const data: unknown = JSON.parse(await readFile(file, 'utf8'));
  const list = typeof data === 'object' && data !== null && 'queries' in data ? data.queries : undefined;
  if (!Array.isArray(list)) throw new Error(`${file}: no 'queries' array`);
  return list.map((entry: unknown, at): EvalQuery<QueryKind> => {
    const record = (typeof entry === 'object' && entry !== null ? entry : {}) as Record<string, unknown>;
    const { query, kind, relevant } = record;
    if (typeof query !== 'string' || !isKind(kind) || !Array.isArray(relevant) || !relevant.every((id) => typeof id === 'string')) {
      throw new Error(`${file}: query #${at} is not { query, kind, relevant[] }`);
    }
    return { query, kind, relevant };
  });
}

/**
 * The section id of a result url, by string: the site URL stripped, then the page part as a page's
 * slug is made (no `/` at either end, no `.html`, `index` for the root): `/a/b/#c` -> `a/b#c`.
 * A guess for urls of a corpus at hand; the quality figures map urls through the loaded sections
 * instead (`sectionIdsByUrl`).
 */
export function urlToId(url: string, siteUrl = ''): string {
  const base = siteUrl.replace(/\/+$/, '');
  const local = base !== '' && url.startsWith(base) ? url.slice(base.length) : url;
  const hash = local.indexOf('#');
  const page = (hash === -1 ? local : local.slice(0, hash)).replace(/\.html$/, '').replace(/^\/+|\/+$/g, '');
  return `${page === '' ? 'index' : page}${hash === -1 ? '' : local.slice(hash)}`;
}

/** Each loaded section's url (as the search tables and every result carry it) to its id. */
export function sectionIdsByUrl(sections: Iterable<{ readonly id: string; readonly url: string }>): Map<string, string> {
  return new Map(Array.from(sections, (section) => [section.url, section.id]));
}

/** The page of a section id (the part before `#`). */
export function pageOfId(id: string): string {
  const hash = id.indexOf('#');
  return hash === -1 ? id : id.slice(0, hash);
}

/**
 * Shapes another engine's ranking like ours: duplicates dropped, at most `cap` sections of one
 * page, the first `k` kept.
 */
export function capPerPage(ranked: Iterable<string>, cap = EVAL_PER_PAGE_CAP, k = EVAL_K): string[] {
  const seen = new Set<string>();
  const perPage = new Map<string, number>();
  const out: string[] = [];
  for (const id of ranked) {
    if (seen.has(id)) continue;
    seen.add(id);
    const page = pageOfId(id);
    const count = perPage.get(page) ?? 0;
    if (count >= cap) continue;
    perPage.set(page, count + 1);
    out.push(id);
    if (out.length >= k) break;
  }
  return out;
}

export interface QueryScore {
  /** 1 / rank of the first relevant id in the top k, 0 when none is there. */
  readonly reciprocalRank: number;
  /** Fraction of the relevant ids found in the top k. */
  readonly recall: number;
}

/** MRR and recall contributions of one ranked list. */
export function scoreRanking(ranked: readonly string[], relevant: readonly string[], k = EVAL_K): QueryScore {
  const top = ranked.slice(0, k);
  const wanted = new Set(relevant);
  const first = top.findIndex((id) => wanted.has(id));
  const found = new Set(top.filter((id) => wanted.has(id)));
  return { reciprocalRank: first === -1 ? 0 : 1 / (first + 1), recall: wanted.size === 0 ? 0 : found.size / wanted.size };
}

export interface Metrics {
  readonly count: number;
  readonly mrr: number;
  readonly recall: number;
}

export interface EvalSummary<K extends string = string> {
  readonly overall: Metrics;
  /** Every kind asked for, a kind without queries at count 0. */
  readonly byKind: Readonly<Record<K, Metrics>>;
  /** Per query, in input order: its score and the ranked ids. */
  readonly perQuery: readonly { readonly query: EvalQuery<K>; readonly ranked: readonly string[]; readonly score: QueryScore }[];
}

function average(scores: readonly QueryScore[]): Metrics {
  const count = scores.length;
  if (count === 0) return { count, mrr: 0, recall: 0 };
  const sum = (pick: (score: QueryScore) => number): number => scores.reduce((total, score) => total + pick(score), 0);
  return { count, mrr: sum((score) => score.reciprocalRank) / count, recall: sum((score) => score.recall) / count };
}

/**
 * Runs every query through `rank` (ids, best first, already capped) and averages MRR@k and
 * recall@k, overall and per kind of `kinds`.
 */
export function evaluate<K extends string>(queries: readonly EvalQuery<K>[], rank: (query: string) => readonly string[], kinds: readonly K[], k = EVAL_K): EvalSummary<K> {
  const perQuery = queries.map((query) => {
    const ranked = rank(query.query);
    return { query, ranked, score: scoreRanking(ranked, query.relevant, k) };
  });
  const byKind = Object.fromEntries(
    kinds.map((kind) => [kind, average(perQuery.filter((entry) => entry.query.kind === kind).map((entry) => entry.score))]),
  ) as Record<K, Metrics>;
  return { overall: average(perQuery.map((entry) => entry.score)), byKind, perQuery };
}

export interface FixtureDigest {
  /** The digest folder. */
  readonly dir: string;
  /** `committed`: the repository's `digest/`, current with the fixtures; `built`: a temporary build. */
  readonly origin: 'committed' | 'built';
  readonly siteUrl: string;
  /** Removes the temporary folder (nothing for the committed digest). */
  readonly dispose: () => Promise<void>;
}

/**
 * True when `dir` holds a digest current with `contentDir` (`checkDigest`: the content files, the
 * offline passes' versions, the search tables' schema and tokenizer).
 */
async function isCurrentDigest(dir: string, contentDir: string): Promise<boolean> {
  try {
    return !(await checkDigest(contentDir, dir)).stale;
  } catch {
    return false;
  }
}

/**
 * The digest of `content-fixtures`: the committed `digest/` when it is current (same content
 * files, offline passes and search tables), else a fresh offline build into a temporary folder (`dispose` removes it).
 */
export async function fixtureDigest(options: { readonly preferCommitted?: boolean } = {}): Promise<FixtureDigest> {
  if ((options.preferCommitted ?? true) && (await isCurrentDigest(COMMITTED_DIGEST_DIR, FIXTURES_DIR))) {
    const manifest = await readManifest(COMMITTED_DIGEST_DIR);
    return { dir: COMMITTED_DIGEST_DIR, origin: 'committed', siteUrl: manifest?.siteUrl ?? '', dispose: async () => {} };
  }
  const temporary = await mkdtemp(path.join(os.tmpdir(), 'ask-eval-'));
  const dir = path.join(temporary, 'digest');
  await buildDigest({
    contentDir: FIXTURES_DIR,
    outDir: dir,
    siteUrl: '',
    distiller: createOfflineDistiller(),
    concurrency: 4,
    force: false,
    cacheDir: null,
    now: () => performance.now(),
  });
  return { dir, origin: 'built', siteUrl: '', dispose: () => rm(temporary, { recursive: true, force: true }) };
}

/** Where a generated bench corpus and its digest live; `bench:build` leaves them there for `bench:search`. */
export function benchCorpusDir(pages: number, seed: number): string {
  return path.join(os.tmpdir(), 'ask-bench-corpora', `p${pages}-s${seed}`);
}

export interface BenchCorpusPaths {
  readonly contentDir: string;
  readonly outDir: string;
  /** The chunk and answer cache, beside the digest as `ask digest build` puts it. */
  readonly cacheDir: string;
}

export function benchCorpusPaths(pages: number, seed: number): BenchCorpusPaths {
  const dir = benchCorpusDir(pages, seed);
  return { contentDir: path.join(dir, 'content'), outDir: path.join(dir, 'digest'), cacheDir: path.join(dir, '.ask-cache') };
}

/** A number as a fixed three-decimal string, for tables. */
/** The mean of some figures, 0 for none. */
export function mean(values: readonly number[]): number {
  return values.length === 0 ? 0 : values.reduce((sum, value) => sum + value, 0) / values.length;
}

export function fixed(value: number, digits = 3): string {
  return value.toFixed(digits);
}

/**
 * `npm run bench:search`: our keyword scorer beside MiniSearch (configured as VitePress's local
 * search), FlexSearch, Orama, lunr and a plain BM25F, on the same sections, with the same
 * per-page cap (2) and top 6.
 *
 * 1. Quality on `content-fixtures` and its labelled queries: MRR@6 and recall@6, overall and per kind.
 * 2. Ablation of our scorer: each feature off in turn (stem needs a second index).
 * 3. Speed on generated corpora of 1k and 10k pages: index build, serialized size, load (cold
 *    start) and query p50/p95 (warm) over a query mix, engines interleaved query by query.
 *
 * Tables go to stdout and to `bench-results/search.md`.
 * Options: `--pages 1000,10000` (the speed corpora), `--seed 1`, `--queries 150,60` (per corpus),
 * `--skip-speed`.
 */
import { publishResults } from './results.ts';
import { Document as FlexDocument, type DocumentData } from 'flexsearch';
import lunr from 'lunr';
import MiniSearch, { type Options as MiniSearchOptions } from 'minisearch';
import { create as createOrama, insertMultiple, load as loadOrama, save as saveOrama, search as searchOrama, type AnyOrama, type RawData } from '@orama/orama';
import { execFile, spawn } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, promisify } from 'node:util';
import { getHeapStatistics } from 'node:v8';
import { buildDigest } from '../../pipeline/build/build.ts';
import { loadContent } from '../../pipeline/content/index.ts';
import { DIGEST_FILES } from '../../pipeline/digest/paths.ts';
import { sectionFilePath } from '../../pipeline/digest/paths.ts';
import { readGlossary, readManifest, readNode } from '../../pipeline/digest/read.ts';
import { createOfflineDistiller } from '../../pipeline/distill/offline/index.ts';
import {
  BM25_B,
  buildSearchIndex,
  idf,
  LENGTH_FLOOR,
  openSearchIndex,
  openSearchTables,
  queryTerms,
  rankSections,
  SearchIndexError,
  searchKeyword,
  searchTableFiles,
  type ScoringFeatures,
  type SearchIndex,
  type SearchTables,
  type SearchTableSources,
} from '../../pipeline/search/index.ts';
import { FLAG_BITS, IN_BODY, IN_HEADING, IN_SIGNAL } from '../../pipeline/search/index-format.ts';
import { findNear, findPrefixed, findTerm } from '../../pipeline/search/vocabulary.ts';
import type { DigestNode, GlossaryEntry, Section } from '../../pipeline/types.ts';
import { generateCorpus, mulberry32, writeCorpus, type CorpusVocabulary } from '../generate-corpus.ts';
import {
  benchCorpusDir,
  benchCorpusPaths,
  capPerPage,
  EVAL_K,
  EVAL_PER_PAGE_CAP,
  evaluate,
  fixed,
  fixtureDigest,
  FIXTURES_DIR,
  loadEvalQueries,
  QUERY_KINDS,
  ROOT,
  urlToId,
  type EvalQuery,
  type EvalSummary,
} from './eval.ts';

const execFileAsync = promisify(execFile);

/** How many ranked ids another engine is asked for before the per-page cap and the top 6. */
const RAW_LIMIT = 50;
/** Queries run by every engine before timing starts. */
const WARM_UP_QUERIES = 40;

// ---------------------------------------------------------------------------------------
// The section documents every engine indexes

interface SectionDoc {
  readonly id: string;
  /** Page title. */
  readonly title: string;
  /** Section heading, '' for a page's intro. */
  readonly heading: string;
  /** The `##` heading a `###` section sits under, '' otherwise (VitePress's `titles`). */
  readonly parent: string;
  readonly text: string;
}

function sectionDocs(sections: readonly Section[]): SectionDoc[] {
  let parent = '';
  let page = '';
  return sections.map((section) => {
    if (section.pageSlug !== page) {
      page = section.pageSlug;
      parent = '';
    }
    const doc = { id: section.id, title: section.title, heading: section.heading ?? '', parent: section.depth === 3 ? parent : '', text: section.text };
    if (section.depth === 2) parent = section.heading ?? '';
    return doc;
  });
}

/** Everything one corpus gives the engines: sections, digest nodes, glossary. */
interface Corpus {
  readonly sections: readonly Section[];
  readonly docs: readonly SectionDoc[];
  readonly nodes: ReadonlyMap<string, DigestNode>;
  readonly glossary: readonly GlossaryEntry[];
  readonly siteUrl: string;
  /** Our `search/index.json` as the build wrote it. */
  /** Our search tables as the digest holds them (the three files' texts). */
  readonly tables: SearchTableSources;
}

async function readCorpus(contentDir: string, digestDir: string, chunkCacheDir?: string): Promise<Corpus> {
  const manifest = await readManifest(digestDir);
  if (manifest === null) throw new Error(`${digestDir}: no digest`);
  const content = await loadContent({ contentDir, siteUrl: manifest.siteUrl, ...(chunkCacheDir === undefined ? {} : { cacheDir: chunkCacheDir }) });
  const nodes = new Map<string, DigestNode>();
  for (const id of Object.keys(manifest.sections)) {
    const node = await readNode(digestDir, sectionFilePath(id));
    if (node) nodes.set(id, node);
  }
  const glossary = await readGlossary(digestDir);
  let tables: SearchTableSources;
  try {
    tables = await readTableTexts(digestDir);
    openSearchTables(tables);
  } catch (error) {
    if (!(error instanceof SearchIndexError) && !isMissingFile(error)) throw error;
    // a digest that is current for its content but holds tables of an older search schema:
    // rebuild the tables alone, as `ask index build` does
    console.error(`[bench:search] ${digestDir}: ${error instanceof Error ? error.message.split(';')[0] : 'no tables'}; rebuilding the search tables`);
    const files = searchTableFiles(buildSearchIndex({ sections: content.sections, nodes, glossary }));
    for (const [relative, text] of files) await writeFile(path.join(digestDir, relative), text);
    tables = await readTableTexts(digestDir);
  }
  return { sections: content.sections, docs: sectionDocs(content.sections), nodes, glossary, siteUrl: manifest.siteUrl, tables };
}

function isMissingFile(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ENOENT';
}

/** The three files of a digest's search tables, as text. */
async function readTableTexts(digestDir: string): Promise<SearchTableSources> {
  const [header, postings, sections, pages] = await Promise.all(
    [DIGEST_FILES.searchIndex, DIGEST_FILES.searchPostings, DIGEST_FILES.searchSections, DIGEST_FILES.searchPages].map((relative) => readFile(path.join(digestDir, relative), 'utf8')),
  );
  return { header: header ?? '', postings: postings ?? '', sections: sections ?? '', pages: pages ?? '' };
}

// ---------------------------------------------------------------------------------------
// Engines

/** A serialised index: its size, and the cold start that turns it back into an engine. */
interface Serialized {
  readonly bytes: number;
  load(): Engine | Promise<Engine>;
}

/** One engine: built from the docs, serialised, loaded back, queried for ranked section ids. */
interface Engine {
  readonly name: string;
  /** Ranked section ids, already capped per page and cut to 6. */
  search(query: string): string[];
  /** The serialised index, or null when the engine has none (or it is too large for one string). */
  serialize(): Serialized | null;
}

interface EngineKind {
  readonly name: string;
  build(corpus: Corpus): Engine | Promise<Engine>;
}

/** A JSON text and the function that loads it back. */
function serializedText(text: string, load: (text: string) => Engine | Promise<Engine>): Serialized {
  return { bytes: Buffer.byteLength(text), load: () => load(text) };
}

function ourEngine(index: SearchIndex, siteUrl: string, features?: Partial<ScoringFeatures>, lengthFloor?: number): Engine {
  const options = { maxResults: EVAL_K, perDocCap: EVAL_PER_PAGE_CAP, ...(features === undefined ? {} : { features }), ...(lengthFloor === undefined ? {} : { lengthFloor }) };
  return {
    name: 'ask (ours)',
    search: (query) => searchKeyword(index, query, options).map((result) => urlToId(result.url, siteUrl)),
    serialize: () => null,
  };
}

/**
 * Our tables as written (three files) and their cold start: opening them from the bytes a read
 * gives (the header parsed, the others scanned for lines; `loadSearchIndex` leaves the section
 * table on disk instead, timed apart below).
 */
function serializedTables(tables: SearchTables, siteUrl: string): Serialized {
  const files = searchTableFiles(tables);
  const bytes = (relative: string) => Buffer.from(files.get(relative) ?? '');
  const header = bytes(DIGEST_FILES.searchIndex);
  const postings = bytes(DIGEST_FILES.searchPostings);
  const sections = bytes(DIGEST_FILES.searchSections);
  const pages = bytes(DIGEST_FILES.searchPages);
  return {
    bytes: header.length + postings.length + sections.length + pages.length,
    load: () => ourEngine(openSearchTables({ header: header.toString('utf8'), postings, sections, pages }), siteUrl),
  };
}

const ours: EngineKind = {
  name: 'ask (ours)',
  build: (corpus) => {
    const tables = buildSearchIndex({ sections: corpus.sections, nodes: corpus.nodes, glossary: corpus.glossary });
    return { ...ourEngine(openSearchIndex(tables), corpus.siteUrl), serialize: () => serializedTables(tables, corpus.siteUrl) };
  },
};

/** MiniSearch as VitePress's local search sets it up (`localSearchPlugin.ts`, `VPLocalSearchBox.vue`). */
interface VitePressDoc {
  readonly id: string;
  readonly title: string;
  readonly titles: string[];
  readonly text: string;
}
const MINISEARCH_OPTIONS: MiniSearchOptions<VitePressDoc> = {
  fields: ['title', 'titles', 'text'],
  storeFields: ['title', 'titles'],
  // `titles` is an array: VitePress relies on MiniSearch's default extractField joining it
  extractField: (doc, field) => {
    const value = doc[field as keyof VitePressDoc];
    return Array.isArray(value) ? value.join(' ') : value;
  },
  searchOptions: { fuzzy: 0.2, prefix: true, boost: { title: 4, text: 2, titles: 1 } },
};

function miniSearchEngine(index: MiniSearch<VitePressDoc>): Engine {
  return {
    name: 'MiniSearch (VitePress)',
    search: (query) => capPerPage(index.search(query).slice(0, RAW_LIMIT).map((hit) => String(hit.id))),
    serialize: () => serializedText(JSON.stringify(index), (text) => miniSearchEngine(MiniSearch.loadJSON<VitePressDoc>(text, MINISEARCH_OPTIONS))),
  };
}

const miniSearch: EngineKind = {
  name: 'MiniSearch (VitePress)',
  build(corpus) {
    const index = new MiniSearch<VitePressDoc>(MINISEARCH_OPTIONS);
    // VitePress: `title` is the section's own heading (the page title for the intro), `titles` its parents
    index.addAll(
      corpus.docs.map((doc) => ({
        id: doc.id,
        title: doc.heading || doc.title,
        titles: doc.heading === '' ? [] : [doc.title, ...(doc.parent === '' ? [] : [doc.parent])],
        text: doc.text,
      })),
    );
    return miniSearchEngine(index);
  },
};

/** FlexSearch 0.8 Document index over title, heading and text, forward tokenizer, fields merged. */
interface FlexDoc extends DocumentData {
  id: string;
  title: string;
  heading: string;
  text: string;
}
const flexOptions = { tokenize: 'forward' as const, document: { id: 'id', index: ['title', 'heading', 'text'] as ('title' | 'heading' | 'text')[] } };

/**
 * FlexSearch 0.8 exports each field's map as one JSON string. On the 10k-page corpus the
 * largest passes V8's string limit, and JSON.stringify then aborts the process (a fatal V8
 * error, not an exception that could be caught), so export and import are not measured past this.
 */
const FLEX_EXPORT_MAX_SECTIONS = 20_000;

function flexEngine(index: FlexDocument<FlexDoc>, sections: number): Engine {
  return {
    name: 'FlexSearch',
    search(query) {
      // `suggest`: without it a query with one unmatched word returns nothing (every word must match)
      const merged = index.search(query, { limit: RAW_LIMIT, suggest: true, merge: true });
      return capPerPage(merged.map((hit) => String(hit.id)));
    },
    serialize() {
      if (sections > FLEX_EXPORT_MAX_SECTIONS) return null;
      // FlexSearch exports its index as keyed parts (one file each, as its docs store them)
      const parts: [string, string][] = [];
      void index.export((key: string, data: string) => {
        parts.push([key, data]);
      });
      return {
        bytes: parts.reduce((total, [key, data]) => total + Buffer.byteLength(key) + Buffer.byteLength(data), 0),
        load() {
          const loaded = new FlexDocument<FlexDoc>(flexOptions);
          for (const [key, data] of parts) loaded.import(key, data);
          return flexEngine(loaded, sections);
        },
      };
    },
  };
}

/**
 * The same FlexSearch index, its per-field result lists fused by reciprocal rank (1 / (rank + 10)
 * summed over fields) instead of FlexSearch's own `merge`, which lists title-field hits first:
 * every section of a page shares the page title, so one title hit floods the top with one page.
 */
function flexFusedEngine(index: FlexDocument<FlexDoc>): Engine {
  return {
    name: 'FlexSearch (fields fused by rank)',
    search(query) {
      const perField = index.search(query, { limit: RAW_LIMIT, suggest: true });
      const scores = new Map<string, number>();
      for (const field of perField) field.result.forEach((id, rank) => scores.set(String(id), (scores.get(String(id)) ?? 0) + 1 / (rank + 10)));
      return capPerPage([...scores].sort((a, b) => b[1] - a[1]).map(([id]) => id));
    },
    serialize: () => null,
  };
}

const flexSearchFused: EngineKind = {
  name: 'FlexSearch (fields fused by rank)',
  build(corpus) {
    const index = new FlexDocument<FlexDoc>(flexOptions);
    for (const doc of corpus.docs) index.add({ id: doc.id, title: doc.title, heading: doc.heading, text: doc.text });
    return flexFusedEngine(index);
  },
};

const flexSearch: EngineKind = {
  name: 'FlexSearch',
  build(corpus) {
    const index = new FlexDocument<FlexDoc>(flexOptions);
    for (const doc of corpus.docs) index.add({ id: doc.id, title: doc.title, heading: doc.heading, text: doc.text });
    return flexEngine(index, corpus.docs.length);
  },
};

/** Orama 3 with its defaults (BM25, english tokenizer, no stemming). */
const ORAMA_SCHEMA = { id: 'string', title: 'string', heading: 'string', text: 'string' } as const;

function oramaEngine(db: AnyOrama): Engine {
  return {
    name: 'Orama',
    search(query) {
      const result = searchOrama(db, { term: query, properties: ['title', 'heading', 'text'], limit: RAW_LIMIT });
      if (result instanceof Promise) throw new Error('Orama search went async');
      return capPerPage(result.hits.map((hit) => String(hit.id)));
    },
    serialize: () =>
      serializedText(JSON.stringify(saveOrama(db)), (text) => {
        const loaded = createOrama({ schema: ORAMA_SCHEMA });
        loadOrama(loaded, JSON.parse(text) as RawData);
        return oramaEngine(loaded);
      }),
  };
}

const orama: EngineKind = {
  name: 'Orama',
  async build(corpus) {
    const db = createOrama({ schema: ORAMA_SCHEMA });
    await insertMultiple(
      db,
      corpus.docs.map((doc) => ({ id: doc.id, title: doc.title, heading: doc.heading, text: doc.text })),
      1000,
    );
    return oramaEngine(db);
  },
};

/**
 * lunr with title boost 10 and heading 5. Queries go through the query builder, term by term
 * (lunr's query syntax would reject `401 Unauthorized: missing`), the last term also as a
 * prefix (`term*`), as docs themes built on lunr do for typing.
 */
function lunrEngine(index: lunr.Index): Engine {
  return {
    name: 'lunr',
    search(query) {
      const tokens = lunr.tokenizer(query).map((token) => token.toString()).filter((token) => token.length > 0);
      if (tokens.length === 0) return [];
      const hits = index.query((q) => {
        tokens.forEach((token, at) => {
          q.term(token, {});
          if (at === tokens.length - 1) q.term(token, { wildcard: lunr.Query.wildcard.TRAILING, usePipeline: false, boost: 0.5 });
        });
      });
      return capPerPage(hits.slice(0, RAW_LIMIT).map((hit) => hit.ref));
    },
    serialize: () => serializedText(JSON.stringify(index), (text) => lunrEngine(lunr.Index.load(JSON.parse(text) as object))),
  };
}

const lunrKind: EngineKind = {
  name: 'lunr',
  build(corpus) {
    const index = lunr(function () {
      this.ref('id');
      this.field('title', { boost: 10 });
      this.field('heading', { boost: 5 });
      this.field('text');
      for (const doc of corpus.docs) this.add(doc);
    });
    return lunrEngine(index);
  },
};

/**
 * A plain BM25F baseline: lowercase alphanumeric tokens (no stemming, no stopwords, no prefix),
 * per-field length normalisation, field weights title 3, heading 2, body 1, k1 1.2, b 0.75.
 */
const BM25F_K1 = 1.2;
const BM25F_B = 0.75;
const BM25F_WEIGHTS = [3, 2, 1] as const;
const plainTokens = (text: string): string[] => text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((token) => token.length > 0);

function bm25f(corpus: Corpus): Engine {
  const docs = corpus.docs;
  const fieldsOf = (doc: SectionDoc): readonly string[][] => [plainTokens(doc.title), plainTokens(doc.heading), plainTokens(doc.text)];
  // postings: term -> flat [doc, tfTitle, tfHeading, tfBody, ...]
  const postings = new Map<string, number[]>();
  const lengths = new Float64Array(docs.length * 3);
  const totals = [0, 0, 0];
  docs.forEach((doc, at) => {
    const counts = new Map<string, [number, number, number]>();
    fieldsOf(doc).forEach((tokens, field) => {
      lengths[at * 3 + field] = tokens.length;
      totals[field] = (totals[field] ?? 0) + tokens.length;
      for (const token of tokens) {
        const entry = counts.get(token) ?? [0, 0, 0];
        entry[field] = (entry[field] ?? 0) + 1;
        counts.set(token, entry);
      }
    });
    for (const [token, [a, b, c]] of counts) {
      const list = postings.get(token);
      if (list) list.push(at, a, b, c);
      else postings.set(token, [at, a, b, c]);
    }
  });
  const averages = totals.map((total) => (docs.length === 0 ? 1 : total / docs.length || 1));
  const n = docs.length;
  return {
    name: 'BM25F (plain)',
    search(query) {
      const scores = new Map<number, number>();
      for (const term of new Set(plainTokens(query))) {
        const list = postings.get(term);
        if (!list) continue;
        const df = list.length / 4;
        const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
        for (let at = 0; at < list.length; at += 4) {
          const doc = list[at] ?? 0;
          let tf = 0;
          for (let field = 0; field < 3; field += 1) {
            const count = list[at + 1 + field] ?? 0;
            if (count === 0) continue;
            const norm = 1 - BM25F_B + (BM25F_B * (lengths[doc * 3 + field] ?? 0)) / (averages[field] ?? 1);
            tf += ((BM25F_WEIGHTS[field] ?? 1) * count) / norm;
          }
          scores.set(doc, (scores.get(doc) ?? 0) + (idf * tf * (BM25F_K1 + 1)) / (BM25F_K1 + tf));
        }
      }
      const ranked = [...scores].sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, RAW_LIMIT);
      return capPerPage(ranked.map(([doc]) => docs[doc]?.id ?? ''));
    },
    serialize: () => null,
  };
}

const bm25fKind: EngineKind = { name: 'BM25F (plain)', build: bm25f };

const ENGINES: readonly EngineKind[] = [ours, bm25fKind, miniSearch, flexSearch, orama, lunrKind];
/** Engines of the quality table only (the fused FlexSearch ranks the same index as FlexSearch). */
const QUALITY_ONLY: readonly EngineKind[] = [flexSearchFused];

// ---------------------------------------------------------------------------------------
// Experiments: variants of our scoring formula over the same tables (not the product)

/** How one posting earns: body, signal and heading parts, given the term weight and the section's BM25 length factor. */
interface ScoringVariant {
  readonly name: string;
  readonly body: (weight: number, factor: number) => number;
  readonly signal: (weight: number, factor: number) => number;
  readonly heading: (weight: number, factor: number) => number;
  /** Divide the whole score by max(LENGTH_FLOOR, factor) (what the shipped scorer does). */
  readonly divideWhole: boolean;
}

/** The floors of rule 5 the quality section sweeps. */
const FLOOR_SWEEP = [1, 1.25, 1.5, 1.75, 2, 2.5, 3];

/** Rule 5's factor, floored as the shipped scorer floors it. */
const floored = (factor: number): number => Math.max(LENGTH_FLOOR, factor);

const K1 = 1.2;
const VARIANTS: readonly ScoringVariant[] = [
  { name: 'replica of the shipped scorer', body: (w) => w, signal: (w) => w, heading: (w) => 3 * w, divideWhole: true },
  { name: 'length factor on body and signal only', body: (w, f) => w / floored(f), signal: (w, f) => w / floored(f), heading: (w) => 3 * w, divideWhole: false },
  { name: 'length factor on body only', body: (w, f) => w / floored(f), signal: (w) => w, heading: (w) => 3 * w, divideWhole: false },
  {
    name: 'BM25 saturation on body (k1 1.2, tf 1), signal and heading as is',
    body: (w, f) => (w * (K1 + 1)) / (1 + K1 * f),
    signal: (w) => w,
    heading: (w) => 3 * w,
    divideWhole: false,
  },
  { name: 'no length factor at all', body: (w) => w, signal: (w) => w, heading: (w) => 3 * w, divideWhole: false },
];

/**
 * Rules 1 to 6 as `rankSections` runs them (same query terms, prefix and typo expansion, per-page
 * cap), with the per-posting scoring and the length normalisation of a variant. Ids, best first.
 */
function rankVariant(index: SearchIndex, query: string, variant: ScoringVariant): string[] {
  if (query.trim() === '') return [];
  const n = index.sectionCount;
  const weighted: { position: number; weight: number }[] = [];
  for (const term of queryTerms(index, query).terms) {
    const exact = findTerm(index, term);
    if (exact !== -1) {
      weighted.push({ position: exact, weight: idf(n, index.df[exact] ?? 0) });
      continue;
    }
    const prefixed = term.length >= 3 ? findPrefixed(index, term, 8) : [];
    if (prefixed.length > 0) {
      for (const position of prefixed) weighted.push({ position, weight: 0.8 * idf(n, index.df[position] ?? 0) });
      continue;
    }
    if (term.length >= 5) for (const position of findNear(index, term, 4)) weighted.push({ position, weight: 0.6 * idf(n, index.df[position] ?? 0) });
  }
  const average = index.avgLength || 1;
  const factorOf = (section: number): number => 1 - BM25_B + (BM25_B * (index.lengths[section] ?? 0)) / average;
  const scores = new Map<number, number>();
  for (const { position, weight } of weighted) {
    for (const posting of index.postings(position)) {
      const section = posting >>> FLAG_BITS;
      const factor = factorOf(section);
      let gained = 0;
      if (posting & IN_BODY) gained += variant.body(weight, factor);
      if (posting & IN_SIGNAL) gained += variant.signal(weight, factor);
      if (posting & IN_HEADING) gained += variant.heading(weight, factor);
      if (gained > 0) scores.set(section, (scores.get(section) ?? 0) + gained);
    }
  }
  const ranked = [...scores]
    .map(([section, score]) => [section, variant.divideWhole ? score / floored(factorOf(section)) : score] as const)
    .sort((a, b) => b[1] - a[1] || a[0] - b[0]);
  return capPerPage(ranked.map(([section]) => index.id(section)));
}

// ---------------------------------------------------------------------------------------
// Tables

function markdownTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]): string => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map((_, at) => (at === 0 ? '---' : '---:'))), ...rows.map(line)].join('\n');
}

function qualityRow(name: string, summary: EvalSummary): string[] {
  return [
    name,
    fixed(summary.overall.mrr),
    fixed(summary.overall.recall),
    ...QUERY_KINDS.flatMap((kind) => [fixed(summary.byKind[kind].mrr), fixed(summary.byKind[kind].recall)]),
  ];
}

function qualityHeader(queries: readonly EvalQuery[], first = 'engine'): string[] {
  const count = (kind: string): number => queries.filter((query) => query.kind === kind).length;
  return [first, `MRR@6 all (${queries.length})`, 'R@6 all', ...QUERY_KINDS.flatMap((kind) => [`MRR ${kind} (${count(kind)})`, `R ${kind}`])];
}

const ms = (value: number): string => (value >= 100 ? value.toFixed(0) : value >= 10 ? value.toFixed(1) : value.toFixed(2));
const mib = (bytes: number): string => (bytes / 1024 / 1024).toFixed(1);
const micros = (milliseconds: number): string => `${(milliseconds * 1000).toFixed(milliseconds < 0.1 ? 1 : 0)}`;

function percentile(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))] ?? 0;
}

// ---------------------------------------------------------------------------------------
// 1 and 2: quality and ablation

/** What the targets of the search issue are checked against. */
interface QualityFigures {
  readonly ours: number;
  readonly others: readonly { readonly name: string; readonly mrr: number }[];
}

interface SpeedFigures {
  readonly pages: number;
  readonly oursP50: number;
  readonly fastestOther: { readonly name: string; readonly p50: number };
  readonly diskLoadMs: number;
}

async function quality(out: string[]): Promise<QualityFigures> {
  const queries = await loadEvalQueries();
  const digest = await fixtureDigest();
  try {
    const corpus = await readCorpus(FIXTURES_DIR, digest.dir);
    const built = new Map<string, Engine>();
    for (const kind of [...ENGINES, ...QUALITY_ONLY]) {
      // ours as shipped: the tables the digest build wrote
      built.set(kind.name, kind === ours ? ourEngine(openSearchTables(corpus.tables), corpus.siteUrl) : await kind.build(corpus));
    }
    const summaries = new Map<string, EvalSummary>();
    for (const [name, engine] of built) summaries.set(name, evaluate(queries, (query) => engine.search(query)));
    const figures: QualityFigures = {
      ours: summaries.get(ours.name)?.overall.mrr ?? 0,
      others: [...summaries].filter(([name]) => name !== ours.name).map(([name, summary]) => ({ name, mrr: summary.overall.mrr })),
    };

    out.push(
      `## Retrieval quality on content-fixtures`,
      '',
      `${queries.length} labelled queries (\`test/eval/queries.json\`), ${corpus.sections.length} sections, digest ${digest.origin === 'committed' ? 'committed (`digest/`)' : 'built offline into a temporary folder'}. Every engine: at most ${EVAL_PER_PAGE_CAP} sections per page, top ${EVAL_K}. R = recall@6.`,
      '',
      markdownTable(qualityHeader(queries), [...summaries].map(([name, summary]) => qualityRow(name, summary))),
      '',
    );

    // Ablation: each feature off in turn; stem off needs tables tokenised without stemming.
    const shipped = openSearchTables(corpus.tables);
    const unstemmed = openSearchIndex(buildSearchIndex({ sections: corpus.sections, nodes: corpus.nodes, glossary: corpus.glossary, stem: false }));
    const variants: [string, SearchIndex, Partial<ScoringFeatures>][] = [
      ['all features', shipped, {}],
      ['glossary off', shipped, { glossary: false }],
      ['signal off', shipped, { signal: false }],
      ['floor off', shipped, { floor: false }],
      ['prefix off', shipped, { prefix: false }],
      ['fuzzy off', shipped, { fuzzy: false }],
      ['stem off', unstemmed, {}],
      ['prefix and fuzzy off', shipped, { prefix: false, fuzzy: false }],
      ['glossary and signal off', shipped, { glossary: false, signal: false }],
    ];
    const base = evaluate(queries, (query) => ourEngine(shipped, corpus.siteUrl).search(query));
    const rows = variants.map(([name, index, features]) => {
      const summary = evaluate(queries, (query) => ourEngine(index, corpus.siteUrl, features).search(query));
      const delta = (value: number, reference: number): string => `${value - reference >= 0 ? '+' : ''}${fixed(value - reference)}`;
      return [
        name,
        fixed(summary.overall.mrr),
        delta(summary.overall.mrr, base.overall.mrr),
        fixed(summary.overall.recall),
        fixed(summary.byKind.question.mrr),
        delta(summary.byKind.question.mrr, base.byKind.question.mrr),
        ...(['keyword', 'identifier', 'error'] as const).map((kind) => fixed(summary.byKind[kind].mrr)),
      ];
    });
    out.push(
      '## Ablation of our scorer',
      '',
      'Each feature switched off in turn (`rankSections` `features`; stem off: a second index built with `stem: false`).',
      '',
      markdownTable(['variant', 'MRR@6 all', 'Δ all', 'R@6 all', 'MRR@6 question', 'Δ question', 'MRR keyword', 'MRR identifier', 'MRR error'], rows),
      '',
    );

    // Rule 5's floor, swept: where the shipped value comes from.
    const floorRows = FLOOR_SWEEP.map((floor) => {
      const summary = evaluate(queries, (query) => ourEngine(shipped, corpus.siteUrl, undefined, floor).search(query));
      return [`${floor}${floor === LENGTH_FLOOR ? ' (shipped)' : ''}`, fixed(summary.overall.mrr), fixed(summary.overall.recall), ...(['keyword', 'identifier', 'error', 'question'] as const).map((kind) => fixed(summary.byKind[kind].mrr))];
    });
    out.push(
      "## Rule 5's floor, swept",
      '',
      'The length factor `1 - b + b · len / avg` (b 0.75) floored at each value; a floor `f` leaves sections up to `(f - 1 + b) / b` times the average length undivided relative to each other.',
      '',
      markdownTable(['floor', 'MRR@6 all', 'R@6 all', 'MRR keyword', 'MRR identifier', 'MRR error', 'MRR question'], floorRows),
      '',
    );

    // Experiments: the scoring formula varied over the same tables, stemmed and not.
    const shippedIds = queries.map((query) => ourEngine(shipped, corpus.siteUrl).search(query.query).join(' '));
    const replicaIds = queries.map((query) => rankVariant(shipped, query.query, VARIANTS[0] ?? { name: '', body: () => 0, signal: () => 0, heading: () => 0, divideWhole: true }).join(' '));
    const faithful = shippedIds.every((ids, at) => ids === replicaIds[at]);
    const experimentRows = [shipped, unstemmed].flatMap((index) =>
      VARIANTS.map((variant) => qualityRow(`${variant.name}${index === unstemmed ? ', stem off' : ''}`, evaluate(queries, (query) => rankVariant(index, query, variant)))),
    );
    out.push(
      '## Experiments: the scoring formula varied (bench only, not the product)',
      '',
      `The same query terms, expansions and per-page cap as \`rankSections\`, over the same tables; only how a posting earns and where rule 5's length factor \`1 - b + b · len / avg\` (b ${BM25_B}, floored at ${LENGTH_FLOOR} as shipped) applies change. The replica ${faithful ? 'ranks every query exactly as `searchKeyword` does' : 'DIFFERS from `searchKeyword` on some queries: the scorer changed since this bench was written'}.`,
      '',
      markdownTable(qualityHeader(queries, 'variant'), experimentRows),
      '',
    );
    return figures;
  } finally {
    await digest.dispose();
  }
}

// ---------------------------------------------------------------------------------------
// 3: speed on generated corpora

/** A generated corpus and its offline digest, in the folder `bench:build` leaves them in (a no-op build when it ran). */
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
    const words = source.split(/[^\p{L}\p{N}-]+/u).filter((word) => word.length > 2);
    if (words.length === 0) continue;
    const length = 1 + Math.floor(random() * 4);
    const start = Math.floor(random() * Math.max(1, words.length - length));
    const chosen = words.slice(start, start + length).map((word) => word.toLowerCase());
    const last = chosen[chosen.length - 1];
    if (last !== undefined && last.length > 5 && random() < 0.25) chosen[chosen.length - 1] = last.slice(0, 3 + Math.floor(random() * 3));
    queries.push(chosen.join(' '));
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

async function speed(pages: number, seed: number, queryCount: number, out: string[]): Promise<SpeedFigures> {
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
  // a short warm-up, then the timed pass; engines take turns query by query, in a rotating order
  const warmUp = Math.min(WARM_UP_QUERIES, Math.ceil(queries.length / 4));
  for (const { engine } of engines) for (const query of queries.slice(0, warmUp)) engine.search(query);
  const times = engines.map(() => [] as number[]);
  queries.forEach((query, at) => {
    for (let turn = 0; turn < engines.length; turn += 1) {
      const which = (at + turn) % engines.length;
      const t0 = performance.now();
      engines[which]?.engine.search(query);
      times[which]?.push(performance.now() - t0);
    }
  });
  const diskLoad = await medianColdLoadMs(benchCorpusPaths(pages, seed).outDir, 5);
  const rows: SpeedRow[] = engines.map(({ row }, at) => {
    const sorted = [...(times[at] ?? [])].sort((a, b) => a - b);
    return { ...row, p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95), mean: sorted.reduce((a, b) => a + b, 0) / Math.max(1, sorted.length) };
  });
  out.push(
    `## Speed at ${pages.toLocaleString('en-US')} generated pages`,
    '',
    `${corpus.sections.length.toLocaleString('en-US')} sections (seed ${seed}); ${queries.length} queries of 1-4 words (a quarter ending in a partial word, a tenth identifiers), ${Math.min(WARM_UP_QUERIES, Math.ceil(queries.length / 4))} warm-up queries, then engines interleaved query by query. Index: building from the sections in memory (ours: \`buildSearchIndex\` with the digest nodes and glossary). Load: parsing the serialized text (ours: \`openSearchTables\` over the bytes of its four files), the cold start, measured once. Every engine is queried through its loaded copy. Ours returns finished results with snippets; the row below it times \`rankSections\` alone.`,
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
function targetRows(quality: QualityFigures, speeds: readonly SpeedFigures[]): string[][] {
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

// ---------------------------------------------------------------------------------------

/**
 * Every engine's index of a 10k-page corpus lives in this process at once (queries interleave),
 * more than Node's default heap: the bench runs itself again with a larger heap (and `gc`).
 */
const HEAP_MIB = 12_288;

function rerunWithLargerHeap(): Promise<number> | null {
  if (process.env['ASK_BENCH_SEARCH_CHILD'] === '1' || getHeapStatistics().heap_size_limit >= (HEAP_MIB / 2) * 1024 ** 2) return null;
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, [`--max-old-space-size=${HEAP_MIB}`, '--expose-gc', '--import', 'tsx', fileURLToPath(import.meta.url), ...process.argv.slice(2)], {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, ASK_BENCH_SEARCH_CHILD: '1' },
    });
    proc.once('error', reject);
    proc.once('exit', (code) => resolve(code ?? 1));
  });
}

async function main(): Promise<void> {
  const rerun = rerunWithLargerHeap();
  if (rerun !== null) {
    process.exitCode = await rerun;
    return;
  }
  const { values } = parseArgs({
    options: {
      pages: { type: 'string', default: '1000,10000' },
      seed: { type: 'string', default: '1' },
      // per corpus, in the order of --pages (the last repeats): fewer where the slowest engines take seconds a query
      queries: { type: 'string', default: '150,60' },
      'skip-speed': { type: 'boolean', default: false },
    },
  });
  const started = performance.now();
  const out: string[] = [
    '# Search benchmark',
    '',
    `\`npm run bench:search\`, Node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${os.platform()}.`,
    '',
  ];
  const qualityFigures = await quality(out);
  console.log(out.join('\n'));
  const speeds: SpeedFigures[] = [];
  if (!values['skip-speed']) {
    const counts = values.queries.split(',').map(Number);
    for (const [at, pages] of values.pages.split(',').map(Number).entries()) {
      const before = out.length;
      speeds.push(await speed(pages, Number(values.seed), counts[Math.min(at, counts.length - 1)] ?? 100, out));
      console.log(out.slice(before).join('\n'));
    }
  }
  const targets = ['## Targets', '', markdownTable(['target', 'measured', ''], targetRows(qualityFigures, speeds)), ''];
  out.push(...targets);
  console.log(targets.join('\n'));
  out.push(`Total ${((performance.now() - started) / 1000).toFixed(0)} s.`, '');
  await publishResults('search', out.join('\n'));
  console.log(`Total ${((performance.now() - started) / 1000).toFixed(0)} s. Written to bench-results/search.md`);
}

await main();

/**
 * The engines compared: ours, a plain BM25F, MiniSearch as VitePress sets it up, FlexSearch, Orama
 * and lunr, each built, serialised, loaded back and queried for ranked section ids.
 */
import { Document as FlexDocument, type DocumentData } from 'flexsearch';
import lunr from 'lunr';
import MiniSearch, { type Options as MiniSearchOptions } from 'minisearch';
import { create as createOrama, insertMultiple, load as loadOrama, save as saveOrama, search as searchOrama, type AnyOrama, type RawData } from '@orama/orama';
import { DIGEST_FILES } from '../../pipeline/format/paths.ts';
import { buildSearchIndex, openSearchIndex, openSearchTables, searchKeyword, searchTableFiles, type ScoringFeatures, type SearchIndex, type SearchTables } from '../../pipeline/search/index.ts';
import { capPerPage, EVAL_K, EVAL_PER_PAGE_CAP, urlToId } from './eval.ts';
import type { Corpus, SectionDoc } from './search-corpus.ts';

/** How many ranked ids another engine is asked for before the per-page cap and the top 6. */
const RAW_LIMIT = 50;

/** A serialised index: its size, and the cold start that turns it back into an engine. */
export interface Serialized {
  readonly bytes: number;
  load(): Engine | Promise<Engine>;
}

/** One engine: built from the docs, serialised, loaded back, queried for ranked section ids. */
export interface Engine {
  readonly name: string;
  /** Ranked section ids, already capped per page and cut to 6. */
  search(query: string): string[];
  /** The serialised index, or null when the engine has none (or it is too large for one string). */
  serialize(): Serialized | null;
}

export interface EngineKind {
  readonly name: string;
  build(corpus: Corpus): Engine | Promise<Engine>;
}

/** A JSON text and the function that loads it back. */
function serializedText(text: string, load: (text: string) => Engine | Promise<Engine>): Serialized {
  return { bytes: Buffer.byteLength(text), load: () => load(text) };
}

export function ourEngine(index: SearchIndex, siteUrl: string, features?: Partial<ScoringFeatures>, lengthFloor?: number): Engine {
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

export const ours: EngineKind = {
  name: 'ask (ours)',
  build: (corpus) => {
    const tables = buildSearchIndex({ sections: corpus.sections, nodes: corpus.nodes, glossary: corpus.glossary, ...(corpus.pages === undefined ? {} : { pages: corpus.pages }) });
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
export const FLEX_EXPORT_MAX_SECTIONS = 20_000;

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
 * per-field length normalisation, field weights title 3, heading 3, body 1, k1 1.2, b 0.75 (the
 * baseline the search issue names).
 */
const BM25F_K1 = 1.2;
const BM25F_B = 0.75;
const BM25F_WEIGHTS = [3, 3, 1] as const;
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

export const ENGINES: readonly EngineKind[] = [ours, bm25fKind, miniSearch, flexSearch, orama, lunrKind];
/** Engines of the quality table only (the fused FlexSearch ranks the same index as FlexSearch). */
export const QUALITY_ONLY: readonly EngineKind[] = [flexSearchFused];

import { memoKey } from './index-memo.ts';
import type { KeywordResult } from '../format/wire.ts';
import type { SearchOptions } from '../types.ts';
import { FLAG_BITS, IN_BODY, IN_HEADING, IN_SIGNAL, type SectionRow } from '../format/search-tables.ts';
import type { SearchIndex } from './open.ts';
import { queryTerms } from './query-terms.ts';
import { snippetOf } from './snippet.ts';
import { snippetTerms } from './snippet-terms.ts';
import { topSections } from './top-k.ts';
import { findNear, findPrefixed, findTerm } from './vocabulary.ts';

/** Spec defaults (Limits table). */
const DEFAULT_MAX_RESULTS = 6;
const DEFAULT_PER_DOC_CAP = 2;
/** BM25 length normalisation strength (spec rule 5). */
export const BM25_B = 0.75;
/**
 * Rule 5's floor on the length factor. BM25's factor `1 - b + b * len / avg` falls below 1 for
 * sections shorter than average (to 0.25 for an empty one), which multiplies a stub's score up to
 * four times. With the floor at 4, no section is rewarded for being short, and sections up to
 * (4 - 1 + b) / b = 5 times the average length are not divided relative to each other: only the
 * long outliers (changelogs, whole reference pages) are divided down. A section's length is its
 * number of distinct body tokens (index-build.ts).
 *
 * Why that high: rule 4 scores a term once per section however often it occurs, so a long
 * section does not pile up term frequency, the main thing BM25's normalisation corrects; what is
 * left is its larger vocabulary, and in documentation the section that answers is often the
 * long, detailed one. On the six sets of bench:search (MRR@6, mean): 0.596 at 1, 0.704 at 1.5,
 * 0.740 at 2, 0.757 at 2.5, 0.769 at 3, 0.773 at 3.5 and 4, 0.775 at 5 (pnpm alone rises, so by
 * the bench's rule the floor stays at 4; chosen leave-one-out it scores the same on every set).
 */
export const LENGTH_FLOOR = 4;

/** Switches for what goes beyond the spec's rules; all on by default, off for the ablation. */
export interface ScoringFeatures {
  /** Rule 1, glossary expansion. */
  readonly glossary: boolean;
  /** Rule 2, stopwords dropped. */
  readonly stopwords: boolean;
  /** Rule 3, each term weighed by its IDF (off: every term weighs 1). */
  readonly idf: boolean;
  /** Rule 4's heading and title weight, three times (off: once). */
  readonly heading: boolean;
  /** Rule 4's digest signal weight. */
  readonly signal: boolean;
  /** Rule 5's floor (off: the plain BM25 factor). */
  readonly floor: boolean;
  /**
   * The last typed term, when unknown, matches the vocabulary terms it begins (as-you-type: only
   * the word being typed is partial; an unknown word before it is a typo or a word the docs lack).
   */
  readonly prefix: boolean;
  /** Unknown terms with no prefix match match terms one edit away. */
  readonly fuzzy: boolean;
  /** The page-kind prior after rule 5 (page-priors.ts). */
  readonly kindPrior: boolean;
}

const ALL_FEATURES: ScoringFeatures = { glossary: true, stopwords: true, idf: true, heading: true, signal: true, floor: true, prefix: true, fuzzy: true, kindPrior: true };

/** Weight of a term reached by prefix or by typo, relative to the term itself. */
const PREFIX_DISCOUNT = 0.8;
const FUZZY_DISCOUNT = 0.6;
const MAX_PREFIX_EXPANSIONS = 8;
const MAX_FUZZY_EXPANSIONS = 4;
const MIN_PREFIX_LENGTH = 3;
const MIN_FUZZY_LENGTH = 5;

export interface RankOptions extends SearchOptions {
  readonly features?: Partial<ScoringFeatures>;
  /** Rule 5's floor (default LENGTH_FLOOR); the benchmark sweeps it. */
  readonly lengthFloor?: number;
  /** Priors by page kind instead of those the tables were built with; the benchmark sweeps them. */
  readonly kindPriors?: Readonly<Record<string, number>>;
}

export interface RankedSection {
  readonly index: number;
  readonly score: number;
}

/** Rule 3: inverse document frequency (the BM25 form, always positive). */
export function idf(documentCount: number, documentFrequency: number): number {
  return Math.log(1 + (documentCount - documentFrequency + 0.5) / (documentFrequency + 0.5));
}

/** Rule 4's weight of a heading or page title match, relative to the body. */
const HEADING_WEIGHT = 3;

/** Rule 4 for one posting: weight for the body, again for the signal, three times for heading or title. */
function postingScore(flags: number, weight: number, hasDigest: boolean, features: ScoringFeatures): number {
  if (!hasDigest) return flags & IN_BODY ? weight : 0;
  let score = 0;
  if (flags & IN_BODY) score += weight;
  if (features.signal && flags & IN_SIGNAL) score += weight;
  if (flags & IN_HEADING) score += (features.heading ? HEADING_WEIGHT : 1) * weight;
  return score;
}

interface WeightedTerm {
  readonly position: number;
  readonly weight: number;
}

/** What a posting earns by its flags, for the term being scored (one array, filled term after term). */
const gains = new Float64Array(1 << FLAG_BITS);

/** Rule 4 for every combination of flags (the low FLAG_BITS of a posting), into `gains`. */
function fillGains(weight: number, hasDigest: boolean, features: ScoringFeatures): void {
  for (let flags = 0; flags < gains.length; flags += 1) gains[flags] = postingScore(flags, weight, hasDigest, features);
}

/**
 * Each query term with its vocabulary positions and weights: itself, else (the `partial` term
 * only) the terms it begins, else its typo neighbours.
 */
function resolveTerms(index: SearchIndex, terms: readonly string[], features: ScoringFeatures, partial: string | undefined): WeightedTerm[] {
  const resolved: WeightedTerm[] = [];
  const n = index.sectionCount;
  const add = (position: number, discount: number): void => {
    resolved.push({ position, weight: discount * (features.idf ? idf(n, index.df[position] ?? 0) : 1) });
  };
  for (const term of terms) {
    const exact = findTerm(index, term);
    if (exact !== -1) {
      add(exact, 1);
      continue;
    }
    const prefixed = features.prefix && term === partial && term.length >= MIN_PREFIX_LENGTH ? findPrefixed(index, term, MAX_PREFIX_EXPANSIONS) : [];
    if (prefixed.length > 0) {
      for (const position of prefixed) add(position, PREFIX_DISCOUNT);
      continue;
    }
    if (features.fuzzy && term.length >= MIN_FUZZY_LENGTH) for (const position of findNear(index, term, MAX_FUZZY_EXPANSIONS)) add(position, FUZZY_DISCOUNT);
  }
  return resolved;
}

/** Sections with their scores, in the order given. */
function withScores(sections: readonly number[], scores: Float64Array): RankedSection[] {
  return sections.map((section) => ({ index: section, score: scores[section] ?? 0 }));
}

/**
 * Rule 6 over the scored sections: best first, at most `perDocCap` a page, `maxResults` in all.
 * A cap of at least the number of results cannot skip anything (no page can hold more than
 * them all): the best `maxResults` are the answer, with no page counted (the budget route asks
 * for every match, capped at their number). Otherwise the cap only skips, so it applies to a
 * prefix of the best-first order: take the best few, and look deeper (four times as many) only
 * when skipped sections left fewer than `maxResults`; each page's count is kept in a map, so
 * every section taken or skipped costs the same however many came before.
 */
function cappedBest(index: SearchIndex, scores: Float64Array, touched: Int32Array, count: number, maxResults: number, perDocCap: number): RankedSection[] {
  if (perDocCap >= Math.min(maxResults, count)) return withScores(topSections(scores, touched, count, maxResults), scores);
  for (let limit = maxResults * Math.max(1, perDocCap); ; limit *= 4) {
    const takenOfPage = new Map<number, number>();
    const ranked: RankedSection[] = [];
    for (const section of topSections(scores, touched, count, limit)) {
      const page = index.page(section);
      const taken = takenOfPage.get(page) ?? 0;
      if (taken >= perDocCap) continue;
      takenOfPage.set(page, taken + 1);
      ranked.push({ index: section, score: scores[section] ?? 0 });
      if (ranked.length >= maxResults) return ranked;
    }
    if (limit >= count) return ranked;
  }
}

interface Scratch {
  readonly scores: Float64Array;
  readonly touched: Int32Array;
  /**
   * Per section, rule 5's divisor with the shipped floor, `max(LENGTH_FLOOR, 1 - b + b * len / avg)`,
   * divided by its page's kind prior (filled on first use).
   */
  divisors: Float64Array | null;
}

/** Per index, the score of every section and the list of those scored, reused query after query. */
const SCRATCH = memoKey<Scratch>('score arrays');

/** The index's scratch arrays; every score in them is 0 between queries (rankSections resets what it touched). */
function scratchFor(index: SearchIndex): Scratch {
  return index.memo.get(SCRATCH, () => ({ scores: new Float64Array(index.sectionCount), touched: new Int32Array(index.sectionCount), divisors: null }));
}

/** Rule 5's length factor of a section, floored unless `floor` is null. */
function lengthDivisor(index: SearchIndex, section: number, floor: number | null): number {
  const factor = 1 - BM25_B + (BM25_B * (index.lengths[section] ?? 0)) / (index.avgLength || 1);
  return floor === null ? factor : Math.max(floor, factor);
}

/** Per page, the prior of its kind (1 for guides and for kinds `priors` does not name). */
function pagePriors(index: SearchIndex, priors: Readonly<Record<string, number>>): Float64Array {
  const byPage = new Float64Array(index.pageCount).fill(1);
  for (const [kind, pages] of Object.entries(index.pageKinds)) {
    const prior = priors[kind] ?? 1;
    for (const page of pages) if (page < byPage.length) byPage[page] = prior;
  }
  return byPage;
}

/** Per section, rule 5's divisor with `floor` (null: none) over its page's prior (null: no prior). */
function sectionDivisors(index: SearchIndex, floor: number | null, priors: Readonly<Record<string, number>> | null): Float64Array {
  const byPage = priors === null ? null : pagePriors(index, priors);
  const divisors = new Float64Array(index.sectionCount);
  for (let section = 0; section < divisors.length; section += 1) {
    const length = index.hasDigest ? lengthDivisor(index, section, floor) : 1;
    divisors[section] = length / (byPage?.[index.page(section)] ?? 1);
  }
  return divisors;
}

/** The divisors of every section with the shipped floor and the tables' priors, computed once per index. */
function shippedDivisors(index: SearchIndex, arrays: Scratch): Float64Array {
  arrays.divisors ??= sectionDivisors(index, LENGTH_FLOOR, index.kindPriors);
  return arrays.divisors;
}

/** Rules 3 to 6 and the vocabulary positions scored (every query term as resolved). */
function rank(index: SearchIndex, query: string, options: RankOptions): { ranked: RankedSection[]; positions: number[] } {
  const features = options.features === undefined ? ALL_FEATURES : { ...ALL_FEATURES, ...options.features };
  const maxResults = options.maxResults ?? DEFAULT_MAX_RESULTS;
  const perDocCap = options.perDocCap ?? DEFAULT_PER_DOC_CAP;
  if (query.trim() === '' || maxResults <= 0) return { ranked: [], positions: [] };

  const { terms, expanded } = queryTerms(index, query, features.glossary, features.stopwords);
  // the word being typed: the last term before the glossary's additions
  const typed = terms.filter((term) => !expanded.includes(term));
  const weighted = resolveTerms(index, terms, features, typed.at(-1));
  const arrays = scratchFor(index);
  const { scores, touched } = arrays;
  let count = 0;
  try {
    const mask = (1 << FLAG_BITS) - 1;
    for (const { position, weight } of weighted) {
      fillGains(weight, index.hasDigest, features);
      const postings = index.postings(position);
      for (let at = 0; at < postings.length; at += 1) {
        const posting = postings[at] ?? 0;
        const gained = gains[posting & mask] ?? 0;
        if (gained === 0) continue;
        const section = posting >>> FLAG_BITS;
        const score = scores[section] ?? 0;
        if (score === 0) touched[count++] = section;
        scores[section] = score + gained;
      }
    }
    // rule 5, then the page-kind prior: one divisor per section (without a digest, the prior alone)
    const floor = features.floor ? (options.lengthFloor ?? LENGTH_FLOOR) : null;
    const priors = features.kindPrior ? (options.kindPriors ?? index.kindPriors) : null;
    const shipped = floor === LENGTH_FLOOR && priors === index.kindPriors;
    const divisors = shipped ? shippedDivisors(index, arrays) : sectionDivisors(index, floor, priors);
    for (let at = 0; at < count; at += 1) {
      const section = touched[at] ?? 0;
      scores[section] = (scores[section] ?? 0) / (divisors[section] ?? 1);
    }
    const ranked = cappedBest(index, scores, touched, count, maxResults, perDocCap);
    return { ranked, positions: weighted.map(({ position }) => position) };
  } finally {
    for (let at = 0; at < count; at += 1) scores[touched[at] ?? 0] = 0;
  }
}

/** The terms at vocabulary positions. */
function termsAt(index: SearchIndex, positions: readonly number[]): Set<string> {
  const terms = new Set<string>();
  for (const position of positions) terms.add(index.term(position));
  return terms;
}

/**
 * Rules 3 to 6 without the result shaping: every section with a positive score, best first
 * (ties in corpus order), the per-page cap applied, cut to `maxResults`.
 */
export function rankSections(index: SearchIndex, query: string, options: RankOptions = {}): { ranked: RankedSection[]; matched: Set<string> } {
  const { ranked, positions } = rank(index, query, options);
  return { ranked, matched: termsAt(index, positions) };
}

/** True when the posting list of one of `positions` gives `section` the body flag (the term is a token of its text). */
function inBody(index: SearchIndex, positions: readonly number[], section: number): boolean {
  for (const position of positions) {
    const postings = index.postings(position);
    // postings ascend by section: binary search for the first of `section`
    const key = section << FLAG_BITS;
    let low = 0;
    let high = postings.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((postings[middle] ?? 0) < key) low = middle + 1;
      else high = middle;
    }
    const posting = postings[low];
    if (posting !== undefined && posting >>> FLAG_BITS === section && posting & IN_BODY) return true;
  }
  return false;
}

/** A keyword result with the id of its section (what the agentic loop opens). */
export type SectionHit = KeywordResult & { readonly id: string; readonly score: number };

/**
 * The ranked sections shaped as results, each with a snippet around the first matched term.
 * With a digest, a section's body tokens are the tokens of its text (index-build.ts), so when no
 * scored term has the body flag there, the snippet does not tokenise the text to look for one.
 */
function results<T>(index: SearchIndex, query: string, options: RankOptions, shape: (row: SectionRow, score: number, snippet: string) => T): T[] {
  const { ranked, positions } = rank(index, query, options);
  if (ranked.length === 0) return [];
  const terms = snippetTerms(termsAt(index, positions));
  return ranked.map(({ index: section, score }) => {
    const row = index.row(section);
    const inTokens = (): boolean => !index.hasDigest || inBody(index, positions, section);
    return shape(row, score, snippetOf(index.flatText(section), terms, index.stemmed, inTokens));
  });
}

/** The one mapping of a section row to the spec's KeywordResult: heading and group only when present. */
function keywordResult({ title, heading, url, group }: SectionRow, snippet: string): KeywordResult {
  return { title, url, snippet, ...(heading === null ? {} : { heading }), ...(group === null ? {} : { group }) };
}

/** The ranked sections as results (see `keywordResult`), each with its section id and score. */
export function searchSections(index: SearchIndex, query: string, options: RankOptions = {}): SectionHit[] {
  return results(index, query, options, (row, score, snippet) => ({ id: row.id, score, ...keywordResult(row, snippet) }));
}

/** The one keyword scorer (spec "Keyword ranking"): the spec's KeywordResult list for a query. */
export function searchKeyword(index: SearchIndex, query: string, options: RankOptions = {}): KeywordResult[] {
  return results(index, query, options, (row, _score, snippet) => keywordResult(row, snippet));
}

import type { KeywordResult, SearchOptions } from '../types.ts';
import { FLAG_BITS, IN_BODY, IN_HEADING, IN_SIGNAL } from './index-format.ts';
import type { SearchIndex } from './open.ts';
import { queryTerms } from './query-terms.ts';
import { makeSnippet } from './snippet.ts';
import { topSections } from './top-k.ts';
import { findNear, findPrefixed, findTerm } from './vocabulary.ts';

/** Spec defaults (Limits table). */
export const DEFAULT_MAX_RESULTS = 6;
export const DEFAULT_PER_DOC_CAP = 2;
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
 * long, detailed one. On the four real docs corpora of bench:search (MRR@6, mean): 0.570 at 1,
 * 0.710 at 1.5, 0.754 at 2, 0.778 at 2.5, 0.789 at 3, 0.802 at 3.5, 0.803 at 4, 0.805 at 5 and
 * with no division at all; content-fixtures 0.764 at 2, 0.763 from 2.5 up.
 */
export const LENGTH_FLOOR = 4;

/** Switches for what goes beyond the spec's rules; all on by default, off for the ablation. */
export interface ScoringFeatures {
  /** Rule 1, glossary expansion. */
  readonly glossary: boolean;
  /** Rule 4's digest signal weight. */
  readonly signal: boolean;
  /** Rule 5's floor (off: the plain BM25 factor). */
  readonly floor: boolean;
  /** Unknown terms match vocabulary terms they begin (as-you-type). */
  readonly prefix: boolean;
  /** Unknown terms with no prefix match match terms one edit away. */
  readonly fuzzy: boolean;
}

export const ALL_FEATURES: ScoringFeatures = { glossary: true, signal: true, floor: true, prefix: true, fuzzy: true };

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
}

export interface RankedSection {
  readonly index: number;
  readonly score: number;
}

/** Rule 3: inverse document frequency (the BM25 form, always positive). */
export function idf(documentCount: number, documentFrequency: number): number {
  return Math.log(1 + (documentCount - documentFrequency + 0.5) / (documentFrequency + 0.5));
}

/** Rule 4 for one posting: weight for the body, again for the signal, three times for heading or title. */
function postingScore(flags: number, weight: number, hasDigest: boolean, useSignal: boolean): number {
  if (!hasDigest) return flags & IN_BODY ? weight : 0;
  let score = 0;
  if (flags & IN_BODY) score += weight;
  if (useSignal && flags & IN_SIGNAL) score += weight;
  if (flags & IN_HEADING) score += 3 * weight;
  return score;
}

interface WeightedTerm {
  readonly position: number;
  readonly weight: number;
}

/** Each query term with its vocabulary positions and weights: itself, else its prefix or typo neighbours. */
function resolveTerms(index: SearchIndex, terms: readonly string[], features: ScoringFeatures): WeightedTerm[] {
  const resolved: WeightedTerm[] = [];
  const n = index.sectionCount;
  const add = (position: number, discount: number): void => {
    resolved.push({ position, weight: discount * idf(n, index.df[position] ?? 0) });
  };
  for (const term of terms) {
    const exact = findTerm(index, term);
    if (exact !== -1) {
      add(exact, 1);
      continue;
    }
    const prefixed = features.prefix && term.length >= MIN_PREFIX_LENGTH ? findPrefixed(index, term, MAX_PREFIX_EXPANSIONS) : [];
    if (prefixed.length > 0) {
      for (const position of prefixed) add(position, PREFIX_DISCOUNT);
      continue;
    }
    if (features.fuzzy && term.length >= MIN_FUZZY_LENGTH) for (const position of findNear(index, term, MAX_FUZZY_EXPANSIONS)) add(position, FUZZY_DISCOUNT);
  }
  return resolved;
}

/**
 * Rule 6 over the scored sections: best first, at most `perDocCap` a page, `maxResults` in all.
 * The cap only skips, so it applies to a prefix of the best-first order: take the best few, and
 * look deeper (four times as many) only when skipped sections left fewer than `maxResults`.
 */
function cappedBest(index: SearchIndex, scores: Float64Array, touched: Int32Array, count: number, maxResults: number, perDocCap: number): RankedSection[] {
  for (let limit = maxResults * Math.max(1, perDocCap); ; limit *= 4) {
    const perPage = new Map<number, number>();
    const ranked: RankedSection[] = [];
    for (const section of topSections(scores, touched, count, limit)) {
      const page = index.page(section);
      const taken = perPage.get(page) ?? 0;
      if (taken >= perDocCap) continue;
      perPage.set(page, taken + 1);
      ranked.push({ index: section, score: scores[section] ?? 0 });
      if (ranked.length >= maxResults) return ranked;
    }
    if (limit >= count) return ranked;
  }
}

/** Per index, the score of every section and the list of those scored, reused query after query. */
const scratch = new WeakMap<SearchIndex, { scores: Float64Array; touched: Int32Array }>();

/** The index's scratch arrays; every score in them is 0 between queries (rankSections resets what it touched). */
function scratchFor(index: SearchIndex): { scores: Float64Array; touched: Int32Array } {
  let arrays = scratch.get(index);
  if (!arrays) {
    arrays = { scores: new Float64Array(index.sectionCount), touched: new Int32Array(index.sectionCount) };
    scratch.set(index, arrays);
  }
  return arrays;
}

/**
 * Rules 3 to 6 without the result shaping: every section with a positive score, best first
 * (ties in corpus order), the per-page cap applied, cut to `maxResults`.
 */
export function rankSections(index: SearchIndex, query: string, options: RankOptions = {}): { ranked: RankedSection[]; matched: Set<string> } {
  const features = { ...ALL_FEATURES, ...options.features };
  const maxResults = options.maxResults ?? DEFAULT_MAX_RESULTS;
  const perDocCap = options.perDocCap ?? DEFAULT_PER_DOC_CAP;
  if (query.trim() === '' || maxResults <= 0) return { ranked: [], matched: new Set() };

  const { terms } = queryTerms(index, query, features.glossary);
  const weighted = resolveTerms(index, terms, features);
  const { scores, touched } = scratchFor(index);
  let count = 0;
  try {
    const hasDigest = index.hasDigest;
    for (const { position, weight } of weighted) {
      for (const posting of index.postings(position)) {
        const section = posting >>> FLAG_BITS;
        const gained = postingScore(posting, weight, hasDigest, features.signal);
        if (gained === 0) continue;
        if (scores[section] === 0) touched[count++] = section;
        scores[section] = (scores[section] ?? 0) + gained;
      }
    }
    if (hasDigest) {
      const floor = options.lengthFloor ?? LENGTH_FLOOR;
      const average = index.avgLength || 1;
      const lengths = index.lengths;
      for (let at = 0; at < count; at += 1) {
        const section = touched[at] ?? 0;
        const factor = 1 - BM25_B + (BM25_B * (lengths[section] ?? 0)) / average;
        scores[section] = (scores[section] ?? 0) / (features.floor ? Math.max(floor, factor) : factor);
      }
    }
    const ranked = cappedBest(index, scores, touched, count, maxResults, perDocCap);
    const matched = new Set(weighted.map(({ position }) => index.term(position)));
    return { ranked, matched };
  } finally {
    for (let at = 0; at < count; at += 1) scores[touched[at] ?? 0] = 0;
  }
}

/** A keyword result with the id of its section (what the agentic loop opens). */
export type SectionHit = KeywordResult & { readonly id: string; readonly score: number };

/** The ranked sections as results: heading and group only when present, a snippet around the first matched term. */
export function searchSections(index: SearchIndex, query: string, options: RankOptions = {}): SectionHit[] {
  const { ranked, matched } = rankSections(index, query, options);
  return ranked.map(({ index: position, score }) => {
    const { id, title, heading, url, group, text } = index.row(position);
    const hit: SectionHit = { id, score, title, url, snippet: makeSnippet(text, matched, index.stemmed) };
    if (heading !== null) hit.heading = heading;
    if (group !== null) hit.group = group;
    return hit;
  });
}

/** The one keyword scorer (spec "Keyword ranking"): the spec's KeywordResult list for a query. */
export function searchKeyword(index: SearchIndex, query: string, options: RankOptions = {}): KeywordResult[] {
  return searchSections(index, query, options).map(({ title, heading, url, group, snippet }) => {
    const result: KeywordResult = { title, url, snippet };
    if (heading !== undefined) result.heading = heading;
    if (group !== undefined) result.group = group;
    return result;
  });
}

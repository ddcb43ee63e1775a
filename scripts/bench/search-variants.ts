/**
 * Variants of our scoring formula over the same tables (experiments, not the product).
 */
import { BM25_B, idf, LENGTH_FLOOR, queryTerms, type SearchIndex } from '../../pipeline/search/index.ts';
import { FLAG_BITS, IN_BODY, IN_HEADING, IN_SIGNAL } from '../../pipeline/format/search-tables.ts';
import { findNear, findPrefixed, findTerm } from '../../pipeline/search/vocabulary.ts';
import type { Section } from '../../pipeline/types.ts';
import { capPerPage } from './eval.ts';

/** How one posting earns: body, signal and heading parts, given the term weight and the section's BM25 length factor. */
interface ScoringVariant {
  readonly name: string;
  readonly body: (weight: number, factor: number) => number;
  readonly signal: (weight: number, factor: number) => number;
  readonly heading: (weight: number, factor: number) => number;
  /** Divide the whole score by max(LENGTH_FLOOR, factor) (what the shipped scorer does). */
  readonly divideWhole: boolean;
}

/** Rule 5's factor, floored as the shipped scorer floors it. */
const floored = (factor: number): number => Math.max(LENGTH_FLOOR, factor);

const K1 = 1.2;
export const VARIANTS: readonly ScoringVariant[] = [
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
 * cap, page-kind prior), with the per-posting scoring and the length normalisation of a variant. Ids, best first.
 */
export function rankVariant(index: SearchIndex, query: string, variant: ScoringVariant): string[] {
  if (query.trim() === '') return [];
  const n = index.sectionCount;
  const weighted: { position: number; weight: number }[] = [];
  const { terms, expanded } = queryTerms(index, query);
  const partial = terms.filter((term) => !expanded.includes(term)).at(-1);
  for (const term of terms) {
    const exact = findTerm(index, term);
    if (exact !== -1) {
      weighted.push({ position: exact, weight: idf(n, index.df[exact] ?? 0) });
      continue;
    }
    const prefixed = term === partial && term.length >= 3 ? findPrefixed(index, term, 8) : [];
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
  const priorOfPage = new Map<number, number>();
  for (const [kind, pages] of Object.entries(index.pageKinds)) for (const page of pages) priorOfPage.set(page, index.kindPriors[kind] ?? 1);
  const prior = (section: number): number => priorOfPage.get(index.page(section)) ?? 1;
  const ranked = [...scores]
    .map(([section, score]) => [section, (variant.divideWhole ? score / floored(factorOf(section)) : score) * prior(section)] as const)
    .sort((a, b) => b[1] - a[1] || a[0] - b[0]);
  return capPerPage(ranked.map(([section]) => index.id(section)));
}

/**
 * Heading context tried for question-kind queries (issue 28, item 3): the tables built again from
 * sections whose heading carries more of where they sit. Not the product unless the rule keeps it.
 */
export const HEADING_CONTEXT: readonly { readonly name: string; readonly sections: (sections: readonly Section[]) => Section[] }[] = [
  {
    name: 'a ### section under its ## heading as well',
    sections: (sections) => {
      let page = '';
      let parent: string | null = null;
      return sections.map((section) => {
        if (section.pageSlug !== page) [page, parent] = [section.pageSlug, null];
        if (section.depth === 2) parent = section.heading;
        return section.depth === 3 && parent !== null ? { ...section, heading: `${parent}\n${section.heading ?? ''}` } : section;
      });
    },
  },
  { name: 'the navigation group as heading', sections: (sections) => sections.map((section) => (section.group === null ? section : { ...section, heading: `${section.group}\n${section.heading ?? ''}` })) },
];

import { memoKey } from './index-memo.ts';
import type { SearchIndex } from './open.ts';
import { STOPWORDS } from './stopwords.ts';
import { stem } from './stem.ts';
import { uniqueTokens } from './tokenize.ts';

/** Spec rule 1: glossary expansion adds at most this many terms. */
export const MAX_GLOSSARY_TERMS = 24;

/** Stopwords as written and as stemmed, since query tokens arrive stemmed. */
const STOP_FORMS: ReadonlySet<string> = new Set([...STOPWORDS, ...[...STOPWORDS].map(stem)]);

export interface QueryTerms {
  /** The terms that are scored, in query order (expansions after the typed terms). */
  readonly terms: readonly string[];
  /** The terms added by glossary expansion (a subset of `terms`). */
  readonly expanded: readonly string[];
}

/** Per index: for each token, the glossary entries with a phrase that starts with it (-1: an entry with an empty phrase, always a candidate). */
interface EntriesByFirstToken {
  readonly byToken: Map<string, number[]>;
  readonly always: number[];
}
const ENTRIES_BY_FIRST_TOKEN = memoKey<EntriesByFirstToken>('glossary entries by first token');

function glossaryIndex(index: SearchIndex): EntriesByFirstToken {
  return index.memo.get(ENTRIES_BY_FIRST_TOKEN, () => {
    const byToken = new Map<string, number[]>();
    const always: number[] = [];
    index.glossary.forEach((entry, at) => {
      for (const phrase of entry.phrases) {
        const first = phrase[0];
        if (first === undefined) {
          always.push(at);
          continue;
        }
        const list = byToken.get(first);
        if (list === undefined) byToken.set(first, [at]);
        else if (list[list.length - 1] !== at) list.push(at);
      }
    });
    return { byToken, always };
  });
}

/**
 * Rule 1: when the query holds every token of a glossary phrase (the term or one of its
 * aliases), the tokens of that entry (term and aliases) are added. Additive, capped at 24.
 * Entries are tried in order, each against the tokens present by then (the query's and those
 * added before it); only entries with a phrase whose first token is present can match, and the
 * index of entries by first token finds them without trying the others.
 */
export function expandWithGlossary(index: SearchIndex, tokens: readonly string[]): string[] {
  const { byToken, always } = glossaryIndex(index);
  // candidates[at]: entry `at` has a phrase whose first token is present
  let candidates: Uint8Array | null = null;
  const mark = (token: string, after: number): void => {
    for (const at of byToken.get(token) ?? []) {
      if (at <= after) continue;
      candidates ??= new Uint8Array(index.glossary.length);
      candidates[at] = 1;
    }
  };
  for (const token of tokens) mark(token, -1);
  for (const at of always) {
    candidates ??= new Uint8Array(index.glossary.length);
    candidates[at] = 1;
  }
  if (candidates === null) return [];
  const present = new Set(tokens);
  const added: string[] = [];
  for (let at = 0; at < index.glossary.length; at += 1) {
    if (candidates[at] !== 1) continue;
    const entry = index.glossary[at];
    if (entry === undefined || !entry.phrases.some((phrase) => phrase.every((token) => present.has(token)))) continue;
    for (const token of entry.add) {
      if (added.length >= MAX_GLOSSARY_TERMS) return added;
      if (present.has(token)) continue;
      present.add(token);
      added.push(token);
      // an entry after this one may now match through the added token
      mark(token, at);
    }
  }
  return added;
}

/**
 * Rules 1 and 2: tokenise the query the way the tables were tokenised, expand it with the
 * glossary, then drop stopwords, unless every term is a stopword, in which case the raw terms stay.
 */
export function queryTerms(index: SearchIndex, query: string, useGlossary = true, useStopwords = true): QueryTerms {
  const typed = uniqueTokens(query, { stem: index.stemmed });
  const expanded = useGlossary ? expandWithGlossary(index, typed) : [];
  const all = expanded.length === 0 ? typed : [...typed, ...expanded];
  const kept = useStopwords ? all.filter((term) => !STOP_FORMS.has(term)) : all;
  return { terms: kept.length > 0 ? kept : all, expanded: expanded.filter((term) => kept.includes(term)) };
}

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

/**
 * Rule 1: when the query holds every token of a glossary phrase (the term or one of its
 * aliases), the tokens of that entry (term and aliases) are added. Additive, capped at 24.
 */
export function expandWithGlossary(index: SearchIndex, tokens: readonly string[]): string[] {
  const present = new Set(tokens);
  const added: string[] = [];
  for (const entry of index.glossary) {
    if (!entry.phrases.some((phrase) => phrase.every((token) => present.has(token)))) continue;
    for (const token of entry.add) {
      if (added.length >= MAX_GLOSSARY_TERMS) return added;
      if (present.has(token)) continue;
      present.add(token);
      added.push(token);
    }
  }
  return added;
}

/**
 * Rules 1 and 2: tokenise the query the way the tables were tokenised, expand it with the
 * glossary, then drop stopwords, unless every term is a stopword, in which case the raw terms stay.
 */
export function queryTerms(index: SearchIndex, query: string, useGlossary = true): QueryTerms {
  const typed = uniqueTokens(query, { stem: index.stemmed });
  const expanded = useGlossary ? expandWithGlossary(index, typed) : [];
  const all = [...typed, ...expanded];
  const kept = all.filter((term) => !STOP_FORMS.has(term));
  return { terms: kept.length > 0 ? kept : all, expanded: expanded.filter((term) => kept.includes(term)) };
}

import { firstWordStart, type SnippetTerms } from './snippet-terms.ts';
import { tokenSpans } from './tokenize.ts';

/** Characters of a snippet at most, ellipses excluded. */
export const SNIPPET_LENGTH = 180;
/** Characters of context kept before the first matched term. */
const LEAD = 50;

/**
 * The runs of white space that are not already one plain space: every run of `\s` becomes one
 * space, but a single space (most of them) is left alone instead of being replaced by itself.
 */
const SPACING = /\s{2,}|[^\S ]/g;

/** Every run of white space as one space (the text's ends not trimmed). */
function collapse(text: string): string {
  return text.replace(SPACING, ' ');
}

function cutBackToSpace(text: string, end: number): number {
  if (end >= text.length) return text.length;
  const space = text.lastIndexOf(' ', end);
  return space > 0 ? space : end;
}

function cutForwardToSpace(text: string, start: number): number {
  if (start <= 0) return 0;
  const space = text.indexOf(' ', start);
  return space === -1 ? start : space + 1;
}

/**
 * Where the first matched term stands among the text's tokens. Most terms (stems and identifiers)
 * are written as they are, at the start of a word, and `firstWordStart` finds them; a stem that
 * is not (`policy` from `policies`) is found here: the first run holding a matched token. That is
 * the earliest of each matched token's first run, so the text is tokenised once, whole, and the
 * first run of each of its tokens kept with it for the next query that needs one.
 */
function firstTokenMatch(text: FlatText, matched: ReadonlySet<string>, stemmed: boolean): number {
  if (text.tokenStarts === null) {
    const starts = new Map<string, number>();
    for (const span of tokenSpans(text.flat, { stem: stemmed })) for (const token of span.tokens) if (!starts.has(token)) starts.set(token, span.start);
    text.tokenStarts = starts;
  }
  let first = -1;
  for (const term of matched) {
    const start = text.tokenStarts.get(term);
    if (start !== undefined && (first === -1 || start < first)) first = start;
  }
  return first === -1 ? 0 : first;
}

/** The excerpt of the whole flattened text around `anchor` (rule 6's cuts). */
function excerpt(flat: string, anchor: number): string {
  let start = anchor <= LEAD ? 0 : cutForwardToSpace(flat, anchor - LEAD);
  if (start > anchor) start = anchor;
  if (flat.length - start < SNIPPET_LENGTH) start = cutForwardToSpace(flat, flat.length - SNIPPET_LENGTH);
  const end = cutBackToSpace(flat, start + SNIPPET_LENGTH);
  return `${start > 0 ? '…' : ''}${flat.slice(start, end).trim()}${end < flat.length ? '…' : ''}`;
}

/** A section's text flattened (runs of white space as one space, ends trimmed) and lower-cased: what snippets are cut from. */
export interface FlatText {
  readonly flat: string;
  /** `flat` lower-cased, where terms are looked for (empty when `flat` is short enough to be the snippet). */
  readonly lower: string;
  /** Where each token of `flat` first stands (the start of its first run), once a snippet needed it. */
  tokenStarts: Map<string, number> | null;
}

/** The flattened text a snippet is cut from; a section shown again and again is flattened once (open.ts keeps it with the row). */
export function flatText(text: string): FlatText {
  const flat = collapse(text).trim();
  return { flat, lower: flat.length <= SNIPPET_LENGTH ? '' : flat.toLowerCase(), tokenStarts: null };
}

/**
 * Rule 6: a snippet excerpted around the first matched term of the text: up to 180 characters,
 * starting up to 50 characters before that term, cut on word boundaries, with `…` where the
 * text was cut. With no matched term in the text, its beginning.
 *
 * `inTokens: false` says that no matched term is a token of the text (the tables know it: no
 * posting of the section has the body flag), so the text is not tokenised to look for one; a
 * function is asked only when no term starts a word of the text.
 */
export function snippetOf(text: FlatText, terms: SnippetTerms, stemmed: boolean, inTokens: boolean | (() => boolean) = true): string {
  const { flat } = text;
  if (flat.length <= SNIPPET_LENGTH) return flat;
  // every anchor up to LEAD gives the same excerpt (it starts at the text's start)
  let anchor = firstWordStart(text.lower, terms, LEAD);
  if (anchor === -1) anchor = (typeof inTokens === 'boolean' ? inTokens : inTokens()) ? firstTokenMatch(text, terms.matched, stemmed) : 0;
  return excerpt(flat, anchor);
}


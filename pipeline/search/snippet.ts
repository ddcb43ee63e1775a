import { tokenSpans } from './tokenize.ts';

/** Characters of a snippet at most, ellipses excluded. */
export const SNIPPET_LENGTH = 180;
/** Characters of context kept before the first matched term. */
const LEAD = 50;

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

const WORD_CHARACTER = /[\p{L}\p{N}]/u;

/**
 * Where the first matched term stands in the text. Most terms (stems and identifiers) are written
 * as they are, at the start of a word, so a plain search for each finds them; a stem that is not
 * (`policy` from `policies`) is found by tokenising the text up to its first match.
 */
function firstMatch(text: string, matched: ReadonlySet<string>, stemmed: boolean): number {
  const lower = text.toLowerCase();
  let best = -1;
  for (const term of matched) {
    for (let at = lower.indexOf(term); at !== -1 && (best === -1 || at < best); at = lower.indexOf(term, at + 1)) {
      if (at === 0 || !WORD_CHARACTER.test(lower.charAt(at - 1))) {
        best = at;
        break;
      }
    }
  }
  if (best !== -1) return best;
  for (const span of tokenSpans(text, { stem: stemmed })) {
    if (span.tokens.some((token) => matched.has(token))) return span.start;
  }
  return 0;
}

/**
 * Rule 6: a snippet excerpted around the first matched term of the text: up to 180 characters,
 * starting up to 50 characters before that term, cut on word boundaries, with `…` where the
 * text was cut. With no matched term in the text, its beginning.
 */
export function makeSnippet(text: string, matched: ReadonlySet<string>, stemmed: boolean): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= SNIPPET_LENGTH) return flat;
  const anchor = firstMatch(flat, matched, stemmed);
  let start = anchor <= LEAD ? 0 : cutForwardToSpace(flat, anchor - LEAD);
  if (start > anchor) start = anchor;
  if (flat.length - start < SNIPPET_LENGTH) start = cutForwardToSpace(flat, flat.length - SNIPPET_LENGTH);
  const end = cutBackToSpace(flat, start + SNIPPET_LENGTH);
  return `${start > 0 ? '…' : ''}${flat.slice(start, end).trim()}${end < flat.length ? '…' : ''}`;
}

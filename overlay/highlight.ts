import { stem } from '../pipeline/search/stem.ts';
import { STOPWORDS } from '../pipeline/search/stopwords.ts';

/**
 * Marking the query's words in a snippet. The terms are the query's words less stopwords (as the
 * server's scorer drops them), each with its stem, so `configuring` marks `configure` and a word
 * still being typed (`worksp`) marks `workspaces`. The text is only ever split into parts: the
 * caller appends text nodes and `<mark>` elements, never HTML.
 */

const WORD = /[\p{L}\p{N}][\p{L}\p{N}\p{M}]*/gu;

/** The lower-cased terms of a query to mark, longest first. */
export function highlightTerms(query: string): string[] {
  const words = query.toLowerCase().match(WORD) ?? [];
  const meaningful = words.filter((word) => !STOPWORDS.has(word));
  const terms = new Set<string>();
  for (const word of meaningful.length > 0 ? meaningful : words) {
    terms.add(word);
    terms.add(stem(word));
  }
  return [...terms].sort((a, b) => b.length - a.length);
}

export interface TextPart {
  readonly text: string;
  readonly mark: boolean;
}

function matches(word: string, terms: readonly string[]): boolean {
  const lower = word.toLowerCase();
  // a one-letter term marks only itself, not every word that starts with it
  return terms.some((term) => (term.length > 1 ? lower.startsWith(term) : lower === term));
}

/** `text` cut into runs, each word that starts with a term marked; the runs join back to `text`. */
export function highlightParts(text: string, terms: readonly string[]): TextPart[] {
  const parts: TextPart[] = [];
  let plain = 0;
  if (terms.length > 0) {
    for (const match of text.matchAll(WORD)) {
      if (!matches(match[0], terms)) continue;
      if (match.index > plain) parts.push({ text: text.slice(plain, match.index), mark: false });
      parts.push({ text: match[0], mark: true });
      plain = match.index + match[0].length;
    }
  }
  if (plain < text.length) parts.push({ text: text.slice(plain), mark: false });
  return parts;
}

/** Appends `text` to `parent` as text nodes, with `<mark>` around the matched words. */
export function appendHighlighted(parent: Element, text: string, terms: readonly string[]): void {
  const document = parent.ownerDocument;
  for (const part of highlightParts(text, terms)) {
    if (!part.mark) {
      parent.append(document.createTextNode(part.text));
      continue;
    }
    const mark = document.createElement('mark');
    mark.textContent = part.text;
    parent.append(mark);
  }
}

/**
 * Where a snippet starts: the first place in a section's lower-cased text where a matched term
 * starts a word (the character before it, if any, is no letter or digit). A query's terms are
 * grouped once by their first three characters, and the text is scanned once per group, not once
 * per term: the expansions of a word being typed (`cle`: `clean`, `cleanurl`, `clear`...) share
 * them, and each is tried with `startsWith` only where the group's common start stands.
 */

const WORD_CHARACTER = /[\p{L}\p{N}]/u;

/** The matched terms of a query, as a snippet looks for them. */
export interface SnippetTerms {
  readonly matched: ReadonlySet<string>;
  /** The terms by their first three characters, each group with the start all its terms share. */
  readonly groups: readonly { readonly start: string; readonly terms: readonly string[] }[];
}

/** The longest start that every one of `terms` has. */
function commonStart(terms: readonly string[]): string {
  let start = terms[0] ?? '';
  for (const term of terms) {
    let length = 0;
    while (length < start.length && length < term.length && start.charCodeAt(length) === term.charCodeAt(length)) length += 1;
    start = start.slice(0, length);
  }
  return start;
}

/** Groups a query's matched terms for `firstWordStart` (once per query, for all its results). */
export function snippetTerms(matched: ReadonlySet<string>): SnippetTerms {
  const byStart = new Map<string, string[]>();
  for (const term of matched) {
    const key = term.slice(0, 3);
    const group = byStart.get(key);
    if (group === undefined) byStart.set(key, [term]);
    else group.push(term);
  }
  return { matched, groups: [...byStart.values()].map((terms) => ({ start: commonStart(terms), terms })) };
}

/** True when the code unit before `at` is a letter or digit (a term found there is inside a word). */
function afterWordCharacter(lower: string, at: number): boolean {
  if (at === 0) return false;
  const code = lower.charCodeAt(at - 1);
  if (code < 0x80) return (code >= 48 && code <= 57) || (code >= 97 && code <= 122) || (code >= 65 && code <= 90);
  return WORD_CHARACTER.test(lower.charAt(at - 1));
}

/**
 * The first place in a lower-cased text where a matched term starts a word, or -1 (the earliest
 * over the terms), or any place up to `enough` when one is found there (the caller cannot tell
 * them apart). Once a place is found, the other groups are looked for only before it (in a slice
 * of the text, which V8 makes without copying): a term absent from the text is not scanned for to
 * its end.
 */
export function firstWordStart(lower: string, terms: SnippetTerms, enough = -1): number {
  let best = -1;
  for (const { start, terms: group } of terms.groups) {
    if (best !== -1 && best <= enough) break;
    let text = lower;
    if (best !== -1) {
      let longest = 0;
      for (const term of group) longest = Math.max(longest, term.length);
      text = lower.slice(0, best - 1 + longest);
    }
    for (let at = text.indexOf(start); at !== -1 && (best === -1 || at < best); at = text.indexOf(start, at + 1)) {
      if (afterWordCharacter(text, at)) continue;
      if (group.length === 1 && group[0] === start) {
        best = at;
        break;
      }
      if (group.some((term) => text.startsWith(term, at))) {
        best = at;
        break;
      }
    }
  }
  return best;
}

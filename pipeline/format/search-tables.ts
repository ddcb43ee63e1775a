import type { LineSource } from './line-table.ts';

/** Bump when the layout of the search tables, or the text they keep (snippets are cut from it), changes; the loader refuses other versions. */
export const SEARCH_SCHEMA_VERSION = 7;

/** Where a term occurs in a section, as bits of a posting. */
export const IN_BODY = 1;
export const IN_SIGNAL = 2;
export const IN_HEADING = 4;
/** Bits a posting reserves for the flags; the rest is the section index delta. */
export const FLAG_BITS = 3;

/** Per glossary entry: the token lists of its phrases (term and aliases), and the tokens it adds. */
export interface GlossaryTokens {
  readonly phrases: string[][];
  readonly add: string[];
}

/**
 * The search tables are four files, laid out so that loading them is reading, not parsing:
 *
 * - `search/index.json`, the header (`SearchHeader`): versions, the document frequency of each
 *   vocabulary term, per section its page number and body length, the surface forms and the
 *   glossary's token lists, the pages of each kind other than guides and the kinds' priors.
 *   One JSON.parse of small arrays. Its keys are sorted at every level
 *   (schema 5), as in every JSON file of the digest tree, so `schema` and `tokenizer` are found
 *   by key (header-versions.ts), not at the head of the file.
 * - `search/postings.txt`: the vocabulary, sorted by UTF-16 code unit: line `i` is term `i`, a
 *   tab, then its posting list: base-36 numbers joined by `,`, each
 *   `(sectionIndexDelta << 3) | flags`. Read as bytes; a term is decoded when a binary search
 *   visits it, its list the first time a query uses it.
 * - `search/sections.txt`: line `i` is section `i`'s anchor, heading and plain body text,
 *   tab-separated (`\\`, `\t`, `\n`, `\r` escaped; `\N` for an absent anchor or heading).
 * - `search/pages.txt`: line `p` is page `p`'s slug, title, url and group, the same way.
 *   A section's id and url are its page's with `#anchor` added.
 * Both are read as bytes; a line is decoded only when its section is a result. The header's
 * `sectionBytes` place every line of `sections.txt` without scanning it, so the loader reads a
 * section's line from the file only when it is a result.
 */
export type SearchHeader = {
  readonly schema: typeof SEARCH_SCHEMA_VERSION;
  readonly tokenizer: string;
  /** Whether tokens were stemmed; queries must be tokenised the same way. */
  readonly stemmed: boolean;
  /** False when built without a digest tree: scoring falls back to IDF overlap (rule 7). */
  readonly hasDigest: boolean;
  readonly avgLength: number;
  /** Per section, in corpus order: its page's number (pages numbered as they first occur), for the per-page cap. */
  readonly pages: number[];
  /** Per section: the body length in distinct tokens (rule 5). */
  readonly lengths: number[];
  /** Per section: the length of its line of `sections.txt` in UTF-8 bytes, line feed included. */
  readonly sectionBytes: number[];
  /** Per vocabulary term (line of `postings.txt`): the number of sections it occurs in. */
  readonly df: number[];
  /**
   * Words as written whose stem differs (`settings` -> `sett`), sorted, with the vocabulary
   * position of their stem: what a partly typed word is matched against by prefix.
   */
  readonly surface: string[];
  readonly surfaceStem: number[];
  readonly glossary: GlossaryTokens[];
  /** Per page kind other than `guide` (content/page-kind.ts): the numbers of its pages, ascending. */
  readonly pageKinds: Record<string, number[]>;
  /** Per kind of `pageKinds`: the prior that multiplies its sections' scores after rule 5 (search/page-priors.ts). */
  readonly kindPriors: Record<string, number>;
};

/** What a result shows of a section. */
export interface SectionRow {
  readonly id: string;
  readonly title: string;
  readonly heading: string | null;
  readonly url: string;
  readonly group: string | null;
  /** The plain body text (for snippets and for opening a source-primary section). */
  readonly text: string;
}

/** A line of `search/pages.txt`. */
export interface PageLine {
  readonly slug: string;
  readonly title: string;
  readonly url: string;
  readonly group: string | null;
}

/** A line of `search/sections.txt`. */
export interface SectionLine {
  readonly anchor: string | null;
  readonly heading: string | null;
  readonly text: string;
}

/** The search tables as built, before they are written: the header and one entry per line of each text file. */
export interface SearchTables {
  readonly header: SearchHeader;
  /** The vocabulary, sorted by UTF-16 code unit. */
  readonly vocab: readonly string[];
  /** Per vocabulary term: its encoded posting list. */
  readonly postings: readonly string[];
  /** The lines of `sections.txt`, encoded (their sizes are in the header). */
  readonly sections: readonly string[];
  readonly pages: readonly PageLine[];
}

/** The files' texts, or bytes as read from disk (the section table may stay on disk, read a line at a time). */
export interface SearchTableSources {
  readonly header: string;
  readonly postings: string | Uint8Array;
  readonly sections: LineSource;
  readonly pages: string | Uint8Array;
}

import { z } from 'zod';

/** Bump when the layout of the search tables changes; the loader refuses other versions. */
export const SEARCH_SCHEMA_VERSION = 2;

/** Where a term occurs in a section, as bits of a posting. */
export const IN_BODY = 1;
export const IN_SIGNAL = 2;
export const IN_HEADING = 4;
/** Bits a posting reserves for the flags; the rest is the section index delta. */
export const FLAG_BITS = 3;

/**
 * `search/index.json`: the precomputed search tables. Parallel arrays keep it compact and
 * make loading one JSON.parse with no per-term work: `vocab` is sorted by UTF-16 code unit
 * (binary search), `df[i]` and `postings[i]` belong to `vocab[i]`.
 * A posting list is base-36 numbers joined by `,`, each `(sectionIndexDelta << 3) | flags`.
 */
export const SearchIndexFileSchema = z.object({
  schema: z.literal(SEARCH_SCHEMA_VERSION),
  tokenizer: z.string(),
  /** Whether tokens were stemmed; queries must be tokenised the same way. */
  stemmed: z.boolean(),
  /** False when built without a digest tree: scoring falls back to IDF overlap (rule 7). */
  hasDigest: z.boolean(),
  avgLength: z.number(),
  /** Per section: id, page title, heading, url, group, body length in distinct tokens. */
  sections: z.array(z.tuple([z.string(), z.string(), z.string().nullable(), z.string(), z.string().nullable(), z.number()])),
  /** Per section: the plain body text, for snippets. */
  texts: z.array(z.string()),
  vocab: z.array(z.string()),
  df: z.array(z.number()),
  postings: z.array(z.string()),
  /**
   * Words as written whose stem differs (`settings` -> `set`), sorted, with the vocabulary
   * position of their stem: what a partly typed word is matched against by prefix.
   */
  surface: z.array(z.string()),
  surfaceStem: z.array(z.number()),
  /** Per glossary entry: the token lists of its phrases (term and aliases), and the tokens it adds. */
  glossary: z.array(z.object({ phrases: z.array(z.array(z.string())), add: z.array(z.string()) })),
});

export type SearchIndexFile = z.infer<typeof SearchIndexFileSchema>;

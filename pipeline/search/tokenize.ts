import { stem } from './stem.ts';

/**
 * A run of word characters (letters, digits and the marks that combine with them, as in Thai or
 * Devanagari) joined by the separators identifiers use (`-` `.` `/` `:` `_` `@`),
 * with an optional leading `-`, `--` or `/`: `--access-url`, `GEMINI_API_KEY`,
 * `/api/v2/authcheck`, `Svc-Session-Token`, `x-ask-content-hash`, `notifications.inbox`.
 */
const RUN = /(?:--?|\/)?[\p{L}\p{N}][\p{L}\p{N}\p{M}]*(?:[-./:_@]+[\p{L}\p{N}][\p{L}\p{N}\p{M}]*)*/gu;
const SEPARATORS = /[-./:_@]+/;
const MAX_TOKEN_LENGTH = 64;
/** Scripts written without spaces between words: their runs are split into words by Intl.Segmenter. */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;

/** Bump when tokenising changes: search tables of another version are refused. */
export const TOKENIZER_VERSION = 'tok-5';

export interface TokenizeOptions {
  /** Apply the light stemmer to plain words and identifier parts (default true). */
  readonly stem?: boolean;
  /** When stemming, each word the stemmer changed is recorded here, as written -> stem. */
  readonly surfaces?: Map<string, string>;
}

/** One run of the text with where it stands and the tokens it gives. */
export interface TokenSpan {
  readonly start: number;
  readonly end: number;
  readonly tokens: readonly string[];
}

/** Stems of words already seen: documentation repeats its vocabulary, and stemming is the hot path. */
const stems = new Map<string, string>();

function stemmed(word: string): string {
  let known = stems.get(word);
  if (known === undefined) {
    known = stem(word);
    if (stems.size > 200_000) stems.clear();
    stems.set(word, known);
  }
  return known;
}

let wordSegmenter: Intl.Segmenter | undefined;

/** The words of a run in a script without spaces (`設定ファイル` gives `設定`, `ファイル`). */
function segmentWords(text: string): string[] {
  wordSegmenter ??= new Intl.Segmenter(undefined, { granularity: 'word' });
  const words: string[] = [];
  for (const segment of wordSegmenter.segment(text)) if (segment.isWordLike) words.push(segment.segment);
  return words;
}

function pushWord(word: string, out: string[], useStem: boolean, surfaces: Map<string, string> | undefined): void {
  if (word.length === 0 || word.length > MAX_TOKEN_LENGTH) return;
  // a lone letter says nothing, except in scripts where one character is a word (`鍵`)
  if (word.length === 1 && !/\p{N}/u.test(word) && !UNSPACED.test(word)) return;
  if (!useStem) {
    out.push(word);
    return;
  }
  const stem = stemmed(word);
  if (surfaces !== undefined && stem !== word) surfaces.set(word, stem);
  out.push(stem);
}

/** The tokens of one run: the whole identifier (when it is one) and its parts. */
function runTokens(run: string, useStem: boolean, surfaces?: Map<string, string>): string[] {
  const out: string[] = [];
  const lower = run.toLowerCase();
  const parts = run.replace(/^[-/]+/, '').split(SEPARATORS).filter((part) => part.length > 0);
  const compound = parts.length > 1 || run.startsWith('-') || run.startsWith('/');
  if (compound && lower.length <= MAX_TOKEN_LENGTH) out.push(lower);
  for (const part of parts) {
    if (UNSPACED.test(part)) {
      for (const word of segmentWords(part)) pushWord(word.toLowerCase(), out, useStem, surfaces);
      continue;
    }
    // a camel-case word is one token (see `tokenize`)
    pushWord(part.toLowerCase(), out, useStem, surfaces);
  }
  return out;
}

/**
 * The runs of a text with their offsets and tokens, lazily, in order (used to place snippets,
 * which stop at the first match). Offsets index the NFKC-normalised text, which equals the
 * input for ordinary prose.
 */
export function* tokenSpans(text: string, options: TokenizeOptions = {}): Generator<TokenSpan> {
  const useStem = options.stem ?? true;
  for (const match of text.normalize('NFKC').matchAll(RUN)) {
    yield { start: match.index, end: match.index + match[0].length, tokens: runTokens(match[0], useStem) };
  }
}

/**
 * Splits text into search tokens, lowercase, in order of appearance (duplicates kept, so the
 * count is the text's length). An identifier with separators is findable whole and by its parts:
 * `--access-url` gives `--access-url`, `access`, `url`; `GEMINI_API_KEY` gives `gemini_api_key`,
 * `gemini`, `api`, `key`; `c.req.query` gives `c.req.query`, `req`, `query`. A camel-case word is
 * one word: `maxResults` gives `maxresult`, `GitHub` gives `github`. Splitting it too (tok-4)
 * let one word of the query count two or three times (`GitHub` as `github`, `git` and `hub`) and
 * gave the words of every option name (`editLink`, `darkModeSwitchLabel`) the heading weight, so
 * option reference sections took plain-language queries from the prose that answers them: on the
 * four real docs corpora of `bench:search`, MRR@6 is 0.031 higher on the mean without it, and
 * higher on each corpus. Plain words, parts and camel-case words are stemmed unless `stem: false`,
 * the same on both sides (`parsebody` typed in lower case finds `parseBody`); whole identifiers
 * with separators never are. Runs in scripts written without spaces (Chinese, Japanese, Thai...) are split into
 * words by `Intl.Segmenter`.
 */
export function tokenize(text: string, options: TokenizeOptions = {}): string[] {
  const useStem = options.stem ?? true;
  const out: string[] = [];
  for (const match of text.normalize('NFKC').matchAll(RUN)) {
    for (const token of runTokens(match[0], useStem, options.surfaces)) out.push(token);
  }
  return out;
}

/** The distinct tokens of a text, in order of first appearance. */
export function uniqueTokens(text: string, options: TokenizeOptions = {}): string[] {
  return [...new Set(tokenize(text, options))];
}

/**
 * How the docs themselves write a word or phrase, read from their prose only (each section's
 * Markdown as its generator's syntax reads, `markup`, else its source; fenced and
 * inline code, URLs, link targets, HTML tags, attribute lists, headings and frontmatter left
 * out, and any occurrence touching code-like characters: `hono.dev`, `@hono/`, `--reporter`):
 *
 * - `capitalised` / `lower`: mid-sentence occurrences written with a capital ("with Hono",
 *   "on Deno Deploy") or in lower case ("a router"). A name keeps its capitals, a common
 *   noun does not. Sentence and line starts say nothing and are not counted, and a first
 *   capital counts only after a lower-case word ("the Ask box", not "A **Session token**").
 * - `afterA` / `afterThe`: occurrences right after "a"/"an" or "the" that end their noun phrase
 *   ("a lane is", "the sidebar."; not "a Hono app"). They tell which article a question may put
 *   before a term, and that a bare singular ("Edit link") is missing one.
 *
 * One pass over the sections answers a whole set of phrases: each is looked up by its first
 * word. Pure and deterministic.
 */
import type { Section } from '../../types.ts';
import { endsNounPhrase } from './grammar.ts';

export interface Usage {
  readonly capitalised: number;
  readonly lower: number;
  readonly afterA: number;
  readonly afterThe: number;
}

export const NO_USAGE: Usage = { capitalised: 0, lower: 0, afterA: 0, afterThe: 0 };

/** A word of a prose line: its span, and its text as written and in lower case. */
interface Token {
  readonly text: string;
  readonly lower: string;
  readonly start: number;
  readonly end: number;
}

const WORD = /[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*/g;
const CODE_BEFORE = new Set(['/', '@', '.', '$', '_', '=', '<', '\\', '~', '#', '-', ':', '§']);
const CODE_AFTER = new Set(['/', '@', '_', '=', '(', '<', '\\', '[', '§']);

/** True when the token touches a code-like character: part of an identifier, path, package or URL. */
function isCode(line: string, token: Token): boolean {
  const after = line.charAt(token.end);
  return (
    CODE_BEFORE.has(line.charAt(token.start - 1)) ||
    CODE_AFTER.has(after) ||
    ((after === '.' || after === ':') && /[A-Za-z0-9]/.test(line.charAt(token.end + 1)))
  );
}

/** True for the first word of its line or sentence: its capital says nothing. */
function isInitial(line: string, tokens: readonly Token[], at: number): boolean {
  const previous = tokens[at - 1];
  const token = tokens[at];
  return previous === undefined || token === undefined || /[.!?:;|]/.test(line.slice(previous.end, token.start));
}

/** The words of a phrase as `usageOf` reads them ("one-time passcode" -> ["one-time", "passcode"]). */
function phraseWords(phrase: string): string[] {
  return phrase.toLowerCase().match(WORD) ?? [];
}

/** Blanks out what is not prose in one line: inline code, link targets, HTML tags, URLs, attribute lists. */
function blankMarkup(line: string): string {
  let text = line;
  if (text.includes('`')) text = text.replace(/`+[^`]*`+/g, ' § ');
  if (text.includes('](')) text = text.replace(/\]\([^)]*\)/g, '] ');
  if (text.includes('<')) text = text.replace(/<[^>]*>/g, ' ');
  if (text.includes('://')) text = text.replace(/\b[a-z][a-z0-9+.-]*:\/\/\S+/gi, ' § ');
  if (text.includes('{')) text = text.replace(/\{[^}\n]*\}/g, ' ');
  return text;
}

/**
 * A test that passes every line on which one of `firstWords` may begin a phrase: some word of the
 * line (`WORD`, a run of letters and digits with inner hyphens) starts with it and ends there or
 * at one of its hyphens ("one" in "one-time", "one-time" in "one-time-zone"), in any case. A line
 * it fails cannot match; one it passes is read word by word.
 */
function mayHoldAny(firstWords: ReadonlySet<string>): (line: string) => boolean {
  return (line) => {
    for (const match of line.matchAll(WORD)) {
      const word = match[0].toLowerCase();
      if (firstWords.has(word)) return true;
      for (let hyphen = word.indexOf('-'); hyphen !== -1; hyphen = word.indexOf('-', hyphen + 1)) {
        if (firstWords.has(word.slice(0, hyphen))) return true;
      }
    }
    return false;
  };
}

/**
 * The prose lines of a section's Markdown source that `mayMatch` passes: no fenced code,
 * headings or frontmatter, markup blanked out.
 */
function proseLines(source: string, mayMatch: (line: string) => boolean): string[] {
  const lines: string[] = [];
  let fence: string | null = null;
  let frontmatter = source.startsWith('---\n');
  source.split('\n').forEach((line, i) => {
    if (frontmatter) {
      if (i > 0 && /^---\s*$/.test(line)) frontmatter = false;
      return;
    }
    const marker = line.includes('``') || line.includes('~~') ? /^\s*(`{3,}|~{3,})/.exec(line)?.[1] : undefined;
    if (fence !== null) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length && /^\s*[`~]+\s*$/.test(line)) fence = null;
      return;
    }
    if (marker) {
      fence = marker;
      return;
    }
    if (!mayMatch(line) || /^\s{0,3}#{1,6}\s/.test(line)) return;
    lines.push(blankMarkup(line));
  });
  return lines;
}

/** The words of a line. */
function tokenize(line: string): Token[] {
  const lowered = line.toLowerCase();
  // lower-casing once per line is cheaper, but offsets hold only when it keeps the length ("İ" does not)
  const scanned = lowered.length === line.length ? lowered : line;
  const out: Token[] = [];
  for (const match of scanned.matchAll(WORD)) {
    const start = match.index;
    const end = start + match[0].length;
    out.push({ text: line.slice(start, end), lower: match[0].toLowerCase(), start, end });
  }
  return out;
}

interface Counts {
  capitalised: number;
  lower: number;
  afterA: number;
  afterThe: number;
}

/** Counts one occurrence of a phrase: tokens `from`..`to` (inclusive) of `line`. */
function count(counts: Counts, line: string, tokens: readonly Token[], from: number, to: number): void {
  const words = tokens.slice(from, to + 1);
  const first = words[0];
  if (!first || words.some((token) => isCode(line, token))) return;
  const before = tokens[from - 1];
  const initial = isInitial(line, tokens, from);
  // a capital counts after a lower-case word only ("with Hono", "the Ask box"; not "A **Session token**")
  const midSentence = !initial && before !== undefined && /^[a-z0-9]/.test(before.text);
  const capitalised = words.some((token, i) => (i > 0 || midSentence) && /[A-Z]/.test(token.text));
  if (capitalised) counts.capitalised += 1;
  else if (!initial && words.every((token) => token.text === token.lower)) counts.lower += 1;
  if (!before || !/^\s+$/.test(line.slice(before.end, first.start))) return;
  const next = tokens[to + 1];
  const last = words[words.length - 1] ?? first;
  const ends = !next || /[^\s]/.test(line.slice(last.end, next.start)) || endsNounPhrase(next.lower);
  if (!ends) return;
  if (before.lower === 'a' || before.lower === 'an') counts.afterA += 1;
  else if (before.lower === 'the') counts.afterThe += 1;
}

interface Candidate {
  readonly key: string;
  readonly words: readonly string[];
}

/**
 * The phrases by their first word, then by their second ('' for one-word phrases): a common first
 * word ("the", "a") starts hundreds of headings, and each occurrence is checked only against those
 * whose second word follows it.
 */
type PhraseIndex = Map<string, Map<string, Candidate[]>>;

function candidatesAt(index: PhraseIndex, tokens: readonly Token[], at: number): Candidate[] {
  const token = tokens[at];
  const bySecond = token === undefined ? undefined : index.get(token.lower);
  if (bySecond === undefined) return [];
  const single = bySecond.get('') ?? [];
  const next = tokens[at + 1];
  const longer = next === undefined ? undefined : bySecond.get(next.lower);
  return longer === undefined ? single : [...single, ...longer];
}

/** How the sections' prose uses each of `phrases`, keyed by the phrase in lower case. */
export function usageOf(sections: readonly Pick<Section, 'source' | 'markup'>[], phrases: Iterable<string>): Map<string, Usage> {
  const index: PhraseIndex = new Map();
  const result = new Map<string, Counts>();
  for (const phrase of phrases) {
    const key = phrase.toLowerCase();
    const words = phraseWords(key);
    const [head, second = ''] = words;
    if (head === undefined || result.has(key)) continue;
    result.set(key, { capitalised: 0, lower: 0, afterA: 0, afterThe: 0 });
    const bySecond = index.get(head) ?? new Map<string, Candidate[]>();
    index.set(head, bySecond);
    const list = bySecond.get(second) ?? [];
    list.push({ key, words });
    bySecond.set(second, list);
  }
  if (index.size === 0) return result;
  // lines where no word starts with a first word are skipped before they are split into words
  const mayMatch = mayHoldAny(new Set(index.keys()));
  for (const section of sections) {
    for (const line of proseLines(section.markup ?? section.source, mayMatch)) {
      const tokens = tokenize(line);
      tokens.forEach((_, i) => {
        for (const candidate of candidatesAt(index, tokens, i)) {
          const matches = candidate.words.every((word, k) => {
            const at = tokens[i + k];
            const previous = tokens[i + k - 1];
            return at !== undefined && at.lower === word && (k === 0 || (previous !== undefined && /^\s+$/.test(line.slice(previous.end, at.start))));
          });
          const counts = result.get(candidate.key);
          if (matches && counts) count(counts, line, tokens, i, i + candidate.words.length - 1);
        }
      });
    }
  }
  return result;
}

/** True when the docs write `phrase` capitalised in mid-sentence more often than in lower case (a name). */
export function isNameIn(usage: Usage): boolean {
  return usage.capitalised > usage.lower;
}

import { memoKey } from './index-memo.ts';
import type { SearchIndex } from './open.ts';

/** First position among `count` sorted entries (read through `at`) whose entry is not below `key`. */
function lowerBound(count: number, at: (position: number) => string, key: string): number {
  let low = 0;
  let high = count;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (at(middle) < key) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Per index, the lookups made already: exact terms, prefixes and typos, each by its key. */
interface Remembered {
  readonly exact: Map<string, number>;
  readonly prefixed: Map<string, readonly number[]>;
  readonly near: Map<string, readonly number[]>;
}
const REMEMBERED = memoKey<Remembered>('vocabulary lookups');
/** Lookups kept per index and kind at most; past that the memo starts again. */
const MAX_REMEMBERED = 1 << 16;

function rememberedOf(index: SearchIndex): Remembered {
  return index.memo.get(REMEMBERED, () => ({ exact: new Map(), prefixed: new Map(), near: new Map() }));
}

function remember<T>(memo: Map<string, T>, key: string, value: T): T {
  if (memo.size >= MAX_REMEMBERED) memo.clear();
  memo.set(key, value);
  return value;
}

/**
 * Position of `term` in the sorted vocabulary, or -1 (binary search, code-unit order). A lookup
 * once made is answered again from a Map (here and for prefixes and typos below): queries repeat
 * their words (every keystroke of a search box passes through the same prefixes, people ask the
 * same questions), and a binary search compares a dozen strings, a prefix reads every term it
 * begins.
 */
export function findTerm(index: SearchIndex, term: string): number {
  const { exact } = rememberedOf(index);
  const known = exact.get(term);
  if (known !== undefined) return known;
  const at = lowerBound(index.termCount, (position) => index.term(position), term);
  return remember(exact, term, at < index.termCount && index.term(at) === term ? at : -1);
}

/**
 * Positions of vocabulary terms that start with `prefix` (longer than it), directly or through a
 * word as written (`settin` reaches the stem `sett` through `settings`), at most `limit`, most
 * frequent first.
 */
export function findPrefixed(index: SearchIndex, prefix: string, limit: number): number[] {
  const { prefixed } = rememberedOf(index);
  const key = `${limit} ${prefix}`;
  const known = prefixed.get(key) ?? remember(prefixed, key, scanPrefixed(index, prefix, limit));
  return known.slice();
}

function scanPrefixed(index: SearchIndex, prefix: string, limit: number): number[] {
  const { surface, surfaceStem, termCount } = index;
  const term = (position: number): string => index.term(position);
  const found = new Set<number>();
  for (let position = lowerBound(termCount, term, prefix); position < termCount && term(position).startsWith(prefix); position += 1) {
    if (term(position) !== prefix) found.add(position);
  }
  const surfaceAt = (position: number): string => surface[position] ?? '';
  for (let position = lowerBound(surface.length, surfaceAt, prefix); position < surface.length && surfaceAt(position).startsWith(prefix); position += 1) {
    const stemPosition = surfaceStem[position] ?? -1;
    if (stemPosition !== -1 && term(stemPosition) !== prefix) found.add(stemPosition);
  }
  return [...found].sort((a, b) => (index.df[b] ?? 0) - (index.df[a] ?? 0) || a - b).slice(0, limit);
}

/** True when `a` and `b` differ by at most one insertion, deletion, substitution or adjacent swap. */
export function withinOneEdit(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start += 1;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA -= 1;
    endB -= 1;
  }
  const restA = endA - start;
  const restB = endB - start;
  if (restA <= 1 && restB <= 1) return true;
  return restA === 2 && restB === 2 && a[start] === b[start + 1] && a[start + 1] === b[start];
}

/** Per index, per first code unit: the vocabulary positions of the terms it starts, by term length. */
const NEAR_BUCKETS = memoKey<Map<string, Map<number, number[]>>>('terms by first letter and length');

/** The positions of the terms that start with `first`, grouped by length (found once per index and letter, then kept). */
function byLength(index: SearchIndex, first: string): Map<number, number[]> {
  const letters = index.memo.get(NEAR_BUCKETS, () => new Map<string, Map<number, number[]>>());
  let lengths = letters.get(first);
  if (lengths === undefined) {
    lengths = new Map<number, number[]>();
    const { termCount } = index;
    const termAt = (position: number): string => index.term(position);
    for (let position = lowerBound(termCount, termAt, first); position < termCount; position += 1) {
      const candidate = termAt(position);
      if (!candidate.startsWith(first)) break;
      const list = lengths.get(candidate.length);
      if (list === undefined) lengths.set(candidate.length, [position]);
      else list.push(position);
    }
    letters.set(first, lengths);
  }
  return lengths;
}

/**
 * Vocabulary terms one edit away from `term` (typo tolerance), at most `limit`, most frequent first.
 * Only terms sharing the first letter are considered, which keeps the scan to one slice of the
 * sorted vocabulary and matches how people mistype (rarely the first letter); of those, only the
 * terms one shorter, as long, or one longer can be one edit away, and the slice is kept grouped
 * by length, so a query reads those three groups alone.
 */
export function findNear(index: SearchIndex, term: string, limit: number): number[] {
  const { near } = rememberedOf(index);
  const key = `${limit} ${term}`;
  const known = near.get(key) ?? remember(near, key, scanNear(index, term, limit));
  return known.slice();
}

function scanNear(index: SearchIndex, term: string, limit: number): number[] {
  const first = term[0];
  if (first === undefined) return [];
  const lengths = byLength(index, first);
  const found: number[] = [];
  for (let length = term.length - 1; length <= term.length + 1; length += 1) {
    for (const position of lengths.get(length) ?? []) {
      const candidate = index.term(position);
      if (candidate !== term && withinOneEdit(candidate, term)) found.push(position);
    }
  }
  found.sort((a, b) => (index.df[b] ?? 0) - (index.df[a] ?? 0) || a - b);
  return found.slice(0, limit);
}

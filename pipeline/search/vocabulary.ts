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

/** Position of `term` in the sorted vocabulary, or -1 (binary search, code-unit order). */
export function findTerm(index: SearchIndex, term: string): number {
  const position = lowerBound(index.termCount, index.term, term);
  return position < index.termCount && index.term(position) === term ? position : -1;
}

/**
 * Positions of vocabulary terms that start with `prefix` (longer than it), directly or through a
 * word as written (`sett` reaches the stem `set` through `settings`), at most `limit`, most
 * frequent first.
 */
export function findPrefixed(index: SearchIndex, prefix: string, limit: number): number[] {
  const { surface, surfaceStem, termCount, term } = index;
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
function withinOneEdit(a: string, b: string): boolean {
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

/**
 * Vocabulary terms one edit away from `term` (typo tolerance), at most `limit`, most frequent first.
 * Only terms sharing the first letter are considered, which keeps the scan to one slice of the
 * sorted vocabulary and matches how people mistype (rarely the first letter).
 */
export function findNear(index: SearchIndex, term: string, limit: number): number[] {
  const first = term[0];
  if (first === undefined) return [];
  const { termCount, term: termAt } = index;
  const found: number[] = [];
  for (let position = lowerBound(termCount, termAt, first); position < termCount; position += 1) {
    const candidate = termAt(position);
    if (!candidate.startsWith(first)) break;
    if (candidate !== term && withinOneEdit(candidate, term)) found.push(position);
  }
  found.sort((a, b) => (index.df[b] ?? 0) - (index.df[a] ?? 0) || a - b);
  return found.slice(0, limit);
}

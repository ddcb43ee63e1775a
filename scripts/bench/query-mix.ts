/**
 * One query of a benchmark's query mix, drawn from a text (bench:search's speed part and
 * query-cost.ts): 1 to 4 consecutive words of more than two letters, lower-cased, a quarter of
 * those whose last word is long cut to a prefix (a reader still typing). Null when the text
 * has no such word.
 */
export function wordQuery(source: string, random: () => number): string | null {
  const words = source.split(/[^\p{L}\p{N}-]+/u).filter((word) => word.length > 2);
  if (words.length === 0) return null;
  const length = 1 + Math.floor(random() * 4);
  const start = Math.floor(random() * Math.max(1, words.length - length));
  const chosen = words.slice(start, start + length).map((word) => word.toLowerCase());
  const last = chosen[chosen.length - 1];
  if (last !== undefined && last.length > 5 && random() < 0.25) chosen[chosen.length - 1] = last.slice(0, 3 + Math.floor(random() * 3));
  return chosen.join(' ');
}

/** Edits (insert, delete, substitute, swap two neighbours) between two words: optimal string alignment. */
function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  const at = (i: number, j: number): number => rows[i]?.[j] ?? Number.POSITIVE_INFINITY;
  for (let i = 1; i <= a.length; i += 1) {
    const row = rows[i];
    if (row === undefined) continue;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, at(i - 2, j - 2) + 1);
      row[j] = best;
    }
  }
  return at(a.length, b.length);
}

/**
 * The known word nearest to `word` (a misspelt option or command), or null when none is near:
 * at most a third of the word's letters edited (at least one), a prefix of a known word counting
 * as near. Ties go to the first of `known`.
 */
export function closest(word: string, known: readonly string[]): string | null {
  let best: { readonly word: string; readonly distance: number } | null = null;
  for (const candidate of known) {
    const distance = candidate.startsWith(word) && word.length >= 3 ? 1 : editDistance(word, candidate);
    if (best === null || distance < best.distance) best = { word: candidate, distance };
  }
  const allowed = Math.max(1, Math.floor(word.length / 3));
  return best !== null && best.distance <= allowed ? best.word : null;
}

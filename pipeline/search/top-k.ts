/**
 * Top-k selection over scores kept in a typed array, so that a query matching tens of thousands
 * of sections allocates nothing per match and never sorts them all.
 */

/** True when section `a` ranks before `b`: higher score, then earlier in the corpus. */
function before(scores: Float64Array, a: number, b: number): boolean {
  const scoreA = scores[a] ?? 0;
  const scoreB = scores[b] ?? 0;
  return scoreA > scoreB || (scoreA === scoreB && a < b);
}

/** Restores the heap below `from`; the root holds the candidate that ranks last. */
function siftDown(heap: Int32Array, size: number, from: number, scores: Float64Array): void {
  let parent = from;
  for (;;) {
    const left = 2 * parent + 1;
    const right = left + 1;
    let last = parent;
    if (left < size && before(scores, heap[last] ?? 0, heap[left] ?? 0)) last = left;
    if (right < size && before(scores, heap[last] ?? 0, heap[right] ?? 0)) last = right;
    if (last === parent) return;
    const swap = heap[parent] ?? 0;
    heap[parent] = heap[last] ?? 0;
    heap[last] = swap;
    parent = last;
  }
}

/**
 * The `limit` best of the first `count` sections of `candidates`, best first (score descending,
 * ties in corpus order). A heap of `limit` entries whose root is the weakest kept: each further
 * candidate costs one comparison unless it beats that root. The heap is then emptied weakest
 * first, filling the answer from its end: no sort, no comparator, no allocation but the heap (`limit` entries) and the answer.
 */
export function topSections(scores: Float64Array, candidates: Int32Array, count: number, limit: number): number[] {
  const size = Math.min(limit, count);
  if (size <= 0) return [];
  const heap = new Int32Array(size);
  for (let at = 0; at < size; at += 1) heap[at] = candidates[at] ?? 0;
  for (let at = (size >> 1) - 1; at >= 0; at -= 1) siftDown(heap, size, at, scores);
  let root = heap[0] ?? 0;
  let rootScore = scores[root] ?? 0;
  for (let at = size; at < count; at += 1) {
    const candidate = candidates[at] ?? 0;
    const score = scores[candidate] ?? 0;
    // most candidates rank after the weakest kept: one comparison with its score, kept at hand
    if (score < rootScore || (score === rootScore && candidate > root)) continue;
    heap[0] = candidate;
    siftDown(heap, size, 0, scores);
    root = heap[0] ?? 0;
    rootScore = scores[root] ?? 0;
  }
  const best: number[] = [];
  for (let left = size; left > 0; left -= 1) {
    best.push(heap[0] ?? 0);
    heap[0] = heap[left - 1] ?? 0;
    siftDown(heap, left - 1, 0, scores);
  }
  return best.reverse();
}

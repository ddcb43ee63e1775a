/** A ranked candidate: its section position and score. */
export interface Scored {
  readonly index: number;
  readonly score: number;
}

/** True when `a` ranks before `b`: higher score, then earlier in the corpus. */
function before(a: Scored, b: Scored): boolean {
  return a.score > b.score || (a.score === b.score && a.index < b.index);
}

function siftDown(heap: Scored[], from: number): void {
  const size = heap.length;
  let parent = from;
  for (;;) {
    const left = 2 * parent + 1;
    const right = left + 1;
    let best = parent;
    if (left < size && before(heap[left] as Scored, heap[best] as Scored)) best = left;
    if (right < size && before(heap[right] as Scored, heap[best] as Scored)) best = right;
    if (best === parent) return;
    [heap[parent], heap[best]] = [heap[best] as Scored, heap[parent] as Scored];
    parent = best;
  }
}

/**
 * The candidates best first (score descending, ties in corpus order), produced lazily from a heap:
 * building it is linear and each candidate taken costs a logarithm, so a query that needs six
 * results out of thousands of matches never sorts them all.
 */
export function* bestFirst<T extends Scored>(candidates: T[]): Generator<T> {
  const heap: Scored[] = candidates;
  for (let at = (heap.length >> 1) - 1; at >= 0; at -= 1) siftDown(heap, at);
  while (heap.length > 0) {
    const top = heap[0] as T;
    const last = heap.pop() as Scored;
    if (heap.length > 0) {
      heap[0] = last;
      siftDown(heap, 0);
    }
    yield top;
  }
}

/**
 * The one timing loop of the query benchmarks (bench:search's speed part and query-cost.ts):
 * every query is run by every engine, in a fresh random order each time. An engine that always
 * ran right after the same other one would always find the caches as that one leaves them (a
 * fixed rotation puts one engine after FlexSearch every time, the heaviest of all).
 */
import { mulberry32 } from '../generate-corpus.ts';

export interface TimedSearch {
  readonly search: (query: string) => unknown;
}

/** Milliseconds per query, per engine (in the engines' order), over `rounds` passes of `queries`. */
export function timeInterleaved(engines: readonly TimedSearch[], queries: readonly string[], rounds: number, seed: number): number[][] {
  const times = engines.map(() => [] as number[]);
  const random = mulberry32(seed);
  const order = engines.map((_, at) => at);
  for (let round = 0; round < rounds; round += 1) {
    for (const query of queries) {
      for (let at = order.length - 1; at > 0; at -= 1) {
        const other = Math.floor(random() * (at + 1));
        [order[at], order[other]] = [order[other] ?? 0, order[at] ?? 0];
      }
      for (const which of order) {
        const t0 = performance.now();
        engines[which]?.search(query);
        times[which]?.push(performance.now() - t0);
      }
    }
  }
  return times;
}

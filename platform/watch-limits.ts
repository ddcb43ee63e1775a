/**
 * How many inbox watch streams may be open at once: per user and per client
 * (the address the per-client throttles key on, `client-address.ts`). A watch
 * holds a stream, a listener and a timer for as long as it stays open, and
 * every notification is written to each one; without a cap one account, or
 * one client with many accounts, could open them by the hundred (issue 23,
 * item 6). A watch over a cap is refused with 429 before it is opened.
 */
import { messageResponse } from './errors.ts';

export interface WatchLimits {
  /** Open watches of one user (all their clients together). */
  readonly perUser: number;
  /** Open watches from one client (all its users together). */
  readonly perClient: number;
}

/** A user's few tabs, clients and agents; a client is one address, possibly several people behind one NAT. */
export const WATCH_LIMITS: WatchLimits = { perUser: 10, perClient: 30 };

/** The `Retry-After` of a refused watch: a guess, since a place frees only when a watch closes. */
const WATCH_RETRY_AFTER_SECONDS = 5;

/** Counts open watches by user and by client. */
export class OpenWatches {
  readonly #byUser = new Map<string, number>();
  readonly #byClient = new Map<string, number>();
  readonly #limits: WatchLimits;

  constructor(limits: WatchLimits = WATCH_LIMITS) {
    this.#limits = limits;
  }

  /**
   * Counts one more watch of `user` from `client` and returns the function
   * that gives it back (once, however often called); null when either count
   * is at its cap (nothing counted).
   */
  open(user: string, client: string): (() => void) | null {
    const ofUser = this.#byUser.get(user) ?? 0;
    const ofClient = this.#byClient.get(client) ?? 0;
    if (ofUser >= this.#limits.perUser || ofClient >= this.#limits.perClient) return null;
    this.#byUser.set(user, ofUser + 1);
    this.#byClient.set(client, ofClient + 1);
    let closed = false;
    return () => {
      if (closed) return;
      closed = true;
      decrement(this.#byUser, user);
      decrement(this.#byClient, client);
    };
  }
}

function decrement(counts: Map<string, number>, key: string): void {
  const left = (counts.get(key) ?? 1) - 1;
  if (left <= 0) counts.delete(key);
  else counts.set(key, left);
}

/** 429 for a watch over a cap, with `Retry-After`. */
export function tooManyWatches(limits: WatchLimits = WATCH_LIMITS): Response {
  const response = messageResponse(429, 'Too many open watches.', {
    detail: `at most ${limits.perUser} per user and ${limits.perClient} per client; close one first`,
  });
  response.headers.set('retry-after', String(WATCH_RETRY_AFTER_SECONDS));
  return response;
}

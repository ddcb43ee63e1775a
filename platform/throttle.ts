/**
 * Attempt throttling with exponential back-off, in memory, on an injectable
 * clock (tests move time instead of sleeping).
 *
 * A key (an account's email, a client's address) may make `freeAttempts`
 * attempts; the attempt that reaches that number, and each one after it, closes
 * the key for `firstDelayMs`, doubled per further attempt, up to `maxDelayMs`.
 * Attempts refused while closed are not counted (they did nothing). A key is
 * forgotten `forgetAfterMs` after its last attempt, or when it is reset.
 *
 * An attempt is counted when it is admitted, before the work it guards (a
 * password hash) starts: `admit` checks and counts in one synchronous step, so
 * concurrent requests cannot all pass the check before any of them is counted
 * (issue 23, item 4: 40 concurrent guesses were all evaluated). An attempt that
 * turns out to be no failure is handed back with `refund` or `reset`.
 */
import { messageResponse } from './errors.ts';

export interface ThrottlePolicy {
  readonly freeAttempts: number;
  readonly firstDelayMs: number;
  readonly maxDelayMs: number;
  readonly forgetAfterMs: number;
}

/** Milliseconds since the epoch, like `Date.now`. */
export type Clock = () => number;

export type ThrottleVerdict = { readonly allowed: true } | { readonly allowed: false; readonly retryAfterMs: number };

interface KeyState {
  attempts: number;
  closedUntil: number;
  lastAttemptAt: number;
}

const ALLOWED: ThrottleVerdict = { allowed: true };

/** Beyond this many keys the oldest are dropped, so a spray of made-up keys cannot exhaust memory. */
const DEFAULT_MAX_THROTTLE_KEYS = 100_000;

export class AttemptThrottle {
  private readonly keys = new Map<string, KeyState>();

  constructor(
    private readonly policy: ThrottlePolicy,
    private readonly clock: Clock,
    private readonly maxKeys = DEFAULT_MAX_THROTTLE_KEYS,
  ) {}

  /** Whether `key` may make an attempt now. */
  check(key: string): ThrottleVerdict {
    const state = this.current(key);
    if (state === undefined) return ALLOWED;
    const wait = state.closedUntil - this.clock();
    return wait > 0 ? { allowed: false, retryAfterMs: wait } : ALLOWED;
  }

  /** Counts one attempt by `key` (a failure, or a request that costs something). */
  record(key: string): void {
    const now = this.clock();
    const state = this.current(key) ?? { attempts: 0, closedUntil: 0, lastAttemptAt: now };
    state.attempts += 1;
    state.lastAttemptAt = now;
    const over = state.attempts - this.policy.freeAttempts;
    if (over >= 0) {
      // 2 ** over grows past maxDelayMs long before it overflows; Math.min keeps it there.
      state.closedUntil = now + Math.min(this.policy.maxDelayMs, this.policy.firstDelayMs * 2 ** Math.min(over, 40));
    }
    // Re-inserting keeps the map in order of last attempt, oldest first, for eviction.
    this.keys.delete(key);
    this.keys.set(key, state);
    this.evict(now);
  }

  /**
   * Hands back one attempt counted by `admit` that turned out not to be a
   * failure; reopens the key when that brings it under its free attempts.
   */
  refund(key: string): void {
    const state = this.current(key);
    if (state === undefined) return;
    state.attempts = Math.max(0, state.attempts - 1);
    if (state.attempts < this.policy.freeAttempts) state.closedUntil = 0;
  }

  /** Forgets `key` (after a success that proves the attempts were its owner's). */
  reset(key: string): void {
    this.keys.delete(key);
  }

  private current(key: string): KeyState | undefined {
    const state = this.keys.get(key);
    if (state !== undefined && this.clock() - state.lastAttemptAt >= this.policy.forgetAfterMs) {
      this.keys.delete(key);
      return undefined;
    }
    return state;
  }

  private evict(now: number): void {
    if (this.keys.size <= this.maxKeys) return;
    for (const [key, state] of this.keys) {
      if (this.keys.size <= this.maxKeys) return;
      if (now - state.lastAttemptAt >= this.policy.forgetAfterMs || state.closedUntil <= now) this.keys.delete(key);
    }
    for (const key of this.keys.keys()) {
      if (this.keys.size <= this.maxKeys) return;
      this.keys.delete(key);
    }
  }
}

/** One throttle and the key an attempt is counted under. */
export type ThrottledKey = readonly [throttle: AttemptThrottle, key: string];

/**
 * Checks every key and, when all allow, counts the attempt under each, with no
 * `await` in between: the attempt is counted before the work it guards starts.
 * A refusal counts nothing.
 */
export function admit(...keys: readonly ThrottledKey[]): ThrottleVerdict {
  const verdict = strictest(...keys.map(([throttle, key]) => throttle.check(key)));
  if (verdict.allowed) for (const [throttle, key] of keys) throttle.record(key);
  return verdict;
}

/** The longest wait among several verdicts; allowed when all allow. */
function strictest(...verdicts: readonly ThrottleVerdict[]): ThrottleVerdict {
  let wait = 0;
  for (const verdict of verdicts) if (!verdict.allowed) wait = Math.max(wait, verdict.retryAfterMs);
  return wait > 0 ? { allowed: false, retryAfterMs: wait } : ALLOWED;
}

/** 429 with a `Response` body and `Retry-After` in whole seconds (rounded up). */
export function tooManyAttempts(retryAfterMs: number): Response {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  const response = messageResponse(429, 'Too many attempts.', { detail: `try again in ${seconds} s` });
  response.headers.set('retry-after', String(seconds));
  return response;
}

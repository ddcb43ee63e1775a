import { ERRORS, RequestError } from './errors.ts';

/** How many expensive requests a gate lets through at once, and how long the others may wait. */
export interface GateLimits {
  /** Requests in flight at once; a request is in flight until its response body is sent. */
  readonly inFlight: number;
  /** Requests that may wait for a place; one more is refused at once. */
  readonly waiting: number;
  /** How long a request waits for a place before it is refused (milliseconds). */
  readonly waitMs: number;
  /** The longest a response holds its place while its body is read (a slow or stalled reader). */
  readonly holdMs: number;
}

/** The `Retry-After` (seconds) of a refused request. */
export const GATE_RETRY_AFTER_SECONDS = 1;

/** The 503 a request gets when no place is free and none frees in time. */
function busy(): RequestError {
  return new RequestError(503, ERRORS.busy, { 'retry-after': String(GATE_RETRY_AFTER_SECONDS) });
}

interface Waiter {
  readonly admit: () => void;
  readonly timer: ReturnType<typeof setTimeout>;
}

/**
 * A counting semaphore for one kind of expensive request of one handler. A place is taken before
 * the work starts and given back when the response body has been read to its end, cancelled (the
 * client went away) or failed, or after `holdMs`, whichever comes first: what a request costs in
 * memory is its body, held until sent. Excess requests wait in order, at most `waiting` of them
 * and each at most `waitMs`; the others get 503 with `Retry-After`.
 */
export class RequestGate {
  #active = 0;
  readonly #waiters: Waiter[] = [];
  readonly #limits: GateLimits;

  constructor(limits: GateLimits) {
    this.#limits = limits;
  }

  /** Requests holding a place now. */
  get active(): number {
    return this.#active;
  }

  /** Requests waiting for a place now. */
  get waiting(): number {
    return this.#waiters.length;
  }

  /**
   * The response of `render`, run once a place is free; the place is held until the response's
   * body is sent (at once for a response without one, or when `bodyless`, as for a HEAD request
   * whose body the host drops unread). Throws the 503 when no place frees in time.
   */
  async run(render: () => Promise<Response>, bodyless = false): Promise<Response> {
    await this.#enter();
    const release = this.#releaser();
    let response: Response;
    try {
      response = await render();
    } catch (error) {
      release();
      throw error;
    }
    if (bodyless || response.body === null) {
      release();
      return response;
    }
    return releasedWhenSent(response, release, this.#limits.holdMs);
  }

  #enter(): Promise<void> {
    if (this.#active < this.#limits.inFlight) {
      this.#active += 1;
      return Promise.resolve();
    }
    if (this.#waiters.length >= this.#limits.waiting) return Promise.reject(busy());
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        // the place of the request that leaves passes to this one: `active` is unchanged
        admit: () => {
          clearTimeout(waiter.timer);
          resolve();
        },
        timer: setTimeout(() => {
          const at = this.#waiters.indexOf(waiter);
          if (at !== -1) this.#waiters.splice(at, 1);
          reject(busy());
        }, this.#limits.waitMs),
      };
      this.#waiters.push(waiter);
    });
  }

  /** Gives the place back once, however many of the body's ends call it. */
  #releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.#waiters.shift();
      if (next === undefined) this.#active -= 1;
      else next.admit();
    };
  }
}

/** The response with a body that calls `release` when read to its end, cancelled or failed, or after `holdMs`. */
function releasedWhenSent(response: Response, release: () => void, holdMs: number): Response {
  const source = response.body;
  if (source === null) {
    release();
    return response;
  }
  const timer = setTimeout(release, holdMs);
  // a held place must not keep a process alive that would otherwise exit
  if (typeof timer === 'object' && 'unref' in timer) timer.unref();
  const done = (): void => {
    clearTimeout(timer);
    release();
  };
  const reader = source.getReader();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done: ended, value } = await reader.read();
        if (ended) {
          done();
          controller.close();
        } else controller.enqueue(value);
      } catch (error) {
        done();
        controller.error(error);
      }
    },
    async cancel(reason) {
      done();
      await reader.cancel(reason);
    },
  });
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}

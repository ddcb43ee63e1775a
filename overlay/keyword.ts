import { feedbackRoute } from './feedback.ts';
import { getJson, isAbort, postQuery } from './http.ts';
import { toKeywordResponse, toSuggestions, type KeywordResponse } from './types.ts';

/** How long typing must pause before a keyword request goes out. */
const KEYWORD_DEBOUNCE_MS = 120;

export interface KeywordSearchHandlers {
  /** The latest query's results, with where the server takes feedback on them (feedback.ts) when it said so. */
  readonly results: (response: KeywordResponse, query: string, feedback: string | undefined) => void;
  readonly failed: (error: Error, query: string) => void;
}

/**
 * Instant keyword search: `search(query)` waits `delay` ms of quiet, then sends
 * `POST {endpoint}` `{ query, mode: 'keyword' }`. A newer call (or `cancel()`) drops the pending
 * timer and aborts the request in flight, so only the latest query's answer is ever delivered.
 */
export class KeywordSearch {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private controller: AbortController | undefined;

  constructor(
    private readonly endpoint: () => string,
    private readonly handlers: KeywordSearchHandlers,
    private readonly delay = KEYWORD_DEBOUNCE_MS,
  ) {}

  search(query: string): void {
    this.cancel();
    this.timer = setTimeout(() => void this.run(query), this.delay);
  }

  cancel(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    this.controller?.abort();
    this.controller = undefined;
  }

  private async run(query: string): Promise<void> {
    this.timer = undefined;
    const controller = new AbortController();
    this.controller = controller;
    try {
      const response = await postQuery(this.endpoint(), { query, mode: 'keyword' }, controller.signal);
      const body = toKeywordResponse(await response.json());
      if (!controller.signal.aborted) this.handlers.results(body, query, feedbackRoute(response));
    } catch (error) {
      if (!controller.signal.aborted && !isAbort(error)) this.handlers.failed(error instanceof Error ? error : new Error(String(error)), query);
    } finally {
      if (this.controller === controller) this.controller = undefined;
    }
  }
}

/** What `GET {endpoint}` says: its suggestions, and what an Ask gets (`x-ask-answers`: `agentic`, `keyword`, or undefined when the server does not say). */
export interface EndpointState {
  readonly suggestions: string[];
  readonly answers: 'agentic' | 'keyword' | undefined;
}

const stateCache = new Map<string, Promise<EndpointState>>();

function answersOf(headers: Headers): EndpointState['answers'] {
  const value = headers.get('x-ask-answers');
  return value === 'agentic' || value === 'keyword' ? value : undefined;
}

/** `GET {endpoint}`, fetched once per endpoint (a failure is not cached). */
export function endpointState(endpoint: string): Promise<EndpointState> {
  let cached = stateCache.get(endpoint);
  if (cached === undefined) {
    cached = getJson(endpoint).then(({ body, headers }) => ({ suggestions: toSuggestions(body), answers: answersOf(headers) }));
    cached.catch(() => stateCache.delete(endpoint));
    stateCache.set(endpoint, cached);
  }
  return cached;
}

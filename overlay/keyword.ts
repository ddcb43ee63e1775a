import { getJson, isAbort, postQuery } from './http.ts';
import { toKeywordResponse, toSuggestions, type KeywordResponse } from './types.ts';

/** How long typing must pause before a keyword request goes out. */
const KEYWORD_DEBOUNCE_MS = 120;

export interface KeywordSearchHandlers {
  readonly results: (response: KeywordResponse, query: string) => void;
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
      if (!controller.signal.aborted) this.handlers.results(body, query);
    } catch (error) {
      if (!controller.signal.aborted && !isAbort(error)) this.handlers.failed(error instanceof Error ? error : new Error(String(error)), query);
    } finally {
      if (this.controller === controller) this.controller = undefined;
    }
  }
}

const suggestionCache = new Map<string, Promise<string[]>>();

/** The suggestions of `GET {endpoint}`, fetched once per endpoint (a failure is not cached). */
export function suggestions(endpoint: string): Promise<string[]> {
  let cached = suggestionCache.get(endpoint);
  if (cached === undefined) {
    cached = getJson(endpoint).then(toSuggestions);
    cached.catch(() => suggestionCache.delete(endpoint));
    suggestionCache.set(endpoint, cached);
  }
  return cached;
}

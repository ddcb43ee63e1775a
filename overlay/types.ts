/**
 * The shapes the element reads from `{endpoint}` (spec §2 and §6), and guards that turn the
 * server's JSON into them: anything malformed is dropped, never trusted. The types are the wire
 * contract's (type-only imports: the guards below keep zod out of the browser bundle).
 */
import type { KeywordResponse as WireKeywordResponse, KeywordResult as WireKeywordResult, Source as WireSource } from '../pipeline/format/wire.ts';

/** A keyword result, as the wire contract defines it (`pipeline/format/wire.ts`). */
export type KeywordResult = WireKeywordResult;

/** What the element reads of a keyword response. */
export type KeywordResponse = Pick<WireKeywordResponse, 'results' | 'query' | 'warning'>;

/** What the element shows of a grounding source. */
export type Source = Pick<WireSource, 'url' | 'title' | 'heading'>;

/** One frame of the agentic stream, as the element uses it. */
export type AskEvent =
  | { readonly type: 'search'; readonly query: string }
  | { readonly type: 'sources'; readonly sources: readonly Source[] }
  | { readonly type: 'token'; readonly text: string }
  | { readonly type: 'done' }
  | { readonly type: 'error'; readonly error: string };

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function keywordResult(value: unknown): KeywordResult | undefined {
  if (!isObject(value)) return undefined;
  const title = text(value.title);
  const url = text(value.url);
  if (title === undefined || url === undefined) return undefined;
  const heading = text(value.heading);
  const group = text(value.group);
  return { title, url, snippet: text(value.snippet) ?? '', ...(heading ? { heading } : {}), ...(group ? { group } : {}) };
}

/** A KeywordResponse from parsed JSON (results that lack a title or url are dropped). */
export function toKeywordResponse(value: unknown): KeywordResponse {
  const body = isObject(value) ? value : {};
  const results = Array.isArray(body.results) ? body.results.map(keywordResult).filter((r) => r !== undefined) : [];
  const warning = text(body.warning);
  return { results, query: text(body.query) ?? '', ...(warning ? { warning } : {}) };
}

/** The suggestions of `GET {endpoint}` (strings only). */
export function toSuggestions(value: unknown): string[] {
  const list = isObject(value) && Array.isArray(value.suggestions) ? value.suggestions : [];
  return list.filter((s): s is string => typeof s === 'string' && s.trim() !== '');
}

function source(value: unknown): Source | undefined {
  if (!isObject(value)) return undefined;
  const url = text(value.url);
  if (url === undefined) return undefined;
  const title = text(value.title);
  const heading = text(value.heading);
  return { url, ...(title ? { title } : {}), ...(heading ? { heading } : {}) };
}

/** One SSE frame (`event` name and `data` text) as an AskEvent, or undefined when unknown or malformed. */
export function toAskEvent(event: string | undefined, data: string): AskEvent | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    return undefined;
  }
  const body = isObject(parsed) ? parsed : {};
  switch (event) {
    case 'search': {
      const query = text(body.query);
      return query === undefined ? undefined : { type: 'search', query };
    }
    case 'sources': {
      const sources = Array.isArray(body.sources) ? body.sources.map(source).filter((s) => s !== undefined) : [];
      return { type: 'sources', sources };
    }
    case 'token': {
      const delta = text(body.text);
      return delta === undefined ? undefined : { type: 'token', text: delta };
    }
    case 'done':
      return { type: 'done' };
    case 'error':
      return { type: 'error', error: text(body.error) ?? 'The answer failed.' };
    default:
      return undefined;
  }
}

/** The `error` text of a failed response's JSON body, if it has one. */
export function errorText(value: unknown): string | undefined {
  return isObject(value) ? text(value.error) : undefined;
}

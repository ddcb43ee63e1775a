import { readAskBody } from './body.ts';
import type { AskData } from './digest-data.ts';
import { jsonResponse } from './errors.ts';
import { searchKeywordRead } from './rows-read.ts';
import { KEY_VARIABLES } from '../model/defaults.ts';
import type { LoopConfig } from './provider-config.ts';
import { UNKNOWN_PROVIDER_WARNING } from './unknown-provider.ts';
import type { KeywordResult } from '../format/wire.ts';

/** Starts the agentic answer stream (rule 4); the key is in `config`, never in the response. */
export type AgenticStreamer = (query: string, data: AskData, config: LoopConfig & { apiKey: string }, signal: AbortSignal) => ReadableStream<Uint8Array>;

/** The header of `GET {ask_base}` that says, before any Ask, what an Ask gets: `agentic` (a key is set) or `keyword` (rule 3: keyword results with a warning). */
export const ANSWERS_HEADER = 'x-ask-answers';

/** `GET {ask_base}`: suggestions and the configured loop model, no model call; `x-ask-answers` says whether an Ask can be answered (the search box says so before it is chosen). */
export function suggestionsResponse(data: AskData, config: LoopConfig): Response {
  const response = jsonResponse({ suggestions: data.suggestions, model: config.model });
  response.headers.set(ANSWERS_HEADER, config.apiKey === undefined ? 'keyword' : 'agentic');
  return response;
}

/**
 * `POST {ask_base}`: reads the body, then the spec's mode selection in order:
 * 1. empty or whitespace query: empty keyword JSON (no warning, whatever the mode and key);
 * 2. `keyword`, or no key and mode not `agentic`: keyword JSON;
 * 3. `agentic` with no key (or a provider the server does not know): keyword JSON with a `warning`;
 * 4. otherwise (a key, mode `agentic` or omitted): the agentic SSE stream.
 */
export async function askResponse(
  request: Request,
  data: () => Promise<AskData>,
  config: LoopConfig,
  streamAgentic: AgenticStreamer,
  queryLog?: (query: string, results: readonly KeywordResult[], mode: 'keyword' | 'agentic') => void,
): Promise<Response> {
  const body = await readAskBody(request);
  const loaded = await data();
  const { model, apiKey } = config;
  if (body.query.trim() === '') return jsonResponse({ results: [], query: '', model, mode: 'keyword' });
  if (body.mode === 'keyword' || (apiKey === undefined && body.mode !== 'agentic')) {
    const results = await searchKeywordRead(loaded.index, body.query);
    queryLog?.(body.query, results, 'keyword');
    return jsonResponse({ results, query: body.query, model, mode: 'keyword' });
  }
  if (apiKey === undefined) {
    const warning =
      config.unknownProvider === undefined
        ? `Agentic answers need a provider API key on the server (${KEY_VARIABLES[config.provider]}); answered in keyword mode.`
        : UNKNOWN_PROVIDER_WARNING;
    const results = await searchKeywordRead(loaded.index, body.query);
    queryLog?.(body.query, results, 'keyword');
    return jsonResponse({ results, query: body.query, model, mode: 'keyword', warning });
  }
  // what the answer's first search finds: a question it cannot ground is one for the docs team
  if (queryLog !== undefined) queryLog(body.query, await searchKeywordRead(loaded.index, body.query), 'agentic');
  const stream = streamAgentic(body.query, loaded, { ...config, apiKey }, request.signal);
  return new Response(stream, {
    status: 200,
    headers: { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache, no-transform', 'x-accel-buffering': 'no' },
  });
}

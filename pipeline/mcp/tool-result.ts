import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { AskClient } from '../client/ask-client.ts';
import { freshnessLine, freshnessMeta, freshnessOf, type Freshness } from './freshness.ts';

/** What one route answered: its body text when it succeeded, its error message when not; with the digest stamp either way. */
export type RouteAnswer =
  | { readonly ok: true; readonly text: string; readonly freshness: Freshness }
  | { readonly ok: false; readonly message: string; readonly freshness: Freshness };

/** The `error` of an Error body (`{ "error": "..." }`), else the body as it is. */
function errorMessage(text: string): string {
  try {
    const body: unknown = JSON.parse(text);
    if (typeof body === 'object' && body !== null && 'error' in body && typeof body.error === 'string') return body.error;
  } catch {
    // not JSON: the text is the message
  }
  return text;
}

/** Sends `route` through the client and reads the whole answer and its stamp. */
export async function callRoute(client: AskClient, route: string, init?: RequestInit): Promise<RouteAnswer> {
  const response = await client.request(route, init);
  const text = await response.text();
  const freshness = await freshnessOf(response, client);
  return response.ok ? { ok: true, text, freshness } : { ok: false, message: errorMessage(text), freshness };
}

/**
 * A tool result: `text` first (what the tool answers), then one line naming the digest version,
 * which `_meta` carries too. An error result is stamped the same way.
 */
export function stampedResult(text: string, freshness: Freshness, isError = false): CallToolResult {
  return {
    content: [
      { type: 'text', text },
      { type: 'text', text: freshnessLine(freshness) },
    ],
    _meta: freshnessMeta(freshness),
    ...(isError ? { isError: true } : {}),
  };
}

/** The route's answer as a tool result: its body as is, or its error message as an error result. */
export function routeResult(answer: RouteAnswer): CallToolResult {
  return answer.ok ? stampedResult(answer.text, answer.freshness) : stampedResult(answer.message, answer.freshness, true);
}

import { AskError, INTERNAL_ERROR_MESSAGE } from '../errors.ts';

/** The spec's Error body messages, and ours for what the spec leaves open (see the contract notes in the README). */
export const ERRORS = {
  invalidJson: 'Invalid JSON body.',
  notFound: 'Not found.',
  methodNotAllowed: 'Method not allowed.',
  queryRequired: "The body needs a string 'query' field.",
  badMode: "'mode' must be 'keyword' or 'agentic'.",
  tooLarge: 'Request body too large.',
  queryTooLong: 'The query is too long.',
  badFormat: "'format' must be 'json' or 'markdown'.",
  badBudget: "'budget' must be a positive whole number of tokens.",
  busy: 'Too many requests of this kind at once; retry shortly.',
} as const;

/** An Error body (`{ error }`) with its status, as JSON. */
function errorResponse(status: number, message: string, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify({ error: message }), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  });
}

/** A JSON success body. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8' } });
}

/** A text success body (llms.txt, a page's or a section's Markdown) with its content type. */
export function textResponse(body: string, contentType: string): Response {
  return new Response(body, { status: 200, headers: { 'content-type': contentType } });
}

/**
 * A request the spec answers with an error of its own (`ERRORS`): thrown by the routes, answered
 * by the handler's `onError` (`errorToResponse`) with its status, message and headers.
 */
export class RequestError extends AskError {
  override readonly name = 'RequestError';
  constructor(status: number, message: string, headers: Readonly<Record<string, string>> = {}) {
    super(message, { status, userMessage: message, headers });
  }
}

/**
 * The handler's one place that turns a thrown error into a response: an AskError answers its
 * status and user message; anything else a 500 with the generic message. Server-side, a shown
 * server error is logged with its message and an internal one by its name only (its message
 * may carry what a user must not see).
 */
export function errorToResponse(error: unknown, log: (line: string) => void): Response {
  if (error instanceof AskError && error.forUser) {
    if (error.status >= 500) log(`ask: ${error.name}: ${error.message}`);
    return errorResponse(error.status, error.userMessage, { ...error.headers });
  }
  log(`ask: internal error: ${error instanceof Error ? error.name : 'unknown'}`);
  return error instanceof AskError ? errorResponse(error.status, error.userMessage) : errorResponse(500, INTERNAL_ERROR_MESSAGE);
}

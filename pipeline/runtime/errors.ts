import { AskError, INTERNAL_ERROR_MESSAGE } from '../errors.ts';
import { printable } from '../text/printable.ts';
import { errorDetail } from './error-detail.ts';
import { redactorOf } from './redact.ts';

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
  badFeedbackEvent: "The body needs an 'event' field: 'open' or 'rating'.",
  feedbackQueryRequired: "The body needs a non-empty string 'query' field.",
  badFeedbackUrl: "'url' must be a path of this site, at most 500 characters.",
  badFeedbackRank: "'rank' must be a whole number from 1 to 100.",
  badFeedbackHelpful: "'helpful' must be true or false.",
  feedbackLimit: 'Too much feedback at once; retry later.',
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
 * server error is logged with its message, and an internal one once with its name, message,
 * stack and causes (`errorDetail`) for the operator; every logged line passes through `redact`
 * (the handler's removes the environment's secrets and key-shaped text, `redactorOf`), and
 * none of it reaches the response.
 */
export function errorToResponse(error: unknown, log: (line: string) => void, redact: (text: string) => string = redactorOf()): Response {
  if (error instanceof AskError && error.forUser) {
    if (error.status >= 500) log(redact(`ask: ${printable(error.message)}`));
    return errorResponse(error.status, error.userMessage, { ...error.headers });
  }
  log(redact(`ask: internal error: ${errorDetail(error)}`));
  return error instanceof AskError ? errorResponse(error.status, error.userMessage) : errorResponse(500, INTERNAL_ERROR_MESSAGE);
}

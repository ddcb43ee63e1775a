/** The spec's Error body messages, and ours for what the spec leaves open (see the contract notes in the README). */
export const ERRORS = {
  invalidJson: 'Invalid JSON body.',
  notFound: 'Not found.',
  methodNotAllowed: 'Method not allowed.',
  queryRequired: "The body needs a string 'query' field.",
  badMode: "'mode' must be 'keyword' or 'agentic'.",
  tooLarge: 'Request body too large.',
  queryTooLong: 'The query is too long.',
} as const;

/** An Error body (`{ error }`) with its status, as JSON. */
export function errorResponse(status: number, message: string, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify({ error: message }), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  });
}

/** A JSON success body. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json; charset=utf-8' } });
}

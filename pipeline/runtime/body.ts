import { ERRORS, RequestError } from './errors.ts';

/** Largest POST body accepted, in bytes: a query is a line of text, not a document. */
export const MAX_BODY_BYTES = 16 * 1024;
/** Longest query accepted, in characters. */
export const MAX_QUERY_LENGTH = 1000;

type AskMode = 'keyword' | 'agentic';

export interface AskBody {
  readonly query: string;
  readonly mode: AskMode | undefined;
}

/** The body as text, read as a stream; null once it passes `limit` bytes. */
async function readLimited(request: Request, limit: number): Promise<string | null> {
  if (!request.body) return '';
  const reader = request.body.getReader();
  const decoder = new TextDecoder();
  let size = 0;
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return null;
    }
    text += decoder.decode(value, { stream: true });
  }
  return text + decoder.decode();
}

/**
 * Reads a POST body as JSON: 413 over `limit` bytes (by Content-Length, or while reading a body
 * without one), 400 `Invalid JSON body.` for JSON that does not parse (a `RequestError` thrown
 * for the handler to answer). Returns the parsed value, unchecked.
 */
export async function readJsonBody(request: Request, limit: number): Promise<unknown> {
  const declared = Number(request.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > limit) throw new RequestError(413, ERRORS.tooLarge);
  // a declared, small body is read in one go (the Node adapter's fast path);
  // one without a length is read as a stream and cut at the limit
  const text = Number.isFinite(declared) ? await request.text() : await readLimited(request, limit);
  if (text === null) throw new RequestError(413, ERRORS.tooLarge);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new RequestError(400, ERRORS.invalidJson);
  }
}

/**
 * Reads and checks an Ask body (`readJsonBody` with MAX_BODY_BYTES), then 400 for a body that is
 * not an object with a string `query`, for a `mode` other than the two, or for a query over
 * MAX_QUERY_LENGTH. Returns the body.
 */
export async function readAskBody(request: Request): Promise<AskBody> {
  const data = await readJsonBody(request, MAX_BODY_BYTES);
  if (typeof data !== 'object' || data === null || Array.isArray(data)) throw new RequestError(400, ERRORS.queryRequired);
  const query: unknown = 'query' in data ? data.query : undefined;
  if (typeof query !== 'string') throw new RequestError(400, ERRORS.queryRequired);
  if (query.length > MAX_QUERY_LENGTH) throw new RequestError(400, ERRORS.queryTooLong);
  const mode: unknown = 'mode' in data ? data.mode : undefined;
  if (mode !== undefined && mode !== 'keyword' && mode !== 'agentic') throw new RequestError(400, ERRORS.badMode);
  return { query, mode };
}

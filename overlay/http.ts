import { errorText } from './types.ts';

/** A request to `{endpoint}` that failed: its message is the server's `error` text when it sent one. */
export class AskRequestError extends Error {}

async function failure(response: Response): Promise<AskRequestError> {
  let message: string | undefined;
  try {
    message = errorText(await response.json());
  } catch {
    message = undefined;
  }
  return new AskRequestError(message ?? `The search request failed (HTTP ${response.status}).`);
}

/** `POST {endpoint}` with a JSON body; resolves to the response when it is 2xx, else rejects with its error. */
export async function postQuery(endpoint: string, body: { query: string; mode?: 'keyword' | 'agentic' }, signal: AbortSignal): Promise<Response> {
  const response = await fetch(endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream, application/json' },
    body: JSON.stringify(body),
    signal,
  });
  if (!response.ok) throw await failure(response);
  return response;
}

/** `GET {endpoint}` as JSON, with the response's headers; rejects with the server's error when it is not 2xx. */
export async function getJson(endpoint: string, signal?: AbortSignal): Promise<{ readonly body: unknown; readonly headers: Headers }> {
  const response = await fetch(endpoint, { headers: { accept: 'application/json' }, ...(signal ? { signal } : {}) });
  if (!response.ok) throw await failure(response);
  return { body: await response.json(), headers: response.headers };
}

/** Whether an error is the one an aborted request rejects with (a newer query replaced it). */
export function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

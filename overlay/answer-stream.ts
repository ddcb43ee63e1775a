import { createParser } from 'eventsource-parser';
import { feedbackRoute } from './feedback.ts';
import { postQuery } from './http.ts';
import { toAskEvent, toKeywordResponse, type AskEvent, type KeywordResponse } from './types.ts';

/**
 * What `POST {endpoint}` answered to an Ask: keyword JSON (no key on the server) or the agentic
 * stream; with where the server takes feedback, when it said so (feedback.ts).
 */
export type AskOutcome = (
  | { readonly kind: 'keyword'; readonly response: KeywordResponse }
  | { readonly kind: 'stream'; readonly events: AsyncIterable<AskEvent> }
) & { readonly feedback: string | undefined };

/**
 * Reads an SSE body into AskEvents, in order, as frames arrive. Unknown or malformed frames are
 * skipped; the iteration ends after `done` or `error`, or when the body ends.
 */
export async function* readAskEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<AskEvent> {
  const queue: AskEvent[] = [];
  const parser = createParser({
    onEvent: (message) => {
      const event = toAskEvent(message.event, message.data);
      if (event !== undefined) queue.push(event);
    },
  });
  const decoder = new TextDecoder();
  const reader = body.getReader();
  try {
    for (;;) {
      const chunk = await reader.read();
      parser.feed(chunk.done ? decoder.decode() : decoder.decode(chunk.value, { stream: true }));
      while (queue.length > 0) {
        const event = queue.shift() as AskEvent;
        yield event;
        if (event.type === 'done' || event.type === 'error') return;
      }
      if (chunk.done) return;
    }
  } finally {
    reader.cancel().catch(() => undefined);
  }
}

/** Sends an Ask (`{ query, mode: 'agentic' }`) and tells which answer came back. */
export async function postAsk(endpoint: string, query: string, signal: AbortSignal): Promise<AskOutcome> {
  const response = await postQuery(endpoint, { query, mode: 'agentic' }, signal);
  const type = response.headers.get('content-type') ?? '';
  const feedback = feedbackRoute(response);
  if (type.includes('text/event-stream') && response.body !== null) return { kind: 'stream', events: readAskEvents(response.body), feedback };
  return { kind: 'keyword', response: toKeywordResponse(await response.json()), feedback };
}

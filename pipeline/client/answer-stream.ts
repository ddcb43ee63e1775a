import { createParser, type EventSourceMessage } from 'eventsource-parser';
import type { z } from 'zod';
import { ANSWER_EVENT_DATA, type Source, type SourceSchema } from '../format/wire.ts';

/** One grounding source of an agentic answer, as the `sources` event sends it (what the client keeps of it). */
type AnswerSource = Pick<Source, 'url' | 'title' | 'heading'>;

/** An agentic answer read to its end. */
export interface AgenticAnswer {
  /** The Markdown answer: every `token` delta, in order. */
  readonly text: string;
  readonly sources: readonly AnswerSource[];
  /** The queries the loop searched for (the `search` events). */
  readonly searches: readonly string[];
  /** The loop model the `sources` event named. */
  readonly model: string | null;
  /** The `error` event's message; also set when the stream ended with neither `done` nor `error`. */
  readonly error: string | null;
}

function parsed<T>(schema: z.ZodType<T>, data: string): T | null {
  try {
    const result = schema.safeParse(JSON.parse(data));
    return result.success ? result.data : null;
  } catch {
    return null;
  }
}

function withoutUndefined(source: z.infer<typeof SourceSchema>): AnswerSource {
  return {
    url: source.url,
    ...(source.title === undefined ? {} : { title: source.title }),
    ...(source.heading === undefined ? {} : { heading: source.heading }),
  };
}

/**
 * Reads the SSE body of `POST {ask_base}` (rule 4) to its end: the `token` deltas joined into
 * the answer, the `sources`, the `search` queries, and the `error` message when the stream failed.
 * Unknown or malformed frames are skipped.
 */
export async function readAgenticAnswer(body: ReadableStream<Uint8Array>): Promise<AgenticAnswer> {
  let text = '';
  let sources: AnswerSource[] = [];
  const searches: string[] = [];
  let model: string | null = null;
  let error: string | null = null;
  let ended = false;
  const onEvent = (message: EventSourceMessage): void => {
    if (ended) return;
    if (message.event === 'token') text += parsed(ANSWER_EVENT_DATA.token, message.data)?.text ?? '';
    else if (message.event === 'search') {
      const search = parsed(ANSWER_EVENT_DATA.search, message.data);
      if (search) searches.push(search.query);
    } else if (message.event === 'sources') {
      const event = parsed(ANSWER_EVENT_DATA.sources, message.data);
      if (event) {
        sources = event.sources.map(withoutUndefined);
        model = event.model;
      }
    } else if (message.event === 'error') {
      error = parsed(ANSWER_EVENT_DATA.error, message.data)?.error ?? 'the answer failed';
      ended = true;
    } else if (message.event === 'done') ended = true;
  };
  const parser = createParser({ onEvent });
  const decoder = new TextDecoder();
  const reader = body.getReader();
  try {
    while (!ended) {
      const chunk = await reader.read();
      parser.feed(chunk.done ? decoder.decode() : decoder.decode(chunk.value, { stream: true }));
      if (chunk.done) break;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  if (!ended) error = 'the answer stream ended before it was done';
  return { text, sources, searches, model, error };
}

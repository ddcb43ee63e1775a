/** The Server-Sent Events of the agentic answer (spec, Events). */
export type AnswerEvent =
  | { readonly event: 'search'; readonly data: { readonly query: string } }
  | { readonly event: 'sources'; readonly data: { readonly sources: readonly Source[]; readonly model: string; readonly mode: 'agentic' } }
  | { readonly event: 'token'; readonly data: { readonly text: string } }
  | { readonly event: 'done'; readonly data: Record<string, never> }
  | { readonly event: 'error'; readonly data: { readonly error: string } };

/** A grounding source (spec Source): no snippet. */
export interface Source {
  readonly url: string;
  readonly title?: string;
  readonly heading?: string;
  readonly group?: string;
  readonly terms?: readonly string[];
}

const encoder = new TextEncoder();

/** One frame: `event: <name>\ndata: <JSON>\n\n` (JSON never contains a raw newline). */
export function encodeFrame(frame: AnswerEvent): Uint8Array {
  return encoder.encode(`event: ${frame.event}\ndata: ${JSON.stringify(frame.data)}\n\n`);
}

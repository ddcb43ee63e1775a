import type { AnswerEvent } from '../../format/wire.ts';

export type { AnswerEvent, Source } from '../../format/wire.ts';

const encoder = new TextEncoder();

/** One frame: `event: <name>\ndata: <JSON>\n\n` (JSON never contains a raw newline). */
export function encodeFrame(frame: AnswerEvent): Uint8Array {
  return encoder.encode(`event: ${frame.event}\ndata: ${JSON.stringify(frame.data)}\n\n`);
}

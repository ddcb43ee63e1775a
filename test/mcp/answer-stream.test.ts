import { describe, expect, it } from 'vitest';
import { readAgenticAnswer } from '../../pipeline/client/answer-stream.ts';
import { encodeFrame, type AnswerEvent } from '../../pipeline/runtime/agentic/sse.ts';

/** The frames as the handler encodes them, delivered in chunks that split frames (and a multi-byte character) anywhere. */
function streamOf(frames: readonly AnswerEvent[], chunkSize = 7): ReadableStream<Uint8Array> {
  const bytes = Buffer.concat(frames.map((frame) => Buffer.from(encodeFrame(frame))));
  return new ReadableStream({
    start(controller) {
      for (let at = 0; at < bytes.length; at += chunkSize) controller.enqueue(new Uint8Array(bytes.subarray(at, at + chunkSize)));
      controller.close();
    },
  });
}

const SOURCES: AnswerEvent = {
  event: 'sources',
  data: { sources: [{ url: '/guide/tokens#revoke-a-token', title: 'Session tokens', heading: 'Revoke a token' }], model: 'loop-model', mode: 'agentic' },
};

describe('reading an agentic answer stream to its end', () => {
  it('joins the token deltas and keeps the sources, searches and model', async () => {
    const answer = await readAgenticAnswer(
      streamOf([
        { event: 'search', data: { query: 'revoke token' } },
        SOURCES,
        { event: 'token', data: { text: 'Run `svc tokens rm NAME` — ' } },
        { event: 'token', data: { text: 'it stops at once.' } },
        { event: 'done', data: {} },
      ]),
    );
    expect(answer).toEqual({
      text: 'Run `svc tokens rm NAME` — it stops at once.',
      sources: [{ url: '/guide/tokens#revoke-a-token', title: 'Session tokens', heading: 'Revoke a token' }],
      searches: ['revoke token'],
      model: 'loop-model',
      error: null,
    });
  });

  it("reports the error frame's message", async () => {
    const answer = await readAgenticAnswer(streamOf([SOURCES, { event: 'token', data: { text: 'Run' } }, { event: 'error', data: { error: 'the provider is overloaded' } }]));
    expect(answer.error).toBe('the provider is overloaded');
    expect(answer.text).toBe('Run');
  });

  it('calls a stream that ends with neither done nor error a failure', async () => {
    const answer = await readAgenticAnswer(streamOf([SOURCES, { event: 'token', data: { text: 'Run' } }]));
    expect(answer.error).toBe('the answer stream ended before it was done');
  });
});

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postAsk, readAskEvents } from '../../overlay/answer-stream.ts';
import { AskRequestError } from '../../overlay/http.ts';
import type { AskEvent } from '../../overlay/types.ts';

function streamOf(chunks: readonly (string | Uint8Array)[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(typeof chunk === 'string' ? encoder.encode(chunk) : chunk);
      controller.close();
    },
  });
}

async function collect(events: AsyncIterable<AskEvent>): Promise<AskEvent[]> {
  const out: AskEvent[] = [];
  for await (const event of events) out.push(event);
  return out;
}

function frame(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

describe('readAskEvents', () => {
  it('reads frames split anywhere, a multi-byte character included, in order', async () => {
    const text = [
      frame('search', { query: 'invite members' }),
      frame('sources', { sources: [{ url: '/concepts/workspaces#members', title: 'Workspaces', heading: 'Members' }], model: 'm', mode: 'agentic' }),
      frame('token', { text: 'Invite → ' }),
      frame('token', { text: 'members.' }),
      frame('done', {}),
    ].join('');
    const bytes = new TextEncoder().encode(text);
    const arrow = bytes.indexOf(0xe2);
    const chunks = [bytes.slice(0, 7), bytes.slice(7, arrow + 1), bytes.slice(arrow + 1, arrow + 2), bytes.slice(arrow + 2)];
    expect(await collect(readAskEvents(streamOf(chunks)))).toEqual([
      { type: 'search', query: 'invite members' },
      { type: 'sources', sources: [{ url: '/concepts/workspaces#members', title: 'Workspaces', heading: 'Members' }] },
      { type: 'token', text: 'Invite → ' },
      { type: 'token', text: 'members.' },
      { type: 'done' },
    ]);
  });

  it('ends at done or error and skips unknown or malformed frames', async () => {
    const afterDone = [frame('token', { text: 'a' }), frame('ping', {}), 'event: token\ndata: {not json\n\n', frame('token', { nope: 1 }), frame('done', {}), frame('token', { text: 'late' })];
    expect(await collect(readAskEvents(streamOf(afterDone)))).toEqual([{ type: 'token', text: 'a' }, { type: 'done' }]);
    const failing = [frame('token', { text: 'part' }), frame('error', { error: 'Model overloaded.' }), frame('token', { text: 'late' })];
    expect(await collect(readAskEvents(streamOf(failing)))).toEqual([
      { type: 'token', text: 'part' },
      { type: 'error', error: 'Model overloaded.' },
    ]);
  });

  it('ends when the body ends without done', async () => {
    expect(await collect(readAskEvents(streamOf([frame('token', { text: 'cut' }), 'event: token\ndata: {"text":"half'])))).toEqual([{ type: 'token', text: 'cut' }]);
  });
});

describe('postAsk', () => {
  let server: Server;
  let endpoint = '';
  const bodies: unknown[] = [];

  function answer(request: IncomingMessage, response: ServerResponse, body: { query?: string }): void {
    if (body.query === 'no key') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ results: [{ title: 'T', url: '/t#a', snippet: 's' }], query: body.query, model: 'm', mode: 'keyword', warning: 'Agentic answers need a key.' }));
    } else if (body.query === 'bad') {
      response.writeHead(400, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: 'Invalid JSON body.' }));
    } else {
      response.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8' });
      response.end(frame('token', { text: `answer to ${request.method}` }) + frame('done', {}));
    }
  }

  beforeAll(async () => {
    server = createServer((request, response) => {
      let raw = '';
      request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      request.on('end', () => {
        const body = JSON.parse(raw) as { query?: string };
        bodies.push(body);
        answer(request, response, body);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/ask`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it('asks in agentic mode and reads the stream', async () => {
    const outcome = await postAsk(endpoint, 'how do I invite members', new AbortController().signal);
    expect(bodies.at(-1)).toEqual({ query: 'how do I invite members', mode: 'agentic' });
    expect(outcome.kind).toBe('stream');
    if (outcome.kind !== 'stream') return;
    expect(await collect(outcome.events)).toEqual([{ type: 'token', text: 'answer to POST' }, { type: 'done' }]);
  });

  it('returns keyword JSON with its warning when the server has no key', async () => {
    const outcome = await postAsk(endpoint, 'no key', new AbortController().signal);
    expect(outcome).toEqual({ kind: 'keyword', response: { results: [{ title: 'T', url: '/t#a', snippet: 's' }], query: 'no key', warning: 'Agentic answers need a key.' } });
  });

  it('rejects with the server’s error text on a failed request', async () => {
    await expect(postAsk(endpoint, 'bad', new AbortController().signal)).rejects.toEqual(new AskRequestError('Invalid JSON body.'));
  });
});

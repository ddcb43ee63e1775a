/**
 * Defect 6 of issue 11: the proxy buffered a whole upstream answer for the
 * operations it buffers (a 1.5 GB answer took the server to 4.6 GB). It now
 * reads at most 8 MiB of such an answer and says so with 502; streamed
 * operations still pass any length. The bound is held on what the upstream
 * managed to send (counted on its side, with backpressure), never on memory.
 */
import { once } from 'node:events';
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_MAX_BUFFERED_RESPONSE_BYTES } from '../../pipeline/proxy/proxy.ts';
import { startProxyOverScriptedUpstream, type ProxyOverScriptedUpstream } from '../support/platform-harness.ts';
import { answerJson, type UpstreamScript } from '../support/scripted-upstream.ts';

const TOKEN = 'abcdef0123-tokentokentokentoken';
const MiB = 1024 * 1024;
/** Where a scripted "endless" body stops, so a proxy that reads everything still ends. */
const CEILING = 128 * MiB;
/**
 * What can sit between the two processes besides what the proxy read: both
 * sockets' kernel buffers and one pending write on each side.
 */
const IN_FLIGHT_SLACK = 16 * MiB;

let harness: ProxyOverScriptedUpstream;

beforeAll(async () => {
  harness = await startProxyOverScriptedUpstream({ timeoutMs: 20_000 });
});
afterAll(() => harness.close());
beforeEach(() => {
  harness.upstream.requests.length = 0;
  harness.upstream.handle = answerJson(200, { ok: true });
});

interface CountedBody {
  readonly script: UpstreamScript;
  /** Bytes handed to the socket so far. */
  written(): number;
  /** Settles when the upstream's answer is finished or its connection closed. */
  readonly done: Promise<void>;
}

/** An answer of `total` bytes (or "endless", up to CEILING), written only as fast as the proxy reads it. */
function countedBody(total: number, headers: Record<string, string>): CountedBody {
  let written = 0;
  let settle = () => {};
  const done = new Promise<void>((resolve) => {
    settle = resolve;
  });
  const chunk = Buffer.alloc(64 * 1024, 'a');
  const script: UpstreamScript = async (_request, response: ServerResponse) => {
    let closed = false;
    response.on('close', () => {
      closed = true;
      settle();
    });
    response.writeHead(200, headers);
    while (!closed && written < total) {
      const piece = chunk.subarray(0, Math.min(chunk.length, total - written));
      written += piece.length;
      if (!response.write(piece)) await Promise.race([once(response, 'drain'), once(response, 'close')]);
    }
    if (!closed) response.end();
  };
  return { script, written: () => written, done };
}

function get(path: string): Promise<Response> {
  return fetch(`${harness.proxyUrl}${path}`, { headers: { 'svc-session-token': TOKEN } });
}

describe('answers of buffered operations are capped', () => {
  it('uses 8 MiB by default', () => {
    expect(DEFAULT_MAX_BUFFERED_RESPONSE_BYTES).toBe(8 * MiB);
  });

  it('answers 502 to an endless answer, having read a bounded part of it', async () => {
    const body = countedBody(CEILING, { 'content-type': 'application/json' });
    harness.upstream.handle = body.script;
    const response = await get('/api/v2/workspaces');
    expect(response.status).toBe(502);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(await response.json()).toEqual({
      message: "The platform's answer was too large.",
      detail: `the proxy passes at most ${8 * MiB} bytes of this operation's answer`,
    });
    await body.done;
    expect(body.written()).toBeLessThan(8 * MiB + IN_FLIGHT_SLACK);
  });

  it('answers 502 at once when the declared length is over the cap (the 1.5 GB of the report)', async () => {
    const body = countedBody(CEILING, { 'content-type': 'application/json', 'content-length': String(1536 * MiB) });
    harness.upstream.handle = body.script;
    const response = await get('/api/v2/notifications/templates/system');
    expect(response.status).toBe(502);
    expect(await response.json()).toMatchObject({ message: "The platform's answer was too large." });
    await body.done;
    expect(body.written()).toBeLessThan(IN_FLIGHT_SLACK);
  });

  it('passes an answer of exactly the cap, whole', async () => {
    const body = countedBody(8 * MiB, { 'content-type': 'application/json', 'content-length': String(8 * MiB) });
    harness.upstream.handle = body.script;
    const response = await get('/api/v2/workspaces');
    expect(response.status).toBe(200);
    expect((await response.arrayBuffer()).byteLength).toBe(8 * MiB);
  });

  it('still streams the streamed operations, whatever their length', async () => {
    for (const path of ['/api/v2/notifications/inbox/watch', '/debug/magicsock']) {
      const body = countedBody(20 * MiB, { 'content-type': 'text/event-stream' });
      harness.upstream.handle = body.script;
      const response = await get(path);
      expect(response.status).toBe(200);
      expect((await response.arrayBuffer()).byteLength).toBe(20 * MiB);
    }
  });
});

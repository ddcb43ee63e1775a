import { describe, expect, it } from 'vitest';
import { clientResponseHeaders, upstreamRequestHeaders } from '../../pipeline/proxy/headers.ts';
import { createPlatformProxy } from '../../pipeline/proxy/index.ts';
import { useScriptedProxy } from '../support/proxy-harness.ts';
import { gate, startScriptedUpstream } from '../support/scripted-upstream.ts';

const TOKEN = 'abcdef0123-tokentokentokentoken';
const MiB = 1024 * 1024;

const suite = useScriptedProxy({ tuning: { timeoutMs: 300 } });

function get(path: string, init: RequestInit = {}): Promise<Response> {
  return suite.fetch(path, { ...init, headers: { 'svc-session-token': TOKEN, ...init.headers } });
}

describe('faithful passage', () => {
  it('passes statuses, content types and bodies back as sent', async () => {
    suite.platform.handle = (_request, response) => {
      response.writeHead(418, { 'content-type': 'application/problem+json', 'x-platform-trace': 'abc' });
      response.end('{"message":"teapot"}');
    };
    const response = await get('/api/v2/workspaces?q=owner:me');
    expect(response.status).toBe(418);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    expect(response.headers.get('x-platform-trace')).toBe('abc');
    expect(await response.text()).toBe('{"message":"teapot"}');
  });

  it('forwards only the allowed request headers, without hop-by-hop ones', async () => {
    await suite.sendRaw('/api/v2/workspaces', {
      'svc-session-token': TOKEN, accept: 'application/json', 'accept-language': 'fr', 'x-custom': 'drop me', cookie: 'session=1',
      authorization: 'Bearer x', 'proxy-authorization': 'Basic y', connection: 'keep-alive, accept-language', 'keep-alive': 'timeout=9',
      te: 'trailers', 'x-forwarded-for': '10.0.0.1',
    });
    const sent = suite.platform.requests[0]?.headers ?? {};
    expect(sent['svc-session-token']).toBe(TOKEN);
    expect(sent['accept']).toBe('application/json');
    for (const name of ['x-custom', 'cookie', 'authorization', 'proxy-authorization', 'te', 'x-forwarded-for']) {
      expect(sent[name], name).toBeUndefined();
    }
    // Named by Connection, so dropped (the fetch client then adds its own default).
    expect(sent['accept-language']).not.toBe('fr');
    expect(sent['keep-alive']).not.toBe('timeout=9');
  });

  it('drops hop-by-hop and cookie headers from the response', async () => {
    suite.platform.handle = (_request, response) => {
      response.writeHead(200, {
        'content-type': 'application/json', 'keep-alive': 'timeout=77', 'x-hop': 'one', connection: 'x-hop',
        'set-cookie': 'session=abc', 'proxy-authenticate': 'Basic', 'x-kept': 'yes',
      });
      response.end('{}');
    };
    const response = await get('/api/v2/auth/scopes');
    for (const name of ['x-hop', 'set-cookie', 'proxy-authenticate']) expect(response.headers.get(name), name).toBeNull();
    expect(response.headers.get('keep-alive')).not.toBe('timeout=77');
    expect(response.headers.get('x-kept')).toBe('yes');
  });

  it('filters headers by the rules whatever the fetch client already removed', () => {
    const upstreamHeaders = new Headers({
      connection: 'close, x-listed', 'x-listed': '1', 'keep-alive': 'timeout=1', 'transfer-encoding': 'chunked', trailer: 'x',
      upgrade: 'h2c', 'proxy-authenticate': 'Basic', 'set-cookie': 'a=b', 'content-encoding': 'gzip', 'content-length': '10',
      'content-type': 'text/plain', location: '/there', etag: '"e"',
    });
    expect([...clientResponseHeaders(upstreamHeaders, true).keys()].sort()).toEqual(['content-type', 'etag', 'location']);
    const incoming = new Headers({ connection: 'svc-session-token', 'svc-session-token': 't', 'content-type': 'application/json', te: 'x' });
    expect(Object.fromEntries(upstreamRequestHeaders(incoming, true))).toEqual({
      'accept-encoding': 'identity', 'content-type': 'application/json',
    });
    expect(upstreamRequestHeaders(new Headers({ 'content-type': 'text/plain' }), false).has('content-type')).toBe(false);
  });

  it('sends 204 and 304 with no body', async () => {
    for (const status of [204, 304]) {
      suite.platform.handle = (_request, response) => {
        response.writeHead(status, { etag: '"v1"' });
        response.end();
      };
      const response = await get('/api/v2/notifications/settings', { method: 'PUT', body: '{"notifier_paused":false}', headers: { 'content-type': 'application/json' } });
      expect(response.status).toBe(status);
      expect(await response.text()).toBe('');
    }
  });

  it('passes a 307 back with its Location and never follows it', async () => {
    suite.platform.handle = (request, response) => {
      if (request.url.startsWith('/followed')) {
        response.writeHead(200).end('followed!');
        return;
      }
      response.writeHead(307, { location: `${suite.platform.url}/followed?key=sealed` });
      response.end();
    };
    const response = await get('/api/v2/applications/auth-redirect?redirect_uri=http%3A%2F%2Fapp.test%2F', { redirect: 'manual' });
    expect(response.status).toBe(307);
    expect(response.headers.get('location')).toBe(`${suite.platform.url}/followed?key=sealed`);
    expect(suite.platform.requests.map((r) => r.url)).toEqual(['/api/v2/applications/auth-redirect?redirect_uri=http%3A%2F%2Fapp.test%2F']);
  });
});

describe('streams', () => {
  it('streams inbox/watch chunk by chunk, each before the upstream sends the next', async () => {
    const received = [gate(), gate()];
    suite.platform.handle = async (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write('data: one\n\n');
      await received[0]?.promise;
      response.write('data: two\n\n');
      await received[1]?.promise;
      response.end('data: three\n\n');
    };
    const response = await get('/api/v2/notifications/inbox/watch');
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const reader = response.body?.getReader();
    if (reader === undefined) throw new Error('no body');
    const decoder = new TextDecoder();
    let text = '';
    for (const [index, expected] of ['data: one\n\n', 'data: two\n\n'].entries()) {
      while (!text.includes(expected)) {
        const { value, done } = await reader.read();
        if (done) throw new Error('stream ended early');
        text += decoder.decode(value, { stream: true });
      }
      received[index]?.open();
    }
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
    expect(text).toBe('data: one\n\ndata: two\n\ndata: three\n\n');
  });

  it('keeps a quiet watch stream open past the upstream timeout', async () => {
    suite.platform.handle = async (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write(': watching\n\n');
      await new Promise((resolve) => setTimeout(resolve, 600));
      response.end('data: late\n\n');
    };
    const response = await get('/api/v2/notifications/inbox/watch');
    expect(await response.text()).toBe(': watching\n\ndata: late\n\n');
  });

  it('closes the upstream watch when the client goes away', async () => {
    const closed = gate();
    suite.platform.handle = (_request, response, incoming) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write(': watching\n\n');
      incoming.socket.on('close', () => closed.open());
    };
    const controller = new AbortController();
    const response = await get('/api/v2/notifications/inbox/watch', { signal: controller.signal });
    await response.body?.getReader().read();
    controller.abort();
    await closed.promise;
  });

  it('cuts /debug/logs at 10 MiB however much the upstream sends', async () => {
    const chunk = Buffer.alloc(MiB, 'a');
    suite.platform.handle = (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/plain', 'content-length': String(12 * MiB) });
      for (let i = 0; i < 12; i++) response.write(i === 0 ? Buffer.concat([Buffer.from('first line\n'), chunk.subarray(11)]) : chunk);
      response.end();
    };
    const response = await get('/debug/logs');
    expect(response.status).toBe(200);
    const body = Buffer.from(await response.arrayBuffer());
    expect(body.length).toBe(10 * MiB);
    expect(body.subarray(0, 11).toString()).toBe('first line\n');
  });
});

describe('an upstream that fails', () => {
  it('answers 504 with a Response body when no headers come in time', async () => {
    suite.platform.handle = () => undefined;
    const response = await get('/api/v2/workspaces');
    expect(response.status).toBe(504);
    expect(await response.json()).toMatchObject({ message: 'The platform did not answer in time.' });
  });

  it('answers 504 when a buffered body stalls', async () => {
    suite.platform.handle = (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('{"workspaces":');
    };
    expect((await get('/api/v2/workspaces')).status).toBe(504);
  });

  it('answers 502 when the upstream drops the connection', async () => {
    suite.platform.handle = (_request, response) => {
      response.socket?.destroy();
    };
    const response = await get('/api/v2/workspaces');
    expect(response.status).toBe(502);
    expect(await response.json()).toMatchObject({ message: 'The platform could not be reached.' });
  });

  it('ends the client stream when the upstream dies in the middle of a watch', async () => {
    suite.platform.handle = (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write('data: one\n\n', () => setTimeout(() => response.socket?.destroy(), 20));
    };
    const response = await get('/api/v2/notifications/inbox/watch');
    expect(response.status).toBe(200);
    const reader = response.body?.getReader();
    if (reader === undefined) throw new Error('no body');
    let text = '';
    const outcome = await (async () => {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return 'ended';
        text += new TextDecoder().decode(value);
      }
    })().catch(() => 'errored');
    expect(outcome).toBe('ended');
    expect(text).toBe('data: one\n\n');
  });

  it('answers 502 when the upstream is down, and debug routes 404 without --agent-debug-url', async () => {
    const doomed = await startScriptedUpstream();
    const proxy = createPlatformProxy({ platformUrl: doomed.url });
    await doomed.kill();
    const response = await proxy(new Request('http://docs.test/api/v2/auth/scopes'));
    expect(response?.status).toBe(502);
    expect(await response?.json()).toMatchObject({ message: expect.any(String) as unknown });
    const debug = await proxy(new Request('http://docs.test/debug/logs', { headers: { 'svc-session-token': TOKEN } }));
    expect(debug?.status).toBe(404);
    expect(await debug?.json()).toMatchObject({ message: 'Agent debug routes are not enabled.' });
  });
});

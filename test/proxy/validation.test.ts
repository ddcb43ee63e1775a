import { connect } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PLATFORM_OPERATIONS } from '../../pipeline/platform-api/index.ts';
import { startProxyOverScriptedUpstream, type PlatformProxy, type ProxyOverScriptedUpstream } from '../support/platform-harness.ts';
import type { ScriptedUpstream } from '../support/scripted-upstream.ts';

const TOKEN = 'abcdef0123-tokentokentokentoken';
const VALID: Record<string, string> = {
  '{user}': 'me', '{externalauth}': 'simgit', '{id}': '3f1c1c7e-2a59-4c3e-9d1b-7b9a2f6a0c11',
  '{workspace_id}': '3f1c1c7e-2a59-4c3e-9d1b-7b9a2f6a0c11', '{state}': 'false',
};
const headers = { 'svc-session-token': TOKEN, 'content-type': 'application/json' };

let harness: ProxyOverScriptedUpstream;
let upstream: ScriptedUpstream;
let proxy: PlatformProxy;
let proxyUrl: string;

beforeAll(async () => {
  harness = await startProxyOverScriptedUpstream({ maxBodyBytes: 1024 });
  ({ upstream, proxy, proxyUrl } = harness);
});
afterAll(() => harness.close());
beforeEach(() => {
  upstream.requests.length = 0;
});

async function send(method: string, path: string, body?: BodyInit, extra: Record<string, string> = {}): Promise<Response> {
  const init: RequestInit & { duplex?: 'half' } = { method, headers: { ...headers, ...extra } };
  if (body !== undefined) {
    init.body = body;
    if (body instanceof ReadableStream) init.duplex = 'half';
  }
  const response = await proxy(new Request(`http://docs.test${path}`, init));
  if (response === null) throw new Error('declined');
  return response;
}

async function validations(response: Response): Promise<string[]> {
  const body = (await response.json()) as { validations?: { field: string; detail: string }[] };
  return (body.validations ?? []).map((v) => v.field).sort();
}

describe('bodies are checked before forwarding', () => {
  it('refuses invalid JSON', async () => {
    const response = await send('POST', '/api/v2/users/login', '{"email": "a@b.c",');
    expect(response.status).toBe(400);
    expect(await validations(response)).toEqual(['body']);
  });

  it('refuses a missing required body', async () => {
    for (const path of ['/api/v2/users/login', '/api/v2/authcheck', '/api/v2/notifications/custom']) {
      const response = await send('POST', path);
      expect(response.status).toBe(400);
      expect(await validations(response)).toEqual(['body']);
    }
  });

  it('names each field of the wrong type or missing', async () => {
    const login = await send('POST', '/api/v2/users/login', JSON.stringify({ email: 42 }));
    expect(login.status).toBe(400);
    expect(await validations(login)).toEqual(['email', 'password']);
    const check = await send('POST', '/api/v2/authcheck', JSON.stringify({ checks: { a: { action: 'read', object: { any_org: 'yes' } } } }));
    expect(await validations(check)).toEqual(['checks.a.object.any_org', 'checks.a.object.resource_type']);
    const logs = await send('PATCH', '/api/v2/workspaceagents/me/logs', JSON.stringify({ logs: [{ created_at: 'yesterday', level: 'info', output: 1 }] }));
    expect(await validations(logs)).toEqual(['logs.0.created_at', 'logs.0.output']);
    const body = await send('PUT', '/api/v2/notifications/settings', JSON.stringify([true]));
    expect(await validations(body)).toEqual(['body']);
  });

  it('refuses a custom notification whose title and message are both empty', async () => {
    for (const content of [{ title: '', message: '' }, { title: '  ' }, {}]) {
      const response = await send('POST', '/api/v2/notifications/custom', JSON.stringify({ content }));
      expect(response.status).toBe(400);
      expect(await validations(response)).toEqual(['content.message', 'content.title']);
    }
  });

  it('checks path and query parameters', async () => {
    expect(await validations(await send('GET', '/api/v2/notifications/inbox?read_status=some'))).toEqual(['read_status']);
    expect(await validations(await send('GET', '/api/v2/notifications/inbox?starting_before=12&targets=a,b'))).toEqual(['starting_before', 'targets']);
    expect(await validations(await send('GET', '/api/v2/notifications/inbox/watch?format=html'))).toEqual(['format']);
    expect(await validations(await send('PUT', '/api/v2/notifications/inbox/not-a-uuid/read-status'))).toEqual(['id']);
    expect(await validations(await send('GET', '/debug/magicsock/debug-logging/maybe'))).toEqual(['state']);
  });

  it('refuses bodies over the limit with 413, declared or streamed', async () => {
    const big = JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(2000) });
    expect((await send('POST', '/api/v2/users/login', big)).status).toBe(413);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 10; i++) controller.enqueue(new TextEncoder().encode('x'.repeat(200)));
        controller.close();
      },
    });
    const streamed = await send('POST', '/api/v2/users/login', stream);
    expect(streamed.status).toBe(413);
    expect(await streamed.json()).toMatchObject({ message: 'Request body too large.' });
  });

  it('forwarded nothing for any refused request above', () => {
    expect(upstream.requests).toHaveLength(0);
  });
});

/** Sends a raw request line, so no client normalizes the path first; returns the status. */
function rawStatus(path: string): Promise<number> {
  const { port } = new URL(proxyUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1', () => {
      socket.write(`GET ${path} HTTP/1.1\r\nHost: docs.test\r\nSvc-Session-Token: ${TOKEN}\r\nConnection: close\r\n\r\n`);
    });
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
    socket.on('end', () => resolve(Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0)));
    socket.on('error', reject);
  });
}

describe('paths cannot escape to another upstream path', () => {
  it.each([
    '/api/v2/users/..%2F..%2Fauthcheck/convert-login',
    '/api/v2/users/%2e%2e/notifications/preferences',
    '/api/v2/users/a%2Fb/notifications/preferences',
    '/api/v2/users/a%5Cb/notifications/preferences',
    '/api/v2/external-auth/%2E%2E',
    '/api/v2/external-auth/simgit%2F..%2F..%2Fusers',
    '/api/v2/workspaces/..%2Fworkspaces/extend',
    '/api/v2/notifications/inbox/..%252F/read-status',
  ])('refuses %s without forwarding', async (path) => {
    const response = await send('GET', path);
    expect([400, 404, 405]).toContain(response.status);
    expect(upstream.requests).toHaveLength(0);
  });

  it.each([
    '/api/v2/users/me/../../authcheck',
    '/api/v2/notifications/../users/login',
    '/api/v2/external-auth/x/../../../../secret',
    '/debug/../api/v2/auth/scopes/../../../../etc/passwd',
  ])('over HTTP, %s reaches no upstream path other than an operation of the table', async (path) => {
    const status = await rawStatus(path);
    expect(status).toBeGreaterThan(0);
    const patterns = PLATFORM_OPERATIONS.map((op) => new RegExp(`^${op.path.replace(/\{\w+\}/g, '[^/]+')}(\\?.*)?$`));
    for (const received of upstream.requests) expect(patterns.some((pattern) => pattern.test(received.url))).toBe(true);
  });

  it('forwards only to table paths, whatever the path (property)', async () => {
    const tricky = fc.constantFrom('me', '..', '.', '%2e%2e', '%2E.', '%2F', 'a%2Fb', '%5C', '', '%00', '%E2%80%AE', 'true', 'simgit',
      '3f1c1c7e-2a59-4c3e-9d1b-7b9a2f6a0c11', 'x?y', '%3F', '%23');
    // Paths near the table's: an operation's path with its parameters (and maybe one literal) replaced, maybe extended.
    const nearTable = fc.record({
      operation: fc.constantFrom(...PLATFORM_OPERATIONS),
      // null: a valid value for that parameter.
      fill: fc.array(fc.oneof({ arbitrary: fc.constant(null), weight: 2 }, { arbitrary: tricky, weight: 1 }), { minLength: 4, maxLength: 4 }),
      mutate: fc.option(fc.nat(6), { nil: undefined }),
      tail: fc.array(tricky, { maxLength: 1 }),
      ownMethod: fc.boolean(),
      otherMethod: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE'),
    }).map(({ operation, fill, mutate, tail, ownMethod, otherMethod }) => {
      let next = 0;
      const segments = operation.path.split('/').slice(1).map((segment, index) => {
        if (!segment.startsWith('{') && index !== mutate) return segment;
        const value = fill[next++ % fill.length];
        return value === null || value === undefined ? (VALID[segment] ?? segment) : value;
      });
      return { method: ownMethod ? operation.method : otherMethod, path: `/${[...segments, ...tail].join('/')}` };
    });
    const anywhere = fc.record({
      method: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE'),
      path: fc.array(fc.oneof(tricky, fc.string({ maxLength: 6 }).map(encodeURIComponent)), { maxLength: 5 })
        .map((segments) => `/api/v2/${segments.join('/')}`),
    });
    const patterns = PLATFORM_OPERATIONS.map((op) => new RegExp(`^${op.path.replace(/\{\w+\}/g, '[^/]+')}$`));
    let forwarded = 0;
    await fc.assert(fc.asyncProperty(
      fc.oneof({ arbitrary: nearTable, weight: 3 }, { arbitrary: anywhere, weight: 1 }),
      async ({ method, path }) => {
        upstream.requests.length = 0;
        let url: URL;
        try {
          url = new URL(`http://docs.test${path}`);
        } catch {
          return;
        }
        const response = await proxy(new Request(url, { method, headers: { 'svc-session-token': TOKEN } }));
        forwarded += upstream.requests.length;
        for (const received of upstream.requests) {
          const forwardedPath = received.url.split('?')[0] ?? '';
          expect(patterns.some((pattern) => pattern.test(forwardedPath))).toBe(true);
          expect(forwardedPath.split('/').map(decodeURIComponent).filter((s) => s === '..' || s === '.' || s.includes('/'))).toHaveLength(0);
        }
        if (response !== null) await response.body?.cancel();
      },
    ), { numRuns: 400 });
    expect(forwarded).toBeGreaterThan(20);
  });
});

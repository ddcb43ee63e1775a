/**
 * The note of issue 11: a body sent with `Content-Type: text/plain` was
 * forwarded with the client's content type. The proxy validates every body as
 * JSON, so what it forwards is JSON: always `Content-Type: application/json`,
 * and only bytes that are UTF-8 (RFC 8259 section 8.1), which it checked.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startProxyOverScriptedUpstream, type ProxyOverScriptedUpstream } from '../support/platform-harness.ts';
import { answerJson } from '../support/scripted-upstream.ts';

const TOKEN = 'abcdef0123-tokentokentokentoken';
const LOGIN = JSON.stringify({ email: 'a@example.com', password: 'pw' });

let harness: ProxyOverScriptedUpstream;

beforeAll(async () => {
  harness = await startProxyOverScriptedUpstream();
});
afterAll(() => harness.close());
beforeEach(() => {
  harness.upstream.requests.length = 0;
  harness.upstream.handle = answerJson(200, { ok: true });
});

function post(path: string, body: BodyInit, contentType: string | null): Promise<Response> {
  const headers: Record<string, string> = { 'svc-session-token': TOKEN };
  if (contentType !== null) headers['content-type'] = contentType;
  return harness.proxy(new Request(`http://docs.test${path}`, { method: 'POST', headers, body })).then((response) => {
    if (response === null) throw new Error('declined');
    return response;
  });
}

describe('the content type of forwarded bodies', () => {
  it.each([
    'text/plain', 'text/plain;charset=UTF-8', 'application/x-www-form-urlencoded', 'application/json; charset=utf-16', 'text/html',
  ])('forwards a valid JSON body sent as %s as application/json', async (contentType) => {
    const response = await post('/api/v2/users/login', LOGIN, contentType);
    expect(response.status).toBe(200);
    const received = harness.upstream.requests[0];
    expect(received?.headers['content-type']).toBe('application/json');
    expect(received?.body.toString()).toBe(LOGIN);
  });

  it('forwards a body sent without a content type as application/json', async () => {
    const bytes = new TextEncoder().encode(LOGIN);
    const response = await post('/api/v2/users/login', bytes, null);
    expect(response.status).toBe(200);
    expect(harness.upstream.requests[0]?.headers['content-type']).toBe('application/json');
  });

  it('refuses a body that is not UTF-8 (the bytes forwarded are the bytes checked)', async () => {
    // "é" in Latin-1: valid JSON only to a decoder that replaces the byte.
    const latin1 = new Uint8Array([...new TextEncoder().encode('{"email":"caf'), 0xe9, ...new TextEncoder().encode('@example.com","password":"pw"}')]);
    const response = await post('/api/v2/users/login', latin1, 'application/json');
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      message: 'Invalid request body.', validations: [{ field: 'body', detail: 'invalid JSON: not UTF-8' }],
    });
    expect(harness.upstream.requests).toHaveLength(0);
  });
});

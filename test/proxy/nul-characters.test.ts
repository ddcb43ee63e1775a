/**
 * Defect 7 of issue 11, at the proxy: a platform on Postgres cannot store
 * U+0000, so a JSON body or a documented query parameter holding one is
 * refused with 400 naming the field, before anything is forwarded.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startProxyOverScriptedUpstream, type ProxyOverScriptedUpstream } from '../support/platform-harness.ts';
import { answerJson } from '../support/scripted-upstream.ts';

const TOKEN = 'abcdef0123-tokentokentokentoken';
const NUL = '\u0000';

let harness: ProxyOverScriptedUpstream;

beforeAll(async () => {
  harness = await startProxyOverScriptedUpstream();
});
afterAll(() => harness.close());
beforeEach(() => {
  harness.upstream.requests.length = 0;
  harness.upstream.handle = answerJson(200, { ok: true });
});

async function send(method: string, path: string, body?: unknown): Promise<Response> {
  const response = await harness.proxy(new Request(`http://docs.test${path}`, {
    method,
    headers: { 'svc-session-token': TOKEN, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  }));
  if (response === null) throw new Error('declined');
  return response;
}

async function refusedFields(response: Response): Promise<string[]> {
  expect(response.status).toBe(400);
  const body = (await response.json()) as { validations?: { field: string; detail: string }[] };
  for (const validation of body.validations ?? []) expect(validation.detail).toEqual(expect.any(String));
  return (body.validations ?? []).map((validation) => validation.field).sort();
}

describe('NUL characters at the proxy', () => {
  it('refuses them in body strings and keys, naming each field, unforwarded', async () => {
    expect(await refusedFields(await send('POST', '/api/v2/users/login', { email: `a${NUL}@b.c`, password: 'x' }))).toEqual(['email']);
    expect(await refusedFields(await send('POST', '/api/v2/users/otp/request', { email: `${NUL}` }))).toEqual(['email']);
    expect(await refusedFields(await send('PATCH', '/api/v2/workspaceagents/me/logs', {
      logs: [{ created_at: '2025-01-02T03:04:05Z', level: 'info', output: 'ok' }, { created_at: '2025-01-02T03:04:05Z', level: `info${NUL}`, output: 'x' }],
    }))).toEqual(['logs.1.level']);
    expect(await refusedFields(await send('PUT', '/api/v2/users/me/notifications/preferences', { template_disabled_map: { [`k${NUL}`]: true } })))
      .toEqual(['template_disabled_map.k\\u0000']);
    expect(harness.upstream.requests).toHaveLength(0);
  });

  it('refuses them in documented query parameters, unforwarded', async () => {
    expect(await refusedFields(await send('GET', '/api/v2/workspaces?q=owner:me%00'))).toEqual(['q']);
    expect(await refusedFields(await send('GET', '/api/v2/applications/auth-redirect?redirect_uri=http://a.test/%00'))).toEqual(['redirect_uri']);
    expect(harness.upstream.requests).toHaveLength(0);
  });

  it('still forwards the same requests without the NUL', async () => {
    expect((await send('POST', '/api/v2/users/login', { email: 'a@b.c', password: 'x' })).status).toBe(200);
    expect((await send('GET', '/api/v2/workspaces?q=owner:me')).status).toBe(200);
    expect(harness.upstream.requests).toHaveLength(2);
  });
});

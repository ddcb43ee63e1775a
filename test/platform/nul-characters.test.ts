/**
 * Defect 7 of issue 11: a `\u0000` in a string that reached Postgres answered
 * 500 (on the unauthenticated login and passcode routes too), and so did a
 * malformed form body on the simulated git provider's device login. Each is
 * now 400 with validations naming the field, and nothing is logged as an
 * internal error.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPlatformCore, servePlatform, type PlatformCore } from '../../platform/index.ts';

const OWNER = { email: 'root@example.com', password: 'Granite-Falcon-nul-4' };
const NUL = '\u0000';

let core: PlatformCore;
let platform: { url: string; agentDebugUrl: string; close(): Promise<void> };
let ownerToken = '';
const logLines: string[] = [];

beforeAll(async () => {
  core = await openPlatformCore({ owner: OWNER, log: (line) => logLines.push(line) });
  platform = await servePlatform(core);
  const login = await fetch(`${platform.url}/api/v2/users/login`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(OWNER),
  });
  ownerToken = ((await login.json()) as { session_token: string }).session_token;
});
afterAll(() => platform.close());

async function send(method: string, path: string, options: { token?: string; body?: BodyInit; contentType?: string } = {}): Promise<Response> {
  const headers: Record<string, string> = { 'content-type': options.contentType ?? 'application/json' };
  if (options.token !== undefined) headers['svc-session-token'] = options.token;
  return fetch(`${platform.url}${path}`, { method, headers, ...(options.body === undefined ? {} : { body: options.body }) });
}

/** Expects 400 with a Response body whose validations name exactly `fields`. */
async function expectRefused(response: Response, fields: string[]): Promise<void> {
  const body = (await response.json()) as { message?: string; validations?: { field: string; detail: string }[] };
  expect({ status: response.status, fields: (body.validations ?? []).map((v) => v.field).sort() }).toEqual({ status: 400, fields });
  expect(body.message).toEqual(expect.any(String));
}

describe('a NUL character in a body', () => {
  const bodies: readonly [string, string, string, unknown, string[], 'none' | 'owner' | 'agent'][] = [
    ['POST', '/api/v2/users/login', 'login', { email: `root${NUL}@example.com`, password: 'x' }, ['email'], 'none'],
    ['POST', '/api/v2/users/login', 'login (password)', { email: 'root@example.com', password: `a${NUL}` }, ['password'], 'none'],
    ['POST', '/api/v2/users/otp/request', 'passcode request', { email: `root@example.com${NUL}` }, ['email'], 'none'],
    ['POST', '/api/v2/users/otp/change-password', 'passcode change',
      { email: 'root@example.com', one_time_passcode: `AB12${NUL}`, password: 'Granite-Falcon-nul-5' }, ['one_time_passcode'], 'none'],
    ['POST', '/api/v2/users/validate-password', 'password validation', { password: `pw${NUL}` }, ['password'], 'owner'],
    ['POST', '/api/v2/users/me/convert-login', 'login conversion', { password: 'x', to_type: `github${NUL}` }, ['to_type'], 'owner'],
    ['POST', '/api/v2/authcheck', 'authcheck (a key)',
      { checks: { [`a${NUL}`]: { action: 'read', object: { resource_type: 'workspace' } } } }, ['checks.a\\u0000'], 'owner'],
    ['POST', '/api/v2/notifications/custom', 'custom notification', { content: { title: `t${NUL}`, message: `m${NUL}` } },
      ['content.message', 'content.title'], 'owner'],
    ['PUT', '/api/v2/users/me/notifications/preferences', 'preferences (a key)', { template_disabled_map: { [`x${NUL}`]: true } },
      ['template_disabled_map.x\\u0000'], 'owner'],
    ['PATCH', '/api/v2/workspaceagents/me/logs', 'agent logs',
      { logs: [{ created_at: '2025-01-02T03:04:05Z', level: 'info', output: `pulling${NUL}` }] }, ['logs.0.output'], 'agent'],
  ];

  it.each(bodies)('%s %s (%s) answers 400 naming the field', async (method, path, _name, body, fields, credential) => {
    const token = credential === 'owner' ? ownerToken : credential === 'agent' ? core.agentToken : undefined;
    await expectRefused(await send(method, path, { body: JSON.stringify(body), ...(token === undefined ? {} : { token }) }), fields);
  });
});

describe('a NUL character in a path or query parameter', () => {
  it.each([
    ['GET', '/api/v2/users/a%00b/notifications/preferences', ['user']],
    ['PUT', '/api/v2/users/a%00b/notifications/preferences', ['user']],
    ['POST', '/api/v2/users/%00/convert-login', ['user']],
    ['GET', '/api/v2/workspaces?q=name:a%00', ['q']],
    ['GET', '/api/v2/workspaces?q=owner:%00', ['q']],
    ['GET', '/api/v2/notifications/inbox?read_status=all&x%00=1', ['x\\u0000']],
  ] as const)('%s %s answers 400 naming it', async (method, path, fields) => {
    const body = method === 'GET' ? {} : { body: method === 'PUT' ? '{"template_disabled_map":{}}' : '{"password":"x","to_type":"github"}' };
    await expectRefused(await send(method, path, { token: ownerToken, ...body }), [...fields]);
  });

  it('still serves the agent debug routes, which take no such parameter', async () => {
    const response = await fetch(`${platform.agentDebugUrl}/debug/manifest`, { headers: { 'svc-session-token': ownerToken } });
    expect(response.status).toBe(200);
  });
});

describe("the git provider's device login form", () => {
  it.each([
    ['multipart/form-data', 'user_code=ABCD-EFGH', ['body']],
    ['multipart/form-data; boundary=xyz', 'not multipart at all', ['body']],
    ['application/x-www-form-urlencoded', 'user_code=%00', ['user_code']],
    ['application/json', `{"user_code":"ABCD${'\\u0000'}"}`, ['user_code']],
    ['application/json', '{"user_code":', ['body']],
  ] as const)('answers a malformed or NUL body sent as %s with 400', async (contentType, body, fields) => {
    await expectRefused(await send('POST', '/simgit/login/device', { body, contentType }), [...fields]);
  });

  it('still answers an unknown code with 400 and a well-formed one by the provider', async () => {
    const unknown = await send('POST', '/simgit/login/device', { body: 'user_code=ABCD-EFGH', contentType: 'application/x-www-form-urlencoded' });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toEqual({ message: 'Unknown or expired code.' });
    const start = await send('GET', '/api/v2/external-auth/simgit/device', { token: ownerToken });
    const { user_code: userCode } = (await start.json()) as { user_code: string };
    const form = new FormData();
    form.set('user_code', userCode.toLowerCase());
    const approved = await fetch(`${platform.url}/simgit/login/device`, { method: 'POST', body: form });
    expect(approved.status).toBe(200);
  });
});

describe('what the platform logged', () => {
  it('logged no internal error for any of the above', () => {
    expect(logLines.filter((line) => line.includes('internal error'))).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { PLATFORM_OPERATIONS, type PlatformOperation } from '../../pipeline/platform-api/index.ts';
import { createPlatformProxy } from '../../pipeline/proxy/index.ts';
import { useScriptedProxy } from '../support/proxy-harness.ts';

const UUID = '3f1c1c7e-2a59-4c3e-9d1b-7b9a2f6a0c11';
const TOKEN = 'abcdef0123-SECRETsecretSECRETsecret00';
const SAMPLE_PARAMS: Record<string, string> = { user: 'me', externalauth: 'simgit', id: UUID, workspace_id: UUID, state: 'true' };
const SAMPLE_BODIES: Record<string, unknown> = {
  checkAuthorization: { checks: { mine: { action: 'read', object: { resource_type: 'workspace', owner_id: 'me' } } } },
  loginWithPassword: { email: 'a@example.com', password: 'pw' },
  changePasswordWithOneTimePasscode: { email: 'a@example.com', one_time_passcode: 'AB12-CD34', password: 'n3w-Password!' },
  requestOneTimePasscode: { email: 'a@example.com' },
  validateUserPassword: { password: 'candidate' },
  convertUserLogin: { password: 'pw', to_type: 'github' },
  sendCustomNotification: { content: { title: 'Hello', message: '' } },
  updateNotificationSettings: { notifier_paused: true },
  updateUserNotificationPreferences: { template_disabled_map: { [UUID]: true } },
  patchWorkspaceAgentLogs: { logs: [{ created_at: '2025-01-02T03:04:05Z', level: 'info', output: 'pulling image' }] },
  extendWorkspace: { deadline: '2025-01-02T03:04:05.000Z' },
};

function pathOf(operation: PlatformOperation): string {
  return operation.path.replace(/\{(\w+)\}/g, (_all, name: string) => SAMPLE_PARAMS[name] ?? 'x');
}

function requestFor(operation: PlatformOperation, init: { token?: string | null; body?: string } = {}): Request {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (init.token !== null) headers['svc-session-token'] = init.token ?? TOKEN;
  const body = init.body ?? (operation.body === undefined ? undefined : JSON.stringify(SAMPLE_BODIES[operation.id]));
  return new Request(`http://docs.test${pathOf(operation)}`, { method: operation.method, headers, ...(body === undefined ? {} : { body }) });
}

const suite = useScriptedProxy();
const { call, logLines } = suite;

describe('the operations table decides what is forwarded', () => {
  it('has a sample body for every operation that takes one', () => {
    for (const operation of PLATFORM_OPERATIONS.filter((op) => op.body !== undefined)) {
      expect(SAMPLE_BODIES, operation.id).toHaveProperty(operation.id);
    }
  });

  it.each(PLATFORM_OPERATIONS.map((op) => [`${op.method} ${op.path}`, op] as const))('forwards %s with its method, path and body', async (_name, operation) => {
    const response = await call(requestFor(operation));
    expect(response.status).toBe(200);
    expect(suite.platform.requests).toHaveLength(1);
    const received = suite.platform.requests[0];
    expect(received?.method).toBe(operation.method);
    expect(received?.url).toBe(pathOf(operation));
    expect(received?.headers['svc-session-token']).toBe(TOKEN);
    const expectedBody = operation.body === undefined ? '' : JSON.stringify(SAMPLE_BODIES[operation.id]);
    expect(received?.body.toString()).toBe(expectedBody);
  });

  it('leaves paths outside /api/v2 and /debug to the host', async () => {
    for (const path of ['/', '/api/ask', '/api/v1/users/login', '/api/v20', '/debugger', '/docs/api/v2']) {
      expect(await suite.proxy(new Request(`http://docs.test${path}`))).toBeNull();
    }
  });

  it.each([
    ['GET', '/api/v2'], ['GET', '/api/v2/users'], ['GET', '/api/v2/users/me'], ['POST', '/api/v2/users/me/convert-login/x'],
    ['GET', '/api/v2/auth/scopes/'], ['GET', '/api/v2//auth/scopes'], ['GET', '/api/v2/AUTH/scopes'], ['GET', '/api/v2/debug/logs'],
    ['GET', '/api/v2/workspaces/x'], ['GET', '/debug'], ['GET', '/debug/pprof'], ['GET', '/debug/logs/more'],
  ])('answers %s %s with 404 and a Response body, forwarding nothing', async (method, path) => {
    const response = await call(new Request(`http://docs.test${path}`, { method, headers: { 'svc-session-token': TOKEN } }));
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ message: expect.any(String) as unknown });
    expect(suite.platform.requests).toHaveLength(0);
  });

  it.each([
    ['GET', '/api/v2/users/login', 'POST'], ['DELETE', '/api/v2/authcheck', 'POST'], ['POST', '/api/v2/workspaces', 'GET'],
    ['PATCH', '/api/v2/external-auth/simgit', 'GET, DELETE'], ['HEAD', '/api/v2/auth/scopes', 'GET'], ['POST', '/debug/logs', 'GET'],
    ['GET', '/api/v2/notifications/inbox/mark-all-as-read', 'PUT'], ['OPTIONS', '/api/v2/notifications/settings', 'GET, PUT'],
  ])('answers %s %s with 405 and Allow: %s, forwarding nothing', async (method, path, allow) => {
    const response = await call(new Request(`http://docs.test${path}`, { method, headers: { 'svc-session-token': TOKEN } }));
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe(allow);
    if (method !== 'HEAD') expect(await response.json()).toMatchObject({ message: 'Method not allowed.' });
    expect(suite.platform.requests).toHaveLength(0);
  });

  it('forwards the query string as the client sent it', async () => {
    await call(new Request(`http://docs.test/api/v2/notifications/inbox?read_status=unread&targets=${UUID}&extra=a%20b`, {
      headers: { 'svc-session-token': TOKEN },
    }));
    expect(suite.platform.requests[0]?.url).toBe(`/api/v2/notifications/inbox?read_status=unread&targets=${UUID}&extra=a%20b`);
  });

  it('appends operation paths to the path of the platform URL', async () => {
    const prefixed = createPlatformProxy({ platformUrl: `${suite.platform.url}/platform/` });
    await prefixed(new Request('http://docs.test/api/v2/auth/scopes'));
    expect(suite.platform.requests[0]?.url).toBe('/platform/api/v2/auth/scopes');
  });

  it('re-encodes path parameters so the upstream sees the same single segment', async () => {
    await call(new Request('http://docs.test/api/v2/users/Jos%C3%A9%20M/notifications/preferences', { headers: { 'svc-session-token': TOKEN } }));
    expect(suite.platform.requests[0]?.url).toBe('/api/v2/users/Jos%C3%A9%20M/notifications/preferences');
  });
});

describe('authentication', () => {
  const needingToken = PLATFORM_OPERATIONS.filter((op) => op.credential !== 'none');

  it.each(needingToken.map((op) => [`${op.method} ${op.path}`, op] as const))('%s without Svc-Session-Token is 401 and never forwarded', async (_name, operation) => {
    for (const token of [null, '', '   ']) {
      const response = await call(requestFor(operation, { token }));
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ message: 'Authentication required.' });
    }
    expect(suite.platform.requests).toHaveLength(0);
  });

  it('forwards login, passcodes and scopes without a token', async () => {
    for (const id of ['loginWithPassword', 'requestOneTimePasscode', 'changePasswordWithOneTimePasscode', 'listApiKeyScopes']) {
      const operation = PLATFORM_OPERATIONS.find((op) => op.id === id);
      if (operation === undefined) throw new Error(id);
      expect((await call(requestFor(operation, { token: null }))).status).toBe(200);
    }
    expect(suite.platform.requests).toHaveLength(4);
  });

  it('never writes the token, the query or the body to its log', async () => {
    logLines.length = 0;
    const login = PLATFORM_OPERATIONS.find((op) => op.id === 'loginWithPassword');
    if (login === undefined) throw new Error('login');
    await call(requestFor(login));
    await call(new Request('http://docs.test/api/v2/applications/auth-redirect?redirect_uri=http://a.test/?key=sekrit', { headers: { 'svc-session-token': TOKEN } }));
    await call(new Request('http://docs.test/api/v2/nope', { headers: { 'svc-session-token': TOKEN } }));
    await createPlatformProxy({ platformUrl: 'http://127.0.0.1:9', log: (line) => logLines.push(line) })(
      new Request('http://docs.test/api/v2/workspaces', { headers: { 'svc-session-token': TOKEN } }),
    );
    expect(logLines.length).toBeGreaterThanOrEqual(4);
    for (const line of logLines) {
      expect(line).not.toContain(TOKEN);
      expect(line).not.toContain('SECRET');
      expect(line).not.toContain('sekrit');
      expect(line).not.toContain('pw');
    }
  });
});

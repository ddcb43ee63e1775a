/**
 * Authorization, login, passcodes, login conversion, external auth and
 * applications: every operation of those tags, called through the proxy
 * against the reference platform, with the responses held to the table's schemas.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authenticate } from '../../platform/credentials.ts';
import { createUser, type PlatformCore } from '../../platform/index.ts';
import { unseal } from '../../platform/secrets.ts';
import { PLATFORM_OPERATIONS } from '../../pipeline/platform-api/index.ts';
import {
  MEMBER, OWNER, passcodeFromMailbox, startPlatformBehindProxy, type PlatformBehindProxy, type ServedPlatform,
} from '../support/platform-harness.ts';

const TAGS = ['Authorization', 'Login', 'External auth', 'Applications'];

let harness: PlatformBehindProxy;
let core: PlatformCore;
let platform: ServedPlatform;
let proxyUrl: string;
const covered = new Set<string>();
let ownerToken = '';
let memberToken = '';

interface Answer { status: number; headers: Headers; text: string; json: unknown }

/** Calls the proxy; checks documented bodies against the table's schema and records which operation answered. */
async function api(method: string, path: string, init: { token?: string; body?: unknown; redirect?: RequestRedirect } = {}): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (init.token !== undefined) headers['svc-session-token'] = init.token;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${proxyUrl}${path}`, {
    method, headers, redirect: init.redirect ?? 'follow', ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  const text = await response.text();
  const json: unknown = text !== '' && (response.headers.get('content-type') ?? '').includes('json') ? JSON.parse(text) : null;
  const bare = path.split('?')[0] ?? '';
  const operation = PLATFORM_OPERATIONS.find((op) => op.method === method && new RegExp(`^${op.path.replace(/\{\w+\}/g, '[^/]+')}$`).test(bare));
  const documented = operation?.responses[response.status];
  if (operation !== undefined && documented !== undefined) {
    if (documented.body !== undefined) documented.body.parse(json);
    else expect(text, `${operation.id} ${response.status} has no body`).toBe('');
    if (response.status < 400) covered.add(operation.id);
  }
  return { status: response.status, headers: response.headers, text, json };
}

async function login(email: string, password: string): Promise<string> {
  const answer = await api('POST', '/api/v2/users/login', { body: { email, password } });
  expect(answer.status).toBe(201);
  const token = (answer.json as { session_token: string }).session_token;
  expect(token.length).toBeGreaterThan(20);
  return token;
}

beforeAll(async () => {
  harness = await startPlatformBehindProxy();
  ({ core, platform, proxyUrl } = harness);
  ownerToken = await login(OWNER.email, OWNER.password);
  memberToken = await login(MEMBER.email, MEMBER.password);
});

afterAll(() => harness.close());

describe('authorization and login', () => {
  it('lists the API key scopes without a token', async () => {
    const answer = await api('GET', '/api/v2/auth/scopes');
    expect(answer.json).toEqual({ external: ['all', 'application_connect'] });
  });

  it('refuses a wrong password or an unknown email alike', async () => {
    for (const body of [{ email: OWNER.email, password: 'nope-nope-nope' }, { email: 'ghost@example.com', password: OWNER.password }]) {
      const answer = await api('POST', '/api/v2/users/login', { body });
      expect(answer.status).toBe(401);
      expect(answer.json).toEqual({ message: 'Incorrect email or password.' });
    }
  });

  it('answers authorization checks by the role model', async () => {
    const me = (await core.services.db.query<{ id: string; organization_id: string }>(
      'select id, organization_id from users where email = $1', [MEMBER.email])).rows[0];
    const checks = {
      ownWorkspace: { action: 'update', object: { resource_type: 'workspace', owner_id: me?.id } },
      ownWorkspaceMe: { action: 'read', object: { resource_type: 'workspace', owner_id: 'me' } },
      othersWorkspace: { action: 'read', object: { resource_type: 'workspace', owner_id: '00000000-0000-4000-8000-00000000aaaa' } },
      anyWorkspace: { action: 'read', object: { resource_type: 'workspace' } },
      templateInOrg: { action: 'read', object: { resource_type: 'template', organization_id: me?.organization_id } },
      templateAnyOrg: { action: 'read', object: { resource_type: 'template', any_org: true } },
      templateOtherOrg: { action: 'read', object: { resource_type: 'template', organization_id: '00000000-0000-4000-8000-00000000bbbb' } },
      templateUpdate: { action: 'update', object: { resource_type: 'template', any_org: true } },
      wildcard: { action: 'read', object: { resource_type: '*' } },
      deployment: { action: 'update', object: { resource_type: 'deployment_config' } },
    };
    const member = await api('POST', '/api/v2/authcheck', { token: memberToken, body: { checks } });
    expect(member.json).toEqual({
      ownWorkspace: true, ownWorkspaceMe: true, othersWorkspace: false, anyWorkspace: false, templateInOrg: true,
      templateAnyOrg: true, templateOtherOrg: false, templateUpdate: false, wildcard: false, deployment: false,
    });
    const owner = await api('POST', '/api/v2/authcheck', { token: ownerToken, body: { checks } });
    expect(Object.values(owner.json as Record<string, boolean>).every(Boolean)).toBe(true);
    expect((await api('POST', '/api/v2/authcheck', { token: 'abcdef0123-notavalidtokennotavalid', body: { checks } })).status).toBe(401);
  });

  it('validates passwords against the rules', async () => {
    const weak = await api('POST', '/api/v2/users/validate-password', { token: memberToken, body: { password: 'password1' } });
    expect(weak.json).toEqual({ valid: false, details: 'Password is too common.' });
    const personal = await api('POST', '/api/v2/users/validate-password', { token: memberToken, body: { password: 'xx-Member-2024!' } });
    expect(personal.json).toMatchObject({ valid: false });
    const strong = await api('POST', '/api/v2/users/validate-password', { token: memberToken, body: { password: 'Blue-Otter-Rides-42' } });
    expect(strong.json).toEqual({ valid: true, details: '' });
  });
});

describe('one-time passcodes', () => {
  const newPassword = 'Quiet-Harbor-Lantern-7';

  // Passcodes go by mail (the platform's local mailbox), never to the inbox a session token can read.
  it('mails a passcode and lets it change the password once', async () => {
    expect((await api('POST', '/api/v2/users/otp/request', { body: { email: 'ghost@example.com' } })).status).toBe(204);
    expect((await api('POST', '/api/v2/users/otp/request', { body: { email: MEMBER.email } })).status).toBe(204);
    const passcode = await passcodeFromMailbox(core, MEMBER.email);
    if (passcode === undefined) throw new Error('no passcode in the mailbox');
    expect(await passcodeFromMailbox(core, 'ghost@example.com')).toBeUndefined();

    const change = (one_time_passcode: string, password: string) =>
      api('POST', '/api/v2/users/otp/change-password', { body: { email: MEMBER.email, one_time_passcode, password } });
    expect((await change('ZZZZ-ZZZZ', newPassword)).status).toBe(401);
    const weak = await change(passcode, 'short');
    expect(weak.status).toBe(400);
    expect(weak.json).toMatchObject({ validations: [{ field: 'password' }] });
    expect((await change(passcode.toLowerCase(), newPassword)).status).toBe(204);
    expect((await change(passcode, 'Another-Fine-Passw0rd')).status).toBe(401);

    expect((await api('POST', '/api/v2/users/validate-password', { token: memberToken, body: { password: 'x' } })).status).toBe(401);
    expect((await api('POST', '/api/v2/users/login', { body: { email: MEMBER.email, password: MEMBER.password } })).status).toBe(401);
    memberToken = await login(MEMBER.email, newPassword);
  });
});

describe('login conversion', () => {
  it('starts a conversion to the git provider and finishes it there', async () => {
    const password = 'Maple-Circuit-Passw0rd';
    await createUser(core.services.db, { email: 'convert@example.com', username: 'converter', role: 'member', password }, core.passwordHashCost);
    const token = await login('convert@example.com', password);
    const convert = (user: string, body: unknown, as = token) => api('POST', `/api/v2/users/${user}/convert-login`, { token: as, body });
    expect((await convert('me', { password, to_type: 'oidc' })).status).toBe(400);
    expect((await convert('me', { password: 'wrong-password', to_type: 'github' })).status).toBe(403);
    expect((await convert('converter', { password, to_type: 'github' }, memberToken)).status).toBe(403);
    const started = await convert('converter', { password, to_type: 'github' });
    expect(started.status).toBe(201);
    const state = started.json as { state_string: string; to_type: string; expires_at: string };
    expect(state.to_type).toBe('github');
    expect(Date.parse(state.expires_at)).toBeGreaterThan(Date.now());

    const finish = await fetch(`${platform.url}/simgit/oauth/authorize`, { method: 'POST', body: JSON.stringify({ state: state.state_string }) });
    expect(finish.status).toBe(200);
    const again = await api('POST', '/api/v2/users/login', { body: { email: 'convert@example.com', password } });
    expect(again.status).toBe(401);
  });
});

describe('external auth with the simulated git provider', () => {
  it('links through the device flow, shows the link, and revokes it', async () => {
    const unlinked = await api('GET', '/api/v2/external-auth', { token: memberToken });
    expect(unlinked.json).toMatchObject({ authenticated: false, provider_id: 'simgit' });
    expect((await api('GET', '/api/v2/external-auth/simgit', { token: memberToken })).json).toMatchObject({ authenticated: false, user: null, device: true });
    expect((await api('GET', '/api/v2/external-auth/nowhere', { token: memberToken })).status).toBe(404);

    const device = (await api('GET', '/api/v2/external-auth/simgit/device', { token: memberToken })).json as { user_code: string; verification_uri: string };
    expect(device.verification_uri).toBe(`${platform.url}/simgit/login/device`);
    const pending = await api('POST', '/api/v2/external-auth/simgit/device', { token: memberToken });
    expect(pending.status).toBe(400);
    expect(pending.json).toMatchObject({ message: expect.stringContaining('authorization_pending') as unknown });

    const approve = await fetch(device.verification_uri, { method: 'POST', body: new URLSearchParams({ user_code: device.user_code }) });
    expect(approve.status).toBe(200);
    expect((await api('POST', '/api/v2/external-auth/simgit/device', { token: memberToken })).status).toBe(204);

    const linked = await api('GET', '/api/v2/external-auth/simgit', { token: memberToken });
    expect(linked.json).toMatchObject({ authenticated: true, user: { login: 'member' } });
    const link = await api('GET', '/api/v2/external-auth', { token: memberToken });
    expect(link.json).toMatchObject({ authenticated: true, has_refresh_token: true, validate_error: '' });
    expect(JSON.stringify(link.json)).not.toMatch(/sg[or]_/);

    const removed = await api('DELETE', '/api/v2/external-auth/simgit', { token: memberToken });
    expect(removed.json).toEqual({ token_revoked: true, token_revocation_error: '' });
    expect((await api('GET', '/api/v2/external-auth/simgit', { token: memberToken })).json).toMatchObject({ authenticated: false });
  });
});

describe('applications', () => {
  it('names the application host', async () => {
    const { port } = new URL(platform.url);
    expect((await api('GET', '/api/v2/applications/host', { token: memberToken })).json).toEqual({ host: `*.apps.localhost:${port}` });
  });

  it('redirects to the application with a sealed application key, without following', async () => {
    const { port } = new URL(platform.url);
    const target = `http://notes.apps.localhost:${port}/open?x=1`;
    const answer = await api('GET', `/api/v2/applications/auth-redirect?redirect_uri=${encodeURIComponent(target)}`, { token: memberToken, redirect: 'manual' });
    expect(answer.status).toBe(307);
    const location = new URL(answer.headers.get('location') ?? '');
    expect(location.origin).toBe(`http://notes.apps.localhost:${port}`);
    expect(location.searchParams.get('x')).toBe('1');
    const sealed = location.searchParams.get('svc_application_connect_api_key') ?? '';
    expect(sealed).not.toContain(memberToken);
    const key = unseal(core.services.sealingKey, sealed);
    if (key === null) throw new Error('the key does not open with the server key');
    expect(await authenticate(core.services.db, key)).toMatchObject({ kind: 'user', scope: 'application_connect' });
    expect((await api('GET', '/api/v2/applications/host', { token: key })).status).toBe(403);
  });

  it('refuses destinations off the application host', async () => {
    for (const uri of ['https://evil.example/', 'javascript:alert(1)', 'http://a.b.apps.localhost:1/', '']) {
      const answer = await api('GET', `/api/v2/applications/auth-redirect?redirect_uri=${encodeURIComponent(uri)}`, { token: memberToken, redirect: 'manual' });
      expect(answer.status, uri).toBe(400);
    }
  });
});

it('called every operation of its tags with a documented success', () => {
  const expected = PLATFORM_OPERATIONS.filter((op) => TAGS.includes(op.tag)).map((op) => op.id).sort();
  expect([...covered].sort()).toEqual(expected);
});

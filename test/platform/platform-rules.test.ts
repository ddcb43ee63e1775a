/** The reference platform called directly: expiry, hashing at rest, limits, and errors that say nothing secret. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, issueSessionToken, openPlatformCore, servePlatform, type PlatformCore } from '../../platform/index.ts';
import { passcodeFromMailbox, TEST_PASSWORD_HASH_COST } from '../support/platform-harness.ts';

const OWNER = { email: 'root@example.com', password: 'Granite-Falcon-rules-7' };
const MEMBER = { email: 'pat@example.com', password: 'Copper-Willow-rules-3' };

let core: PlatformCore;
let platform: { url: string; agentDebugUrl: string; close(): Promise<void> };
let memberId = '';
const logLines: string[] = [];
const issued: string[] = [];

beforeAll(async () => {
  core = await openPlatformCore({ owner: OWNER, log: (line) => logLines.push(line), passwordHashCost: TEST_PASSWORD_HASH_COST });
  platform = await servePlatform(core);
  memberId = (await createUser(core.services.db, { ...MEMBER, username: 'pat', role: 'member' }, core.passwordHashCost)).id;
});
afterAll(() => platform.close());

async function call(method: string, path: string, token?: string, body?: string, base = platform.url): Promise<Response> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token !== undefined) headers['svc-session-token'] = token;
  return fetch(`${base}${path}`, { method, headers, ...(body === undefined ? {} : { body }) });
}

async function login(email: string, password: string): Promise<string> {
  const response = await call('POST', '/api/v2/users/login', undefined, JSON.stringify({ email, password }));
  expect(response.status).toBe(201);
  const token = ((await response.json()) as { session_token: string }).session_token;
  issued.push(token);
  return token;
}

describe('credentials', () => {
  it('needs a valid token on protected routes, checked by the platform itself', async () => {
    expect((await call('GET', '/api/v2/notifications/settings')).status).toBe(401);
    const token = await login(MEMBER.email, MEMBER.password);
    expect((await call('GET', '/api/v2/notifications/settings', token)).status).toBe(200);
    const wrongSecret = `${token.slice(0, 11)}${'A'.repeat(token.length - 11)}`;
    for (const bad of [wrongSecret, 'abcdef0123-nosuchtokenatallnosuch', 'not a token']) {
      expect((await call('GET', '/api/v2/notifications/settings', bad)).status).toBe(401);
    }
  });

  it('enforces expiry of session tokens', async () => {
    const token = await login(MEMBER.email, MEMBER.password);
    await core.services.db.query(`update credentials set expires_at = now() - interval '1 second' where id = $1`, [token.slice(0, 10)]);
    const response = await call('GET', '/api/v2/notifications/settings', token);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: 'Invalid or expired session token.' });
  });

  it('keeps only hashes of passwords and tokens', async () => {
    const token = await login(MEMBER.email, MEMBER.password);
    const users = await core.services.db.query<{ password_hash: string }>('select password_hash from users where id = $1', [memberId]);
    expect(users.rows[0]?.password_hash).toMatch(/^scrypt\$/);
    const dump = JSON.stringify((await core.services.db.query('select * from credentials')).rows);
    expect(dump).not.toContain(token.slice(11));
    expect(dump).not.toContain(core.agentToken.slice(11));
  });

  it('upgrades a password hash made at a lower cost at the next login', async () => {
    const password = 'Copper-Kettle-upgrade-5';
    const user = await createUser(core.services.db, { email: 'old@example.com', username: 'oldhash', role: 'member', password }, { N: 1024, r: 8, p: 1 });
    expect(user.password_hash).toMatch(/^scrypt\$1024\$/);
    await login('old@example.com', password);
    const { rows } = await core.services.db.query<{ password_hash: string }>('select password_hash from users where id = $1', [user.id]);
    expect(rows[0]?.password_hash).toMatch(new RegExp(`^scrypt\\$${core.passwordHashCost.N}\\$`));
    await login('old@example.com', password);
  });

  it('keeps agent tokens to agent operations', async () => {
    expect((await call('GET', '/api/v2/notifications/settings', core.agentToken)).status).toBe(403);
    expect((await call('GET', '/api/v2/workspaces', core.agentToken)).status).toBe(403);
  });

  it('refuses an expired one-time passcode', async () => {
    await call('POST', '/api/v2/users/otp/request', undefined, JSON.stringify({ email: MEMBER.email }));
    const passcode = (await passcodeFromMailbox(core, MEMBER.email)) ?? '';
    expect(passcode).not.toBe('');
    issued.push(passcode);
    await core.services.db.query(`update one_time_passcodes set expires_at = now() - interval '1 second'`);
    const body = JSON.stringify({ email: MEMBER.email, one_time_passcode: passcode, password: 'Fresh-Meadow-Passw0rd' });
    expect((await call('POST', '/api/v2/users/otp/change-password', undefined, body)).status).toBe(401);
  });

  it('refuses an expired device code', async () => {
    const token = await issueSessionToken(core.services.db, memberId);
    const device = (await (await call('GET', '/api/v2/external-auth/simgit/device', token)).json()) as { user_code: string };
    await core.services.db.query(`update git_device_codes set approved = true, expires_at = now() - interval '1 second'`);
    const response = await call('POST', '/api/v2/external-auth/simgit/device', token);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ message: expect.stringContaining('expired_token') as unknown });
    const approve = await fetch(`${platform.url}/simgit/login/device`, { method: 'POST', body: new URLSearchParams({ user_code: device.user_code }) });
    expect(approve.status).toBe(400);
  });
});

describe('limits and errors', () => {
  it('refuses bodies over 1 MiB with 413', async () => {
    const token = await issueSessionToken(core.services.db, memberId);
    const body = JSON.stringify({ content: { title: 'x'.repeat(1024 * 1024), message: '' } });
    const response = await call('POST', '/api/v2/notifications/custom', token, body);
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ message: 'Request body too large.' });
  });

  it('checks bodies itself when called without the proxy', async () => {
    const token = await issueSessionToken(core.services.db, memberId);
    const response = await call('POST', '/api/v2/notifications/custom', token, JSON.stringify({ content: { title: ' ', message: '' } }));
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ validations: [{ field: 'content.title' }, { field: 'content.message' }] });
  });

  it('requires an owner on the agent debug server', async () => {
    expect((await call('GET', '/debug/manifest', undefined, undefined, platform.agentDebugUrl)).status).toBe(401);
    const member = await issueSessionToken(core.services.db, memberId);
    expect((await call('GET', '/debug/manifest', member, undefined, platform.agentDebugUrl)).status).toBe(403);
    expect((await call('GET', '/debug/magicsock/debug-logging/perhaps', await login(OWNER.email, OWNER.password), undefined, platform.agentDebugUrl)).status).toBe(400);
  });

  it('answers a failure with a 500 Response body that reveals nothing', async () => {
    const token = await login(OWNER.email, OWNER.password);
    await core.services.db.query('alter table notification_templates rename to notification_templates_gone');
    try {
      const response = await call('GET', '/api/v2/notifications/templates/system', token);
      expect(response.status).toBe(500);
      expect(await response.json()).toEqual({ message: 'Internal error.', detail: 'the platform could not complete the request' });
    } finally {
      await core.services.db.query('alter table notification_templates_gone rename to notification_templates');
    }
  });

  it('never logs a token or a password', () => {
    expect(logLines.length).toBeGreaterThan(0);
    for (const line of logLines) {
      for (const secret of [...issued, core.agentToken, OWNER.password, MEMBER.password]) expect(line).not.toContain(secret);
    }
  });
});

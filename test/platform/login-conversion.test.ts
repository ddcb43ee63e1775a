/**
 * Defect 9 of the security review: a passcode outlived a login conversion and
 * still set a password (and login then answered 403 naming the login type).
 * Conversion voids passcodes; a password change and a passcode request are
 * refused for an account that does not log in with a password, with the answer
 * an unknown account or a wrong passcode gets.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createUser, issueSessionToken, openPlatformCore, servePlatform, type PlatformCore } from '../../platform/index.ts';
import { hashSecret } from '../../platform/secrets.ts';
import { passcodeFromMailbox, TEST_PASSWORD_HASH_COST } from '../support/platform-harness.ts';

const USER = { email: 'convert@example.com', password: 'Maple-Circuit-Passw0rd' };
const NEW_PASSWORD = 'Fresh-Meadow-Passw0rd';
let core: PlatformCore;
let platform: { url: string; close(): Promise<void> };
let userId = '';
let now = Date.parse('2030-01-01T00:00:00Z');

beforeAll(async () => {
  core = await openPlatformCore({ owner: { password: 'Granite-Falcon-conv-6' }, clock: () => now, passwordHashCost: TEST_PASSWORD_HASH_COST });
  platform = await servePlatform(core);
  userId = (await createUser(core.services.db, { ...USER, username: 'converter', role: 'member' }, core.passwordHashCost)).id;
});
afterAll(() => platform.close());

const post = (route: string, body: unknown, token?: string) => fetch(`${platform.url}${route}`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', ...(token === undefined ? {} : { 'svc-session-token': token }) },
  body: JSON.stringify(body),
});
const changePassword = (passcode: string) =>
  post('/api/v2/users/otp/change-password', { email: USER.email, one_time_passcode: passcode, password: NEW_PASSWORD });

it('voids the passcode on conversion and refuses to set a password afterwards', async () => {
  expect((await post('/api/v2/users/otp/request', { email: USER.email })).status).toBe(204);
  const passcode = await passcodeFromMailbox(core, USER.email);
  if (passcode === undefined) throw new Error('the passcode was not mailed');

  const token = await issueSessionToken(core.services.db, userId);
  const started = await post('/api/v2/users/me/convert-login', { password: USER.password, to_type: 'github' }, token);
  expect(started.status).toBe(201);
  const { state_string: state } = (await started.json()) as { state_string: string };
  expect((await post('/simgit/oauth/authorize', { state })).status).toBe(200);
  expect((await core.services.db.query('select 1 from one_time_passcodes where user_id = $1', [userId])).rows).toEqual([]);

  const change = await changePassword(passcode);
  expect(change.status).toBe(401);
  expect(await change.json()).toEqual({ message: 'Incorrect email or one-time passcode.' });
  const login = await post('/api/v2/users/login', { email: USER.email, password: NEW_PASSWORD });
  expect(login.status).toBe(401);
  expect(await login.json()).toEqual({ message: 'Incorrect email or password.' });
});

it('refuses a password change for a non-password account even with a live passcode', async () => {
  // A passcode row planted past the conversion (as if some path forgot to void it): the route still refuses.
  await core.services.db.query(
    `insert into one_time_passcodes (user_id, code_hash, expires_at) values ($1, $2, now() + interval '10 minutes')
     on conflict (user_id) do update set code_hash = excluded.code_hash, expires_at = excluded.expires_at`,
    [userId, hashSecret('PLNT-CODE')]);
  const change = await changePassword('PLNT-CODE');
  expect(change.status).toBe(401);
  expect(await change.json()).toEqual({ message: 'Incorrect email or one-time passcode.' });
  const stored = await core.services.db.query<{ password_hash: string | null; login_type: string }>(
    'select password_hash, login_type from users where id = $1', [userId]);
  expect(stored.rows[0]).toEqual({ password_hash: null, login_type: 'github' });
});

it('mails no passcode to a converted account, and answers as for any other', async () => {
  now += 60 * 60 * 1000; // past the passcode request window of the first test
  await core.settled();
  const before = (await core.mailbox.list()).length;
  expect((await post('/api/v2/users/otp/request', { email: USER.email })).status).toBe(204);
  await core.settled();
  expect((await core.mailbox.list()).length).toBe(before);
});

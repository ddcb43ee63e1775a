/**
 * Defect 5 of the security review: a single-use passcode used five times at
 * once. Five concurrent password changes with the same passcode, against a
 * real server on port 0: exactly one succeeds, and its password is the one set.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createUser, openPlatformCore, servePlatform, type PlatformCore } from '../../platform/index.ts';
import { passcodeFromMailbox, TEST_PASSWORD_HASH_COST } from '../support/platform-harness.ts';

const USER = { email: 'race@example.com', password: 'Right-Horse-Battery-7' };
let core: PlatformCore;
let platform: { url: string; close(): Promise<void> };

beforeAll(async () => {
  core = await openPlatformCore({ owner: { password: 'Granite-Falcon-race-2' }, passwordHashCost: TEST_PASSWORD_HASH_COST });
  platform = await servePlatform(core, { port: 0 });
  await createUser(core.services.db, { ...USER, username: 'racer', role: 'member' }, core.passwordHashCost);
});
afterAll(() => platform.close());

const post = (route: string, body: unknown) =>
  fetch(`${platform.url}${route}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

it('five concurrent changes with one passcode: exactly one 204', async () => {
  expect((await post('/api/v2/users/otp/request', { email: USER.email })).status).toBe(204);
  const passcode = await passcodeFromMailbox(core, USER.email);
  if (passcode === undefined) throw new Error('the passcode was not mailed');

  const passwords = Array.from({ length: 5 }, (_, i) => `Fresh-Meadow-Passw0rd-${i}`);
  const answers = await Promise.all(passwords.map((password) =>
    post('/api/v2/users/otp/change-password', { email: USER.email, one_time_passcode: passcode, password })));
  const statuses = answers.map((answer) => answer.status);
  expect([...statuses].sort()).toEqual([204, 401, 401, 401, 401]);

  const winner = passwords[statuses.indexOf(204)];
  const login = async (password: string | undefined) => (await post('/api/v2/users/login', { email: USER.email, password })).status;
  expect(await login(winner)).toBe(201);
  for (const password of [USER.password, ...passwords.filter((password) => password !== winner)]) expect(await login(password)).toBe(401);
});

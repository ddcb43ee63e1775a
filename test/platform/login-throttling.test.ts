/**
 * Defect 4 of the security review: unlimited guessing. Logins are throttled per
 * account and per client with back-off (429, `Retry-After`, a `Response` body),
 * and a passcode is void after 5 wrong tries. The throttles run on an injected
 * clock: the tests move it, they never sleep.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createUser, openPlatformCore, PASSCODE_MAX_FAILED_ATTEMPTS, servePlatform, type PlatformCore } from '../../platform/index.ts';
import { passcodeFromMailbox, TEST_PASSWORD_HASH_COST } from '../support/platform-harness.ts';

const OWNER = { email: 'root@example.com', password: 'Granite-Falcon-guess-1' };
const VICTIM = { email: 'victim@example.com', password: 'Right-Horse-Battery-9' };
const NEW_PASSWORD = 'Fresh-Meadow-Passw0rd';

interface Guarded {
  core: PlatformCore;
  url: string;
  advance(ms: number): void;
  close(): Promise<void>;
}

const running: Guarded[] = [];
afterEach(async () => {
  while (running.length > 0) await running.pop()?.close();
});

/** A fresh platform (fresh throttles) with VICTIM as a member, on a clock the test moves. */
async function startGuarded(): Promise<Guarded> {
  let now = Date.parse('2030-01-01T00:00:00Z');
  const core = await openPlatformCore({ owner: OWNER, clock: () => now, passwordHashCost: TEST_PASSWORD_HASH_COST });
  const platform = await servePlatform(core);
  await createUser(core.services.db, { ...VICTIM, username: 'victim', role: 'member' }, core.passwordHashCost);
  const guarded = { core, url: platform.url, advance: (ms: number) => { now += ms; }, close: platform.close };
  running.push(guarded);
  return guarded;
}

async function post(base: string, route: string, body: unknown, token?: string): Promise<Response> {
  return fetch(`${base}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token === undefined ? {} : { 'svc-session-token': token }) },
    body: JSON.stringify(body),
  });
}

const login = (g: Guarded, email: string, password: string) => post(g.url, '/api/v2/users/login', { email, password });
const changePassword = (g: Guarded, passcode: string) =>
  post(g.url, '/api/v2/users/otp/change-password', { email: VICTIM.email, one_time_passcode: passcode, password: NEW_PASSWORD });

async function retryAfterSeconds(response: Response): Promise<number> {
  expect(response.status).toBe(429);
  expect(await response.json()).toEqual({ message: 'Too many attempts.', detail: expect.stringMatching(/^try again in \d+ s$/) as unknown });
  return Number(response.headers.get('retry-after'));
}

describe('password guessing', () => {
  it('80 wrong passwords, then the right one is refused until the wait is over', async () => {
    const g = await startGuarded();
    const statuses: number[] = [];
    for (let i = 0; i < 80; i++) statuses.push((await login(g, VICTIM.email, `Wrong-Guess-${i}-xx`)).status);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(new Set(statuses.slice(5))).toEqual(new Set([429]));

    const refused = await login(g, VICTIM.email, VICTIM.password);
    const wait = await retryAfterSeconds(refused);
    expect(wait).toBeGreaterThanOrEqual(1);
    g.advance(wait * 1000);
    expect((await login(g, VICTIM.email, VICTIM.password)).status).toBe(201);
  });

  it('backs off: each failure past the free ones doubles the wait, up to 15 minutes', async () => {
    const g = await startGuarded();
    for (let i = 0; i < 4; i++) expect((await login(g, VICTIM.email, 'Wrong-Guess-xx')).status).toBe(401);
    const waits: number[] = [];
    for (let i = 0; i < 14; i++) {
      expect((await login(g, VICTIM.email, 'Wrong-Guess-xx')).status).toBe(401);
      const wait = await retryAfterSeconds(await login(g, VICTIM.email, VICTIM.password));
      waits.push(wait);
      g.advance(wait * 1000);
    }
    expect(waits.slice(0, 5)).toEqual([1, 2, 4, 8, 16]);
    expect(waits.at(-1)).toBe(15 * 60);
  });

  it('throttles an unknown email like a known one', async () => {
    const g = await startGuarded();
    for (let i = 0; i < 5; i++) expect((await login(g, 'nobody@example.com', 'Wrong-Guess-xx')).status).toBe(401);
    expect((await login(g, 'nobody@example.com', 'Wrong-Guess-xx')).status).toBe(429);
  });

  it('a success forgets the account\'s failures', async () => {
    const g = await startGuarded();
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 4; i++) expect((await login(g, VICTIM.email, 'Wrong-Guess-xx')).status).toBe(401);
      expect((await login(g, VICTIM.email, VICTIM.password)).status).toBe(201);
    }
  });

  it('throttles one client spraying many accounts', async () => {
    const g = await startGuarded();
    for (let i = 0; i < 20; i++) expect((await login(g, `nobody-${i}@example.com`, 'Wrong-Guess-xx')).status).toBe(401);
    // The client is closed now: even a right password of an untouched account waits.
    await retryAfterSeconds(await login(g, VICTIM.email, VICTIM.password));
  });

  it('throttles guessing the password through login conversion with a session token', async () => {
    const g = await startGuarded();
    const token = ((await (await login(g, VICTIM.email, VICTIM.password)).json()) as { session_token: string }).session_token;
    const convert = (password: string) => post(g.url, '/api/v2/users/me/convert-login', { password, to_type: 'github' }, token);
    for (let i = 0; i < 5; i++) expect((await convert(`Wrong-Guess-${i}-xx`)).status).toBe(403);
    await retryAfterSeconds(await convert(VICTIM.password));
  });
});

describe('passcode guessing', () => {
  async function requestPasscode(g: Guarded): Promise<string> {
    expect((await post(g.url, '/api/v2/users/otp/request', { email: VICTIM.email })).status).toBe(204);
    const passcode = await passcodeFromMailbox(g.core, VICTIM.email);
    if (passcode === undefined) throw new Error('the passcode was not mailed');
    return passcode;
  }

  it('30 wrong passcodes, then the real one is void', async () => {
    const g = await startGuarded();
    const passcode = await requestPasscode(g);
    for (let i = 0; i < 30; i++) expect([401, 429]).toContain((await changePassword(g, `AAAA-${String(2000 + i)}`)).status);
    g.advance(24 * 60 * 60 * 1000); // past every throttle: what refuses the real passcode is the attempt limit
    const late = await changePassword(g, passcode);
    expect(late.status).toBe(401);
    expect(await late.json()).toEqual({ message: 'Incorrect email or one-time passcode.' });
    expect((await login(g, VICTIM.email, NEW_PASSWORD)).status).toBe(401);
  });

  it(`the ${PASSCODE_MAX_FAILED_ATTEMPTS}th wrong try voids it; before that the real one still works`, async () => {
    const g = await startGuarded();
    let passcode = await requestPasscode(g);
    for (let i = 0; i < PASSCODE_MAX_FAILED_ATTEMPTS - 1; i++) expect((await changePassword(g, 'ZZZZ-ZZZZ')).status).toBe(401);
    expect((await changePassword(g, passcode)).status).toBe(204);

    g.advance(60 * 60 * 1000); // the next passcode request's window
    passcode = await requestPasscode(g);
    for (let i = 0; i < PASSCODE_MAX_FAILED_ATTEMPTS; i++) expect((await changePassword(g, 'ZZZZ-ZZZZ')).status).toBe(401);
    expect((await g.core.services.db.query('select 1 from one_time_passcodes')).rows).toEqual([]);
    expect((await changePassword(g, passcode)).status).toBe(401);
  });
});

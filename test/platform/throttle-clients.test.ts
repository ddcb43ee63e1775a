/**
 * Issue 23, item 4: throttles that hold under concurrency and behind the proxy.
 * Each test replays an attack as it was run. Clients are told apart by their
 * loopback source address (127.0.0.2, 127.0.0.3 ...); the platform and the
 * proxy listen on 127.0.0.1, and the throttles run on a clock the tests never
 * need to move.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { serveFetch, type RunningServer } from '../../pipeline/adapters/node.ts';
import { createPlatformProxy } from '../../pipeline/proxy/index.ts';
import { createUser, openPlatformCore, servePlatform, type PlatformCore } from '../../platform/index.ts';
import { postFrom } from '../support/from-address.ts';
import { passcodeFromMailbox, TEST_PASSWORD_HASH_COST } from '../support/platform-harness.ts';

const OWNER = { email: 'root@example.com', password: 'Granite-Falcon-guess-1' };
const VICTIM = { email: 'victim@example.com', password: 'Right-Horse-Battery-9' };
const ATTACKER = '127.0.0.2';
const OWNER_CLIENT = '127.0.0.3';

interface Setup {
  readonly core: PlatformCore;
  /** The platform's own address. */
  readonly platformUrl: string;
  /** The proxy (as `ask serve` mounts it) in front of the platform. */
  readonly proxyUrl: string;
}

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (closers.length > 0) await closers.pop()?.();
});

/** The platform trusting 127.0.0.1 (where the proxy connects from), the proxy in front, VICTIM a member. */
async function start(): Promise<Setup> {
  const core = await openPlatformCore({ owner: OWNER, passwordHashCost: TEST_PASSWORD_HASH_COST, trustedProxies: ['127.0.0.1'] });
  const platform = await servePlatform(core);
  closers.push(platform.close);
  await createUser(core.services.db, { ...VICTIM, username: 'victim', role: 'member' }, core.passwordHashCost);
  const proxy = createPlatformProxy({ platformUrl: platform.url });
  const server: RunningServer = await serveFetch(async (request) => (await proxy(request)) ?? new Response('host page'), '127.0.0.1', 0);
  closers.push(server.close);
  return { core, platformUrl: platform.url, proxyUrl: server.url };
}

const login = (from: string, base: string, email: string, password: string, headers: Record<string, string> = {}) =>
  postFrom(from, `${base}/api/v2/users/login`, { email, password }, headers);
const requestPasscode = (from: string, base: string, email: string) => postFrom(from, `${base}/api/v2/users/otp/request`, { email });

describe('the login throttle under concurrency', () => {
  it('40 concurrent wrong guesses: only the 5 free ones are evaluated, the rest answer 429', async () => {
    const { platformUrl } = await start();
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => login(ATTACKER, platformUrl, VICTIM.email, `Wrong-Guess-${i}-xx`)));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(35);
  });

  it('an attempt counted before the hash is handed back when the password was right', async () => {
    const { platformUrl } = await start();
    // 19 successes and a failure from one client: only the failure counts against it.
    for (let i = 0; i < 19; i++) expect((await login(OWNER_CLIENT, platformUrl, VICTIM.email, VICTIM.password)).status).toBe(201);
    for (let i = 0; i < 19; i++) expect((await login(OWNER_CLIENT, platformUrl, `nobody-${i}@example.com`, 'Wrong-Guess-xx')).status).toBe(401);
    expect((await login(OWNER_CLIENT, platformUrl, VICTIM.email, VICTIM.password)).status).toBe(201);
    expect((await login(OWNER_CLIENT, platformUrl, 'nobody-19@example.com', 'Wrong-Guess-xx')).status).toBe(401);
    expect((await login(OWNER_CLIENT, platformUrl, VICTIM.email, VICTIM.password)).status).toBe(429);
  });
});

describe('an account lockout never holds its owner out', () => {
  it('wrong passwords from another client do not lock the owner out of a known account', async () => {
    const { platformUrl } = await start();
    for (let i = 0; i < 10; i++) await login(ATTACKER, platformUrl, VICTIM.email, `Wrong-Guess-${i}-xx`);
    expect((await login(ATTACKER, platformUrl, VICTIM.email, VICTIM.password)).status).toBe(429);
    expect((await login(OWNER_CLIENT, platformUrl, VICTIM.email, VICTIM.password)).status).toBe(201);
  });
});

describe('per-client throttles behind the proxy', () => {
  it('21 failed logins for made-up addresses through the proxy lock out their client, not everyone', async () => {
    const { proxyUrl } = await start();
    for (let i = 0; i < 20; i++) expect((await login(ATTACKER, proxyUrl, `made-up-${i}@example.com`, 'Wrong-Guess-xx')).status).toBe(401);
    expect((await login(ATTACKER, proxyUrl, 'made-up-20@example.com', 'Wrong-Guess-xx')).status).toBe(429);
    expect((await login(OWNER_CLIENT, proxyUrl, VICTIM.email, VICTIM.password)).status).toBe(201);
  });

  it('10 passcode requests for made-up addresses through the proxy do not block a real user\'s', async () => {
    const { core, proxyUrl } = await start();
    for (let i = 0; i < 10; i++) expect((await requestPasscode(ATTACKER, proxyUrl, `made-up-${i}@example.com`)).status).toBe(204);
    expect((await requestPasscode(ATTACKER, proxyUrl, 'made-up-10@example.com')).status).toBe(429);
    expect((await requestPasscode(OWNER_CLIENT, proxyUrl, VICTIM.email)).status).toBe(204);
    expect(await passcodeFromMailbox(core, VICTIM.email)).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
  });

  it('a client cannot pick its own address: the header it sends to the proxy is replaced', async () => {
    const { proxyUrl } = await start();
    const spoofed = (i: number) => ({ 'ask-client-address': `10.0.0.${i}` });
    for (let i = 0; i < 20; i++) await login(ATTACKER, proxyUrl, `made-up-${i}@example.com`, 'Wrong-Guess-xx', spoofed(i));
    expect((await login(ATTACKER, proxyUrl, VICTIM.email, VICTIM.password, spoofed(99))).status).toBe(429);
  });

  it('the platform ignores the header from a peer that is not its proxy', async () => {
    const { platformUrl } = await start();
    const spoofed = (i: number) => ({ 'ask-client-address': `10.0.0.${i}` });
    for (let i = 0; i < 20; i++) await login(ATTACKER, platformUrl, `made-up-${i}@example.com`, 'Wrong-Guess-xx', spoofed(i));
    expect((await login(ATTACKER, platformUrl, VICTIM.email, VICTIM.password, spoofed(99))).status).toBe(429);
  });
});

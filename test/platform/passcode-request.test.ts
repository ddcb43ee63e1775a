/**
 * Defect 8 of the security review: `otp/request` flooded (15 requests, 15
 * passcodes, the reset in progress replaced) and told whether an account
 * exists by its cost. It is throttled per account and per client, and does the
 * same work whatever the account: checked through the statements it runs and
 * the mail it sends, not by timing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, openPlatformCore, servePlatform, type PlatformCore } from '../../platform/index.ts';
import type { Sql } from '../../platform/database.ts';
import { passcodeFromMailbox, TEST_PASSWORD_HASH_COST } from '../support/platform-harness.ts';

let now = Date.parse('2030-01-01T00:00:00Z');
let core: PlatformCore;
let platform: { url: string; close(): Promise<void> };

beforeAll(async () => {
  core = await openPlatformCore({ owner: { password: 'Granite-Falcon-flood-3' }, clock: () => now, passwordHashCost: TEST_PASSWORD_HASH_COST });
  platform = await servePlatform(core);
});
afterAll(() => platform.close());

const post = (route: string, body: unknown) =>
  fetch(`${platform.url}${route}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const request = (email: string) => post('/api/v2/users/otp/request', { email });
const mailsTo = async (email: string) => {
  await core.settled();
  return (await core.mailbox.list()).filter((message) => message.to === email);
};

describe('flooding', () => {
  it('15 requests issue one passcode, and the reset in progress is not replaced', async () => {
    await createUser(core.services.db, { email: 'flood@example.com', username: 'flooded', role: 'member', password: 'Right-Horse-Battery-6' }, core.passwordHashCost);
    const statuses: number[] = [];
    const retryAfter: (string | null)[] = [];
    for (let i = 0; i < 15; i++) {
      const answer = await request('flood@example.com');
      statuses.push(answer.status);
      if (answer.status === 429) retryAfter.push(answer.headers.get('retry-after'));
    }
    expect(statuses).toEqual([204, ...Array<number>(14).fill(429)]);
    expect(new Set(retryAfter)).toEqual(new Set(['60']));
    expect(await mailsTo('flood@example.com')).toHaveLength(1);

    const first = await passcodeFromMailbox(core, 'flood@example.com');
    const change = await post('/api/v2/users/otp/change-password', { email: 'flood@example.com', one_time_passcode: first, password: 'Fresh-Meadow-Passw0rd' });
    expect(change.status).toBe(204);

    now += 60_000; // the window is over: a new request is served, and the next window is longer
    expect((await request('flood@example.com')).status).toBe(204);
    expect((await request('flood@example.com')).headers.get('retry-after')).toBe('120');
    expect(await mailsTo('flood@example.com')).toHaveLength(2);
  });

  it('throttles one client asking for many accounts', async () => {
    now += 24 * 60 * 60 * 1000;
    for (let i = 0; i < 10; i++) expect((await request(`someone-${i}@example.com`)).status).toBe(204);
    const refused = await request('someone-else@example.com');
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ message: 'Too many attempts.', detail: 'try again in 60 s' });
  });
});

describe('the cost of an answer', () => {
  /** Every statement the platform runs while `run` goes and the work it started settles. */
  async function statementsDuring(run: () => Promise<unknown>): Promise<string[]> {
    const db = core.services.db;
    // eslint-disable-next-line @typescript-eslint/unbound-method -- saved to be put back as they were; openDatabase's query and transaction are arrow functions, `this` is not read
    const original = { query: db.query, transaction: db.transaction };
    const statements: string[] = [];
    const countedQuery: Sql['query'] = (text, params) => { statements.push(text); return original.query(text, params); };
    db.query = countedQuery;
    db.transaction = (work) => original.transaction((tx) => work({ query: (text, params) => { statements.push(text); return tx.query(text, params); } }));
    try {
      await run();
      await core.settled();
    } finally {
      db.query = original.query;
      db.transaction = original.transaction;
    }
    return statements;
  }

  it('is the same work for a password account, an account without a password and no account', async () => {
    now += 24 * 60 * 60 * 1000;
    await createUser(core.services.db, { email: 'known@example.com', username: 'known', role: 'member', password: 'Right-Horse-Battery-5' }, core.passwordHashCost);
    await createUser(core.services.db, { email: 'nopassword@example.com', username: 'nopassword', role: 'member' }, core.passwordHashCost);
    const known = await statementsDuring(async () => expect((await request('known@example.com')).status).toBe(204));
    const withoutPassword = await statementsDuring(async () => expect((await request('nopassword@example.com')).status).toBe(204));
    const unknown = await statementsDuring(async () => expect((await request('nobody@example.com')).status).toBe(204));
    expect(known).toHaveLength(1);
    expect(withoutPassword).toEqual(known);
    expect(unknown).toEqual(known);
    expect(await mailsTo('known@example.com')).toHaveLength(1);
    expect(await mailsTo('nopassword@example.com')).toEqual([]);
    expect(await mailsTo('nobody@example.com')).toEqual([]);
  });
});

/**
 * Issue 23, item 6: watches are bounded. The attack opened 300 plain-text
 * watches and sent five 64 KiB notifications: each was converted once per
 * watcher. Here a user's watches stop at the per-user cap, a client's at the
 * per-client cap (every stream of this test comes from 127.0.0.1), and the
 * conversion runs once per notification however many streams watch it.
 */
import { createParser } from 'eventsource-parser';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createUser, issueSessionToken, openPlatformCore, servePlatform, TEMPLATE_IDS, type PlatformCore } from '../../platform/index.ts';
import { WATCH_LIMITS } from '../../platform/watch-limits.ts';
import { TEST_PASSWORD_HASH_COST } from '../support/platform-harness.ts';

const conversions = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../platform/markdown-plain-text.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../platform/markdown-plain-text.ts')>();
  return {
    ...original,
    markdownToPlainText: (...args: Parameters<typeof original.markdownToPlainText>) => {
      conversions.count += 1;
      return original.markdownToPlainText(...args);
    },
  };
});

let core: PlatformCore;
let platform: { url: string; close(): Promise<void> };
/** One session token per user, enough users to reach the per-client cap with each under the per-user one. */
const tokens: string[] = [];

beforeAll(async () => {
  core = await openPlatformCore({ owner: { password: 'Granite-Falcon-watch-3' }, passwordHashCost: TEST_PASSWORD_HASH_COST });
  platform = await servePlatform(core);
  const users = Math.ceil(WATCH_LIMITS.perClient / WATCH_LIMITS.perUser) + 1;
  for (let at = 0; at < users; at += 1) {
    const user = await createUser(core.services.db, { email: `watcher${at}@example.com`, username: `watcher${at}`, password: `Copper-Willow-watch-${at}0`, role: 'member' }, core.passwordHashCost);
    tokens.push(await issueSessionToken(core.services.db, user.id));
  }
});
afterAll(() => platform.close());

interface Watch {
  readonly status: number;
  readonly next: () => Promise<{ notification: { title: string; content: string } }>;
  readonly close: () => Promise<void>;
}

async function watch(token: string, query = ''): Promise<Watch> {
  const response = await fetch(`${platform.url}/api/v2/notifications/inbox/watch${query}`, { headers: { 'svc-session-token': token } });
  const reader = response.body?.getReader();
  const events: string[] = [];
  const parser = createParser({ onEvent: (event) => { if (event.event === 'notification') events.push(event.data); } });
  const decoder = new TextDecoder();
  return {
    status: response.status,
    next: async () => {
      while (events.length === 0) {
        const { value, done } = (await reader?.read()) ?? { done: true, value: undefined };
        if (done) throw new Error('the watch ended');
        parser.feed(decoder.decode(value, { stream: true }));
      }
      return JSON.parse(events.shift() ?? '{}') as { notification: { title: string; content: string } };
    },
    close: async () => {
      await reader?.cancel();
    },
  };
}

/** Until the platform has counted the closed watches out (it hears of a close from the socket). */
async function closeAll(watches: readonly Watch[]): Promise<void> {
  await Promise.all(watches.map((one) => one.close()));
  await vi.waitUntil(() => core.services.hub.size === 0, { timeout: 10_000, interval: 10 });
}

describe('open watches are capped', () => {
  it('refuses a user their watch past the per-user cap with 429, and gives the place back when one closes', async () => {
    const [token = ''] = tokens;
    const open = await Promise.all(Array.from({ length: WATCH_LIMITS.perUser }, () => watch(token)));
    try {
      expect(open.every((one) => one.status === 200)).toBe(true);
      const refused = await watch(token);
      // closed with the others whatever it was (a stream left open would outlive the test)
      open.push(refused);
      expect(refused.status).toBe(429);
      open.pop();
      expect(Number(await fetchRetryAfter(token))).toBeGreaterThan(0);
      await open.pop()?.close();
      await vi.waitUntil(() => core.services.hub.size === WATCH_LIMITS.perUser - 1, { timeout: 10_000, interval: 10 });
      const again = await watch(token);
      expect(again.status).toBe(200);
      open.push(again);
    } finally {
      await closeAll(open);
    }
  });

  it('refuses a client its watch past the per-client cap, whoever the user', async () => {
    const open: Watch[] = [];
    try {
      for (let at = 0; open.length < WATCH_LIMITS.perClient; at += 1) {
        const token = tokens[Math.floor(at / WATCH_LIMITS.perUser)] ?? '';
        open.push(await watch(token));
      }
      expect(open.every((one) => one.status === 200)).toBe(true);
      // the last user has no watch open: the client's cap refuses it
      const last = tokens.at(-1) ?? '';
      const refused = await watch(last);
      open.push(refused);
      expect(refused.status).toBe(429);
    } finally {
      await closeAll(open);
    }
  });
});

/** The Retry-After of a refused watch (the user is at the cap). */
async function fetchRetryAfter(token: string): Promise<string | null> {
  const response = await fetch(`${platform.url}/api/v2/notifications/inbox/watch`, { headers: { 'svc-session-token': token } });
  await response.body?.cancel();
  return response.headers.get('retry-after');
}

describe('a notification is converted to plain text once', () => {
  it('once per notification, however many plain-text streams watch it', async () => {
    const [token = ''] = tokens;
    const query = `?format=plaintext&templates=${TEMPLATE_IDS.customNotification}`;
    const open = await Promise.all(Array.from({ length: 4 }, () => watch(token, query)));
    try {
      conversions.count = 0;
      const message = `**Deploy** [done](http://ci.test/1) ${'['.repeat(1024)}`;
      const sent = await fetch(`${platform.url}/api/v2/notifications/custom`, {
        method: 'POST', headers: { 'content-type': 'application/json', 'svc-session-token': token }, body: JSON.stringify({ content: { title: '_Build_', message } }),
      });
      expect(sent.status).toBe(204);
      const events = await Promise.all(open.map((one) => one.next()));
      expect(events.map((event) => event.notification.title)).toEqual(['Build', 'Build', 'Build', 'Build']);
      expect(new Set(events.map((event) => event.notification.content))).toEqual(new Set([`Deploy done ${'['.repeat(1024)}`]));
      // a title and a content, converted once each: not once per watcher
      expect(conversions.count).toBe(2);
    } finally {
      await closeAll(open);
    }
  });
});

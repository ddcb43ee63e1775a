/**
 * Defect 1 of issue 11, end to end against the reference platform: a member who
 * watches their own inbox in plain text sends themselves a custom notification
 * made of 200,000 `[`. The platform refuses a title over 4 KiB and a message
 * over 64 KiB (UTF-8 bytes) with 400 and validations; what it accepts is
 * delivered to the plain-text watch converted (linear work: see
 * plaintext-conversion.test.ts).
 */
import { createParser } from 'eventsource-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, openPlatformCore, servePlatform, TEMPLATE_IDS, type PlatformCore } from '../../platform/index.ts';

const OWNER = { email: 'root@example.com', password: 'Granite-Falcon-limits-2' };
const MEMBER = { email: 'pat@example.com', password: 'Copper-Willow-limits-8' };
const KiB = 1024;

let core: PlatformCore;
let platform: { url: string; close(): Promise<void> };
let memberToken = '';

beforeAll(async () => {
  core = await openPlatformCore({ owner: OWNER });
  platform = await servePlatform(core);
  await createUser(core.services.db, { ...MEMBER, username: 'pat', role: 'member' });
  const login = await fetch(`${platform.url}/api/v2/users/login`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(MEMBER),
  });
  memberToken = ((await login.json()) as { session_token: string }).session_token;
});
afterAll(() => platform.close());

function sendCustom(content: { title?: string; message?: string }): Promise<Response> {
  return fetch(`${platform.url}/api/v2/notifications/custom`, {
    method: 'POST', headers: { 'content-type': 'application/json', 'svc-session-token': memberToken }, body: JSON.stringify({ content }),
  });
}

async function fieldsOf(response: Response): Promise<string[]> {
  const body = (await response.json()) as { message?: string; validations?: { field: string; detail: string }[] };
  expect(body.message).toEqual(expect.any(String));
  return (body.validations ?? []).map((validation) => validation.field).sort();
}

/** Opens the member's plain-text watch on custom notifications; `next()` gives the next notification event's data. */
async function watchPlainText(): Promise<{ next: () => Promise<{ notification: { title: string; content: string } }>; close: () => Promise<void> }> {
  const response = await fetch(`${platform.url}/api/v2/notifications/inbox/watch?format=plaintext&templates=${TEMPLATE_IDS.customNotification}`, {
    headers: { 'svc-session-token': memberToken },
  });
  expect(response.status).toBe(200);
  const reader = response.body?.getReader();
  if (reader === undefined) throw new Error('no body');
  const events: string[] = [];
  const parser = createParser({ onEvent: (event) => { if (event.event === 'notification') events.push(event.data); } });
  const decoder = new TextDecoder();
  return {
    next: async () => {
      while (events.length === 0) {
        const { value, done } = await reader.read();
        if (done) throw new Error('the watch ended');
        parser.feed(decoder.decode(value, { stream: true }));
      }
      return JSON.parse(events.shift() ?? '{}') as { notification: { title: string; content: string } };
    },
    close: () => reader.cancel(),
  };
}

describe('what one custom notification may cost', () => {
  it('refuses the attack of the report (200,000 `[`) with 400 before anything is stored', async () => {
    const response = await sendCustom({ title: 'x', message: '['.repeat(200_000) });
    expect(response.status).toBe(400);
    expect(await fieldsOf(response)).toEqual(['content.message']);
    const stored = await core.services.db.query<{ count: number }>(`select count(*)::int as count from inbox_notifications where content like '[[[[%'`);
    expect(stored.rows[0]?.count).toBe(0);
  });

  it('counts UTF-8 bytes: a title of 4 KiB passes, one byte more does not', async () => {
    expect((await sendCustom({ title: 'x'.repeat(4 * KiB) })).status).toBe(204);
    const over = await sendCustom({ title: 'x'.repeat(4 * KiB + 1) });
    expect(over.status).toBe(400);
    expect(await fieldsOf(over)).toEqual(['content.title']);
    // 2,049 characters, 4,098 bytes.
    const wide = await sendCustom({ title: 'é'.repeat(2049), message: 'ok' });
    expect(wide.status).toBe(400);
    expect(await fieldsOf(wide)).toEqual(['content.title']);
    const both = await sendCustom({ title: 't'.repeat(4 * KiB + 1), message: 'm'.repeat(64 * KiB + 1) });
    expect(await fieldsOf(both)).toEqual(['content.message', 'content.title']);
  });

  it('delivers the largest message allowed, 64 KiB of `[`, to a plain-text watcher', async () => {
    const watch = await watchPlainText();
    try {
      const message = '['.repeat(64 * KiB);
      expect((await sendCustom({ title: '**Build** [log](http://ci.test/1)', message })).status).toBe(204);
      const event = await watch.next();
      expect(event.notification.title).toBe('Build log');
      expect(event.notification.content).toBe(message);
    } finally {
      await watch.close();
    }
  });
});

/**
 * Notifications, the inbox and its watch stream, workspaces, the agent's
 * operations and the agent debug routes: every operation of those tags, called
 * through the proxy against the reference platform, responses held to the table's schemas.
 */
import { createParser } from 'eventsource-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueSessionToken, SYSTEM_USER_ID, TEMPLATE_IDS, type PlatformCore } from '../../platform/index.ts';
import { PLATFORM_OPERATIONS } from '../../pipeline/platform-api/index.ts';
import { OWNER, startPlatformBehindProxy, type PlatformBehindProxy } from '../support/platform-harness.ts';

const TAGS = ['Notifications', 'Automation', 'Agent debug'];

let harness: PlatformBehindProxy;
let core: PlatformCore;
let proxyUrl: string;
const covered = new Set<string>();
let ownerToken = '';
let memberToken = '';
let memberId = '';

interface Answer { status: number; headers: Headers; text: string; json: unknown }

/** Calls the proxy; checks documented bodies against the table's schema and records which operation answered. */
async function api(method: string, path: string, init: { token?: string; body?: unknown } = {}): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (init.token !== undefined) headers['svc-session-token'] = init.token;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${proxyUrl}${path}`, { method, headers, ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }) });
  const text = await response.text();
  const json: unknown = text !== '' && (response.headers.get('content-type') ?? '').includes('json') ? JSON.parse(text) : null;
  const bare = path.split('?')[0] ?? '';
  const operation = PLATFORM_OPERATIONS.find((op) => op.method === method && new RegExp(`^${op.path.replace(/\{\w+\}/g, '[^/]+')}$`).test(bare));
  const documented = operation?.responses[response.status];
  if (operation !== undefined && documented !== undefined) {
    if (documented.body !== undefined) documented.body.parse(json);
    else if (documented.rawSchema === undefined) expect(text, `${operation.id} ${response.status} has no body`).toBe('');
    if (response.status < 400) covered.add(operation.id);
  }
  return { status: response.status, headers: response.headers, text, json };
}

interface Inbox { notifications: { id: string; title: string; content: string; template_id: string; targets: string[]; read_at: string | null }[]; unread_count: number }

async function inbox(token: string, query = ''): Promise<Inbox> {
  const answer = await api('GET', `/api/v2/notifications/inbox${query}`, { token });
  expect(answer.status).toBe(200);
  return answer.json as Inbox;
}

const custom = (token: string, title: string, message = '') =>
  api('POST', '/api/v2/notifications/custom', { token, body: { content: { title, message } } });

beforeAll(async () => {
  harness = await startPlatformBehindProxy();
  ({ core, memberId, proxyUrl } = harness);
  ownerToken = await issueSessionToken(core.services.db, (await core.services.db.query<{ id: string }>(`select id from users where email = $1`, [OWNER.email])).rows[0]?.id ?? '');
  memberToken = await issueSessionToken(core.services.db, memberId);
});

afterAll(() => harness.close());

describe('sending notifications', () => {
  it('delivers a custom notification to the sender, and refuses system users', async () => {
    expect((await custom(memberToken, 'Deploy done', 'All **green**')).status).toBe(204);
    const { notifications, unread_count } = await inbox(memberToken);
    expect(notifications[0]).toMatchObject({ title: 'Deploy done', content: 'All **green**', template_id: TEMPLATE_IDS.customNotification, read_at: null });
    expect(unread_count).toBe(1);
    const systemToken = await issueSessionToken(core.services.db, SYSTEM_USER_ID);
    const refused = await custom(systemToken, 'from the machine');
    expect(refused.status).toBe(403);
    expect(refused.json).toEqual({ message: 'System users cannot send custom notifications.' });
  });

  it('lists the dispatch methods and both kinds of templates', async () => {
    expect((await api('GET', '/api/v2/notifications/dispatch-methods', { token: memberToken })).json).toEqual([{ available: ['inbox'], default: 'inbox' }]);
    const customs = (await api('GET', '/api/v2/notifications/templates/custom', { token: memberToken })).json as { kind: string }[];
    const systems = (await api('GET', '/api/v2/notifications/templates/system', { token: memberToken })).json as { kind: string; name: string }[];
    expect(customs.map((t) => t.kind)).toEqual(['custom']);
    expect(systems.map((t) => t.name)).toEqual(expect.arrayContaining(['One-Time Passcode', 'Test Notification', 'Workspace Deadline Extended']));
  });

  it('sends the test notification for owners only', async () => {
    expect((await api('POST', '/api/v2/notifications/test', { token: memberToken })).status).toBe(403);
    const sent = await api('POST', '/api/v2/notifications/test', { token: ownerToken });
    expect(sent.status).toBe(200);
    expect(sent.text).toBe('');
    expect((await inbox(ownerToken)).notifications[0]?.template_id).toBe(TEMPLATE_IDS.testNotification);
  });

  it('holds notifications while the notifier is paused, and 304s when nothing changes', async () => {
    expect((await api('GET', '/api/v2/notifications/settings', { token: memberToken })).json).toEqual({ notifier_paused: false });
    expect((await api('PUT', '/api/v2/notifications/settings', { token: ownerToken, body: { notifier_paused: false } })).status).toBe(304);
    expect((await api('PUT', '/api/v2/notifications/settings', { token: memberToken, body: { notifier_paused: true } })).status).toBe(403);
    expect((await api('PUT', '/api/v2/notifications/settings', { token: ownerToken, body: { notifier_paused: true } })).json).toEqual({ notifier_paused: true });
    await custom(memberToken, 'held back');
    expect((await inbox(memberToken)).notifications.map((n) => n.title)).not.toContain('held back');
    expect((await api('PUT', '/api/v2/notifications/settings', { token: ownerToken, body: { notifier_paused: false } })).status).toBe(200);
    expect((await inbox(memberToken)).notifications[0]?.title).toBe('held back');
  });

  it('keeps preferences per user, by me, id or name, and honours them', async () => {
    expect((await api('GET', '/api/v2/users/me/notifications/preferences', { token: memberToken })).json).toEqual([]);
    const updated = await api('PUT', '/api/v2/users/member/notifications/preferences', {
      token: memberToken, body: { template_disabled_map: { [TEMPLATE_IDS.customNotification]: true } },
    });
    expect(updated.json).toMatchObject([{ id: TEMPLATE_IDS.customNotification, disabled: true }]);
    expect((await api('GET', `/api/v2/users/${memberId}/notifications/preferences`, { token: ownerToken })).json).toMatchObject([{ disabled: true }]);
    expect((await api('GET', '/api/v2/users/owner/notifications/preferences', { token: memberToken })).status).toBe(403);
    const before = (await inbox(memberToken)).notifications.length;
    await custom(memberToken, 'muted');
    expect((await inbox(memberToken)).notifications.length).toBe(before);
    const required = await api('PUT', '/api/v2/users/me/notifications/preferences', {
      token: memberToken, body: { template_disabled_map: { [TEMPLATE_IDS.oneTimePasscode]: true, [TEMPLATE_IDS.customNotification]: false } },
    });
    expect(required.status).toBe(400);
    expect(required.json).toMatchObject({ validations: [{ field: `template_disabled_map.${TEMPLATE_IDS.oneTimePasscode}` }] });
    await api('PUT', '/api/v2/users/me/notifications/preferences', { token: memberToken, body: { template_disabled_map: { [TEMPLATE_IDS.customNotification]: false } } });
  });
});

describe('the inbox', () => {
  it('pages with starting_before, newest first', async () => {
    for (let i = 0; i < 27; i++) await custom(ownerToken, `page item ${i}`);
    const first = await inbox(ownerToken, `?templates=${TEMPLATE_IDS.customNotification}`);
    expect(first.notifications).toHaveLength(25);
    expect(first.notifications[0]?.title).toBe('page item 26');
    const last = first.notifications.at(-1)?.id ?? '';
    const second = await inbox(ownerToken, `?templates=${TEMPLATE_IDS.customNotification}&starting_before=${last}`);
    expect(second.notifications.map((n) => n.title)).toEqual(['page item 1', 'page item 0']);
  });

  it('filters by template, target and read status, and marks read', async () => {
    const tests = await inbox(ownerToken, `?templates=${TEMPLATE_IDS.testNotification}`);
    expect(tests.notifications.map((n) => n.template_id)).toEqual([TEMPLATE_IDS.testNotification]);
    const target = tests.notifications[0]?.id ?? '';
    const marked = await api('PUT', `/api/v2/notifications/inbox/${target}/read-status`, { token: ownerToken });
    expect(marked.json).toEqual({ message: 'Notification marked as read.' });
    expect((await api('PUT', `/api/v2/notifications/inbox/${target}/read-status`, { token: memberToken })).status).toBe(404);
    const read = await inbox(ownerToken, '?read_status=read');
    expect(read.notifications.map((n) => n.id)).toEqual([target]);
    expect((await inbox(ownerToken, '?read_status=unread')).unread_count).toBe(27);
    expect((await api('PUT', '/api/v2/notifications/inbox/mark-all-as-read', { token: ownerToken })).status).toBe(204);
    const after = await inbox(ownerToken, '?read_status=unread');
    expect(after).toEqual({ notifications: [], unread_count: 0 });
  });

  it('streams new notifications to a watcher, filtered and in plain text when asked', async () => {
    const response = await fetch(`${proxyUrl}/api/v2/notifications/inbox/watch?format=plaintext&templates=${TEMPLATE_IDS.customNotification}`, {
      headers: { 'svc-session-token': memberToken },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    covered.add('watchInboxNotifications');
    const events: { event: string | undefined; data: string }[] = [];
    const parser = createParser({ onEvent: (event) => events.push({ event: event.event, data: event.data }) });
    const reader = response.body?.getReader();
    if (reader === undefined) throw new Error('no body');
    const decoder = new TextDecoder();
    const next = async () => {
      while (events.length === 0) {
        const { value, done } = await reader.read();
        if (done) throw new Error('the stream ended');
        parser.feed(decoder.decode(value, { stream: true }));
      }
      return events.shift();
    };
    await api('POST', '/api/v2/notifications/test', { token: ownerToken });
    await custom(memberToken, '**Build** finished', 'See [the log](http://ci.test/1)');
    const event = await next();
    expect(event?.event).toBe('notification');
    const payload = JSON.parse(event?.data ?? '{}') as { notification: { title: string; content: string }; unread_count: number };
    expect(payload.notification).toMatchObject({ title: 'Build finished', content: 'See the log' });
    expect(payload.unread_count).toBeGreaterThan(0);
    await reader.cancel();
  });
});

describe('workspaces and the agent', () => {
  it('lists workspaces with the q filter, members seeing their own only', async () => {
    const mine = await api('GET', '/api/v2/workspaces?q=owner:me', { token: ownerToken });
    expect(mine.json).toMatchObject({ count: 1, workspaces: [{ name: 'dev', owner_name: 'owner' }] });
    expect((await api('GET', '/api/v2/workspaces?q=name:de', { token: ownerToken })).json).toMatchObject({ count: 1 });
    expect((await api('GET', '/api/v2/workspaces?q=owner:member', { token: ownerToken })).json).toMatchObject({ count: 0 });
    expect((await api('GET', '/api/v2/workspaces', { token: memberToken })).json).toEqual({ workspaces: [], count: 0 });
    expect((await api('GET', '/api/v2/workspaces?q=color:blue', { token: ownerToken })).status).toBe(400);
  });

  it('takes agent logs with the agent token only', async () => {
    const logs = [{ created_at: new Date().toISOString(), level: 'info', output: 'pulling image' }];
    expect((await api('PATCH', '/api/v2/workspaceagents/me/logs', { token: core.agentToken, body: { logs } })).json).toEqual({ message: 'Appended 1 log line.' });
    expect((await api('PATCH', '/api/v2/workspaceagents/me/logs', { token: ownerToken, body: { logs } })).status).toBe(403);
    const bad = await api('PATCH', '/api/v2/workspaceagents/me/logs', { token: core.agentToken, body: { logs: [{ ...logs[0], level: 'loud' }] } });
    expect(bad.json).toMatchObject({ validations: [{ field: 'logs.0.level' }] });
    const stored = await core.services.db.query<{ output: string }>('select output from agent_logs');
    expect(stored.rows.map((row) => row.output)).toEqual(['pulling image']);
  });

  it("extends the agent's workspace and tells its owner", async () => {
    const workspace = ((await api('GET', '/api/v2/workspaces', { token: ownerToken })).json as { workspaces: { id: string }[] }).workspaces[0];
    const deadline = new Date(Date.now() + 2 * 3600_000).toISOString();
    const extended = await api('PUT', `/api/v2/workspaces/${workspace?.id}/extend`, { token: core.agentToken, body: { deadline } });
    expect(extended.status).toBe(200);
    expect((await api('PUT', `/api/v2/workspaces/${workspace?.id}/extend`, { token: memberToken, body: { deadline } })).status).toBe(403);
    const soon = new Date(Date.now() + 60_000).toISOString();
    expect((await api('PUT', `/api/v2/workspaces/${workspace?.id}/extend`, { token: core.agentToken, body: { deadline: soon } })).status).toBe(400);
    expect((await api('GET', '/api/v2/workspaces', { token: ownerToken })).json).toMatchObject({ workspaces: [{ deadline }] });
    const told = await inbox(ownerToken, `?targets=${workspace?.id}`);
    expect(told.notifications.map((n) => n.title)).toEqual(['Workspace "dev" extended']);
  });
});

describe('agent debug routes', () => {
  it('serves the log, the network state, the switch and the manifest to owners', async () => {
    const logs = await api('GET', '/debug/logs', { token: ownerToken });
    expect(logs.status).toBe(200);
    expect(logs.text).toContain('agent started');
    expect((await api('GET', '/debug/logs')).status).toBe(401);
    expect((await api('GET', '/debug/logs', { token: memberToken })).status).toBe(403);
    expect((await api('GET', '/debug/magicsock/debug-logging/true', { token: ownerToken })).text).toBe('updated debug logging to true');
    expect((await api('GET', '/debug/magicsock', { token: ownerToken })).json).toMatchObject({ debug_logging: true });
    expect((await api('GET', '/debug/magicsock/debug-logging/0', { token: ownerToken })).status).toBe(200);
    expect((await api('GET', '/debug/magicsock', { token: ownerToken })).json).toMatchObject({ debug_logging: false });
    expect((await api('GET', '/debug/logs', { token: ownerToken })).text).toContain('debug logging disabled');
    expect((await api('GET', '/debug/manifest', { token: ownerToken })).json).toMatchObject({ agent_name: 'main', workspace_name: 'dev', owner_name: 'owner' });
  });
});

it('called every operation of its tags with a documented success', () => {
  const expected = PLATFORM_OPERATIONS.filter((op) => TAGS.includes(op.tag)).map((op) => op.id).sort();
  expect([...covered].sort()).toEqual(expected);
});

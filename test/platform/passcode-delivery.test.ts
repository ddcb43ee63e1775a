/**
 * Defect 2 of the security review: a stolen session token must not become a
 * takeover. The passcode that resets a password reaches the user by mail (the
 * platform's local mailbox), a channel a session token cannot read: no API
 * route shows it, through the proxy or not, and the mail catcher is its own
 * loopback listener behind a key.
 */
import { lstat, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPlatformCore, servePlatform } from '../../platform/index.ts';
import { PLATFORM_OPERATIONS } from '../../pipeline/platform-api/index.ts';
import { MEMBER, passcodeFromMailbox, startPlatformBehindProxy, TEST_PASSWORD_HASH_COST, type PlatformBehindProxy } from '../support/platform-harness.ts';
import { tempFoldersPerTest } from '../support/temp-folder.ts';

const tempFolder = tempFoldersPerTest();

describe('with only a session token, through the proxy', () => {
  let harness: PlatformBehindProxy;
  beforeAll(async () => {
    harness = await startPlatformBehindProxy();
  });
  afterAll(() => harness.close());

  const send = (method: string, route: string, token?: string, body?: unknown) => fetch(`${harness.proxyUrl}${route}`, {
    method,
    redirect: 'manual',
    headers: { ...(token === undefined ? {} : { 'svc-session-token': token }), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

  it('no route shows the passcode, the watch stream included', async () => {
    const login = await send('POST', '/api/v2/users/login', undefined, MEMBER);
    const { session_token: token } = (await login.json()) as { session_token: string };

    // Watching from before the request: whatever the platform publishes to this user passes here.
    const watch = await send('GET', '/api/v2/notifications/inbox/watch', token);
    expect(watch.status).toBe(200);
    const reader = watch.body?.getReader();
    if (reader === undefined) throw new Error('no watch body');

    expect((await send('POST', '/api/v2/users/otp/request', undefined, { email: MEMBER.email })).status).toBe(204);
    const passcode = await passcodeFromMailbox(harness.core, MEMBER.email);
    if (passcode === undefined) throw new Error('the passcode was not mailed');

    // A marker sent after the passcode was issued: once it shows on the stream, everything before it has.
    expect((await send('POST', '/api/v2/notifications/custom', token, { content: { title: 'marker-7f3a', message: '' } })).status).toBe(204);
    let streamed = '';
    const decoder = new TextDecoder();
    while (!streamed.includes('marker-7f3a')) {
      const { value, done } = await reader.read();
      if (done) break;
      streamed += decoder.decode(value, { stream: true });
    }
    await reader.cancel();
    expect(streamed).toContain('marker-7f3a');
    expect(streamed).not.toContain(passcode);

    const readable = PLATFORM_OPERATIONS.filter((op) => op.method === 'GET' && op.upstream === 'platform' && !op.path.endsWith('/watch'));
    expect(readable.map((op) => op.id)).toContain('listInboxNotifications');
    const shown: string[] = [];
    for (const op of readable) {
      const route = op.path.replace('{user}', 'me').replace('{externalauth}', 'simgit');
      const text = await (await send('GET', route, token)).text();
      if (text.toUpperCase().includes(passcode)) shown.push(op.id);
    }
    expect(shown).toEqual([]);
  });

  it('a throttled request comes back through the proxy as 429 with Retry-After', async () => {
    const again = await send('POST', '/api/v2/users/otp/request', undefined, { email: MEMBER.email });
    expect(again.status).toBe(429);
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await again.json()).toMatchObject({ message: 'Too many attempts.' });
  });
});

describe('the mailbox', () => {
  it('is a private folder under --data: one 0600 file per message, in a 0700 folder', async () => {
    const { dir } = await tempFolder();
    const core = await openPlatformCore({ dataDir: dir, owner: { password: 'Granite-Falcon-mail-4' }, passwordHashCost: TEST_PASSWORD_HASH_COST });
    const platform = await servePlatform(core);
    try {
      const request = await fetch(`${platform.url}/api/v2/users/otp/request`, {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: core.owner.email }) });
      expect(request.status).toBe(204);
      const passcode = await passcodeFromMailbox(core, core.owner.email);
      if (passcode === undefined) throw new Error('the passcode was not mailed');
      const folder = path.join(dir, 'mail');
      expect((await lstat(folder)).mode & 0o777).toBe(0o700);
      const files = await readdir(folder);
      expect(files).toHaveLength(1);
      const file = path.join(folder, files[0] ?? '');
      expect((await lstat(file)).mode & 0o777).toBe(0o600);
      const eml = await readFile(file, 'utf8');
      expect(eml).toContain(`To: ${core.owner.email}`);
      expect(eml).toContain(passcode);
    } finally {
      await platform.close();
    }
  });

  it('is shown by the mail catcher on loopback with its key, and nowhere on the API port', async () => {
    const core = await openPlatformCore({ owner: { password: 'Granite-Falcon-mail-5' }, passwordHashCost: TEST_PASSWORD_HASH_COST });
    const platform = await servePlatform(core);
    try {
      await fetch(`${platform.url}/api/v2/users/otp/request`, {
        method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: core.owner.email }) });
      const passcode = await passcodeFromMailbox(core, core.owner.email);
      if (passcode === undefined) throw new Error('the passcode was not mailed');
      const catcher = new URL(platform.mailCatcherUrl);
      expect(catcher.hostname).toBe('127.0.0.1');
      expect(catcher.port).not.toBe(new URL(platform.url).port);
      const listed = (await (await fetch(catcher)).json()) as { messages: { to: string; text: string }[] };
      expect(listed.messages[0]).toMatchObject({ to: core.owner.email, text: expect.stringContaining(passcode) as unknown });

      const keyless = new URL('/_mail', catcher);
      const wrongKey = new URL(`/_mail/${'A'.repeat(24)}`, catcher);
      for (const url of [keyless, wrongKey]) expect((await fetch(url)).status).toBe(404);
      for (const route of [catcher.pathname, '/_mail']) expect((await fetch(`${platform.url}${route}`)).status).toBe(404);
    } finally {
      await platform.close();
    }
  });
});

/**
 * Defect 10 of issue 11: every `HEAD /debug/logs` opened the agent's log file
 * and never closed it. The count of this process's open handles to that file
 * (read from /proc/self/fd, where the server under test runs) must not grow
 * with the number of requests.
 */
import { existsSync, readdirSync, readlinkSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPlatformCore, servePlatform, type PlatformCore } from '../../platform/index.ts';

const OWNER = { email: 'root@example.com', password: 'Granite-Falcon-handles-5' };
const FD_FOLDER = '/proc/self/fd';

let core: PlatformCore;
let platform: { url: string; agentDebugUrl: string; close(): Promise<void> };
let ownerToken = '';

beforeAll(async () => {
  core = await openPlatformCore({ owner: OWNER });
  platform = await servePlatform(core);
  // A log with more than one read's worth (64 KiB) in it, so a body is a real stream.
  for (let line = 0; line < 1200; line++) await core.services.agent.log('info', `line ${line} ${'x'.repeat(60)}`);
  const login = await fetch(`${platform.url}/api/v2/users/login`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(OWNER),
  });
  ownerToken = ((await login.json()) as { session_token: string }).session_token;
});
afterAll(() => platform.close());

/** How many descriptors of this process point at `file`. */
function openHandlesTo(file: string): number {
  const target = realpathSync(file);
  let count = 0;
  for (const fd of readdirSync(FD_FOLDER)) {
    try {
      if (readlinkSync(join(FD_FOLDER, fd)) === target) count++;
    } catch {
      // The descriptor closed between listing and reading it.
    }
  }
  return count;
}

describe.skipIf(!existsSync(FD_FOLDER))('open handles to the agent log', () => {
  it('stay flat over many HEAD /debug/logs requests', async () => {
    const logFile = core.services.agent.logFile;
    const before = openHandlesTo(logFile);
    for (let batch = 0; batch < 10; batch++) {
      const answers = await Promise.all(Array.from({ length: 20 }, () =>
        fetch(`${platform.agentDebugUrl}/debug/logs`, { method: 'HEAD', headers: { 'svc-session-token': ownerToken } })));
      for (const answer of answers) {
        expect(answer.status).toBe(200);
        expect(Number(answer.headers.get('content-length'))).toBeGreaterThan(64 * 1024);
      }
    }
    expect(openHandlesTo(logFile) - before).toBe(0);
  });

  it('stay flat when GET clients read the log or leave half way', async () => {
    const logFile = core.services.agent.logFile;
    const before = openHandlesTo(logFile);
    for (let round = 0; round < 20; round++) {
      const full = await fetch(`${platform.agentDebugUrl}/debug/logs`, { headers: { 'svc-session-token': ownerToken } });
      expect((await full.text()).startsWith('20')).toBe(true);
      const controller = new AbortController();
      const partial = await fetch(`${platform.agentDebugUrl}/debug/logs`, { headers: { 'svc-session-token': ownerToken }, signal: controller.signal });
      await partial.body?.getReader().read();
      controller.abort();
    }
    // The server learns of an aborted client asynchronously; give it a moment to close what it opened.
    for (let wait = 0; wait < 50 && openHandlesTo(logFile) > before; wait++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(openHandlesTo(logFile) - before).toBe(0);
  });
});

/** State at `--data` survives a restart and a killed process; the first start alone creates the owner. */
import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../platform/migrations.ts';
import { openPlatformCore, servePlatform } from '../../platform/index.ts';
import { tempFolder } from '../support/temp-folder.ts';

const ROOT = path.join(import.meta.dirname, '..', '..');

async function login(url: string, email: string, password: string): Promise<Response> {
  return fetch(`${url}/api/v2/users/login`, { method: 'POST', body: JSON.stringify({ email, password }) });
}

async function sessionToken(url: string, email: string, password: string): Promise<string> {
  const response = await login(url, email, password);
  expect(response.status).toBe(201);
  return ((await response.json()) as { session_token: string }).session_token;
}

function notify(url: string, token: string, title: string): Promise<Response> {
  return fetch(`${url}/api/v2/notifications/custom`, {
    method: 'POST', headers: { 'svc-session-token': token }, body: JSON.stringify({ content: { title, message: '' } }),
  });
}

describe('persistence', () => {
  it('loses nothing acknowledged when the process is killed, and creates the owner only once', async () => {
    const { dir, cleanup } = await tempFolder();
    const dataDir = path.join(dir, 'data');
    try {
      const script = path.join(dir, 'serve.mts');
      const entry = path.join(ROOT, 'platform', 'index.ts');
      await writeFile(script, `
        import { startReferencePlatform } from ${JSON.stringify(entry)};
        const platform = await startReferencePlatform({ dataDir: ${JSON.stringify(dataDir)}, owner: { email: 'boss@example.com' } });
        console.log(JSON.stringify({ url: platform.url, password: platform.owner.password, agentToken: platform.agentToken }));
      `);
      const child = spawn(process.execPath, ['--import', 'tsx', script], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
      const exited = new Promise<NodeJS.Signals | null>((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
      const first = await new Promise<{ url: string; password: string; agentToken: string }>((resolve, reject) => {
        let text = '';
        child.stdout.on('data', (chunk: Buffer) => {
          text += chunk.toString();
          const line = text.split('\n').find((l) => l.startsWith('{'));
          if (line !== undefined) resolve(JSON.parse(line) as { url: string; password: string; agentToken: string });
        });
        child.once('exit', () => reject(new Error('the platform process exited before listening')));
      });
      expect(first.password).toEqual(expect.any(String));
      const token = await sessionToken(first.url, 'boss@example.com', first.password);
      for (let i = 0; i < 3; i++) expect((await notify(first.url, token, `acknowledged ${i}`)).status).toBe(204);
      child.kill('SIGKILL');
      expect(await exited).toBe('SIGKILL');

      const core = await openPlatformCore({ dataDir, owner: { email: 'other@example.com', password: 'Ignored-Now-Passw0rd' } });
      const second = await servePlatform(core);
      try {
        expect(core.owner).toEqual({ email: 'boss@example.com', created: false });
        const inbox = await fetch(`${second.url}/api/v2/notifications/inbox`, { headers: { 'svc-session-token': token } });
        const titles = ((await inbox.json()) as { notifications: { title: string }[] }).notifications.map((n) => n.title);
        expect(titles).toEqual(['acknowledged 2', 'acknowledged 1', 'acknowledged 0']);
        expect((await login(second.url, 'boss@example.com', first.password)).status).toBe(201);
        expect((await login(second.url, 'other@example.com', 'Ignored-Now-Passw0rd')).status).toBe(401);

        const logs = (agentToken: string) => fetch(`${second.url}/api/v2/workspaceagents/me/logs`, {
          method: 'PATCH', headers: { 'svc-session-token': agentToken }, body: JSON.stringify({ logs: [] }),
        });
        expect(core.agentToken).not.toBe(first.agentToken);
        expect((await logs(first.agentToken)).status).toBe(401);
        expect((await logs(core.agentToken)).status).toBe(200);
        const migrations = await core.services.db.query<{ count: number }>('select count(*)::int as count from schema_migrations');
        expect(migrations.rows[0]?.count).toBe(MIGRATIONS.length);
      } finally {
        await second.close();
      }
    } finally {
      await cleanup();
    }
  }, 90_000); // two cold starts of Postgres and a child process
});

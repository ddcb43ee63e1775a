/** State at `--data` survives a restart and a killed process; the first start alone creates the owner. */
import { spawn } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openPlatformCore, startReferencePlatform } from '../../pipeline/platform/index.ts';
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
  it('keeps state across a restart and creates the owner only once', async () => {
    const { dir, cleanup } = await tempFolder();
    try {
      const first = await startReferencePlatform({ dataDir: dir, owner: { email: 'boss@example.com' } });
      const password = first.owner.password;
      if (password === undefined) throw new Error('the first start must generate a password');
      const token = await sessionToken(first.url, 'boss@example.com', password);
      expect((await notify(first.url, token, 'before restart')).status).toBe(204);
      const firstAgentToken = first.agentToken;
      await first.close();

      const second = await startReferencePlatform({ dataDir: dir, owner: { email: 'other@example.com', password: 'Ignored-Now-Passw0rd' } });
      try {
        expect(second.owner).toEqual({ email: 'boss@example.com' });
        const inbox = await fetch(`${second.url}/api/v2/notifications/inbox`, { headers: { 'svc-session-token': token } });
        expect(((await inbox.json()) as { notifications: { title: string }[] }).notifications.map((n) => n.title)).toEqual(['before restart']);
        expect((await login(second.url, 'other@example.com', 'Ignored-Now-Passw0rd')).status).toBe(401);
        const logs = (agentToken: string) => fetch(`${second.url}/api/v2/workspaceagents/me/logs`, {
          method: 'PATCH', headers: { 'svc-session-token': agentToken }, body: JSON.stringify({ logs: [] }),
        });
        expect(second.agentToken).not.toBe(firstAgentToken);
        expect((await logs(firstAgentToken)).status).toBe(401);
        expect((await logs(second.agentToken)).status).toBe(200);
      } finally {
        await second.close();
      }
    } finally {
      await cleanup();
    }
  });

  it('loses nothing acknowledged when the process is killed', async () => {
    const { dir, cleanup } = await tempFolder();
    try {
      const script = path.join(dir, 'serve.mts');
      const entry = path.join(ROOT, 'pipeline', 'platform', 'index.ts');
      await writeFile(script, `
        import { startReferencePlatform } from ${JSON.stringify(entry)};
        const platform = await startReferencePlatform({ dataDir: ${JSON.stringify(path.join(dir, 'data'))}, owner: { email: 'k@example.com', password: 'Killed-Process-Passw0rd' } });
        console.log(JSON.stringify({ url: platform.url }));
      `);
      const child = spawn(process.execPath, ['--import', 'tsx', script], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
      const exited = new Promise<NodeJS.Signals | null>((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
      const url = await new Promise<string>((resolve, reject) => {
        let text = '';
        child.stdout.on('data', (chunk: Buffer) => {
          text += chunk.toString();
          const line = text.split('\n').find((l) => l.startsWith('{'));
          if (line !== undefined) resolve((JSON.parse(line) as { url: string }).url);
        });
        child.once('exit', () => reject(new Error('the platform process exited before listening')));
      });
      const token = await sessionToken(url, 'k@example.com', 'Killed-Process-Passw0rd');
      for (let i = 0; i < 3; i++) expect((await notify(url, token, `acknowledged ${i}`)).status).toBe(204);
      child.kill('SIGKILL');
      expect(await exited).toBe('SIGKILL');

      const reopened = await openPlatformCore({ dataDir: path.join(dir, 'data') });
      try {
        const { rows } = await reopened.services.db.query<{ title: string }>('select title from inbox_notifications order by created_at');
        expect(rows.map((row) => row.title)).toEqual(['acknowledged 0', 'acknowledged 1', 'acknowledged 2']);
        const migrations = await reopened.services.db.query<{ count: number }>('select count(*)::int as count from schema_migrations');
        expect(migrations.rows[0]?.count).toBe(4);
      } finally {
        await reopened.close();
      }
    } finally {
      await cleanup();
    }
  });
});

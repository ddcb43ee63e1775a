import { describe, expect, it } from 'vitest';
import type { CliIO } from '../../pipeline/cli/io.ts';
import { runCli } from '../../pipeline/cli/main.ts';

interface Session {
  readonly out: string[];
  readonly err: string[];
  readonly exit: Promise<number>;
  stop(): void;
  /** Resolves once `count` lines are on stdout. */
  lines(count: number): Promise<string[]>;
}

function run(argv: readonly string[], env: Record<string, string> = {}): Session {
  const out: string[] = [];
  const err: string[] = [];
  let stop = () => {};
  const stopSignal = new Promise<void>((resolve) => {
    stop = resolve;
  });
  const waiting: { count: number; resolve: (lines: string[]) => void }[] = [];
  const io: CliIO = {
    out: (line) => {
      out.push(line);
      for (const waiter of waiting.filter((w) => out.length >= w.count)) waiter.resolve(out);
    },
    err: (line) => err.push(line),
    env,
    cwd: process.cwd(),
    interactive: false,
    stopSignal,
  };
  const exit = runCli(argv, io);
  return {
    out, err, exit, stop,
    lines: (count) => (out.length >= count ? Promise.resolve(out) : new Promise((resolve) => waiting.push({ count, resolve }))),
  };
}

describe('ask platform serve', () => {
  it('says where it listens first, how to log in next, and stops cleanly', async () => {
    const session = run(['platform', 'serve', '--port', '0']);
    const lines = await Promise.race([session.lines(5), session.exit.then((code) => Promise.reject(new Error(`exited ${code}: ${session.err.join(' ')}`)))]);
    const url = /^listening on (http:\/\/127\.0\.0\.1:\d+)$/.exec(lines[0] ?? '')?.[1];
    if (url === undefined) throw new Error(`first line was '${lines[0]}'`);
    expect(lines[1]).toMatch(/^agent debug routes on http:\/\/127\.0\.0\.1:\d+$/);
    const owner = /^owner: (\S+), initial password: (\S+) /.exec(lines.find((line) => line.startsWith('owner:')) ?? '');
    expect(owner?.[1]).toBe('owner@example.com');
    const login = await fetch(`${url}/api/v2/users/login`, { method: 'POST', body: JSON.stringify({ email: owner?.[1], password: owner?.[2] }) });
    expect(login.status).toBe(201);
    for (const line of [...session.out, ...session.err]) expect(line).not.toMatch(/[0-9a-f]{10}-[A-Za-z0-9_-]{32}/);

    session.stop();
    expect(await session.exit).toBe(0);
    await expect(fetch(`${url}/api/v2/auth/scopes`)).rejects.toThrow();
  });

  it.each([
    [['--port', 'abc'], /--port takes a whole number/],
    [['--port', '70000'], /--port must be 0 to 65535/],
    [['--nope'], /^ask: unknown option --nope for 'ask platform serve'; see ask platform serve --help$/],
    [['extra'], /unexpected argument 'extra'/],
    [['--trusted-proxy', '127.0.0.1,proxy.example'], /--trusted-proxy: .*IP address, got 'proxy\.example'/],
  ])('refuses %j with exit code 2 and one line', async (args, message) => {
    const session = run(['platform', 'serve', ...args]);
    expect(await session.exit).toBe(2);
    expect(session.err).toHaveLength(1);
    expect(session.err[0]).toMatch(message);
  });

  it('fails with exit code 1 on a weak PLATFORM_OWNER_PASSWORD, without echoing it', async () => {
    const session = run(['platform', 'serve', '--port', '0'], { PLATFORM_OWNER_PASSWORD: 'hunter22' });
    expect(await session.exit).toBe(1);
    expect(session.err.at(-1)).toMatch(/^ask platform serve: could not start: .*PLATFORM_OWNER_PASSWORD/);
    expect(session.err.join('\n')).not.toContain('hunter22');
  });
});

/**
 * `ask serve` refuses to start, with one line and no stack, what it could not serve: no digest
 * (and no --content), a port already taken, a platform URL that is not http(s). Run as the real
 * bin, so that the process is seen to exit rather than listen.
 */
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runAsk, spawnAsk } from '../support/cli.ts';
import { tempFoldersPerTest } from '../support/temp-folder.ts';

const freshFolder = tempFoldersPerTest();
const PAGE = { 'content/guide.md': '# Guide\n\n## Start\n\nRun `lamp on`.\n' };

/** One line, no class name, no stack frame. */
function expectOneLine(stderr: string): string {
  const lines = stderr.split('\n').filter((line) => line !== '');
  expect(lines).toHaveLength(1);
  const line = lines[0] ?? '';
  expect(line).not.toMatch(/[A-Z]\w*Error\b/);
  expect(line).not.toMatch(/^\s+at /);
  return line;
}

/** A TCP server holding a free port of 127.0.0.1, until closed. */
function holdPort(): Promise<{ port: number; server: Server }> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      if (address === null || typeof address === 'string') reject(new Error('no port'));
      else resolve({ port: address.port, server });
    });
  });
}

describe('ask serve refuses to start', () => {
  it('with no digest folder and no --content: exit 1, one line saying what to run', async () => {
    const { dir } = await freshFolder();
    const result = await spawnAsk(['serve', '--port', '0'], dir);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    const line = expectOneLine(result.stderr);
    expect(line).toBe("ask serve: no digest folder at 'digest'; run 'ask digest build', pass --digest the folder it wrote, or --content DIR to serve the raw pages");
  });

  it('with a folder that holds no digest, or a file named as the digest', async () => {
    const { dir } = await freshFolder({ 'empty/.keep': '', 'plain.txt': 'text\n' });
    const empty = await runAsk(['serve', '--port', '0', '--digest', 'empty'], dir);
    expect(empty.code).toBe(1);
    expect(empty.err).toEqual(["ask serve: no digest in 'empty' (it has no manifest.json); run 'ask digest build', pass --digest the folder it wrote, or --content DIR to serve the raw pages"]);
    const file = await runAsk(['serve', '--port', '0', '--digest', 'plain.txt'], dir);
    expect(file.code).toBe(1);
    expect(file.err).toHaveLength(1);
    expect(file.err[0]).toContain("--digest 'plain.txt' is a file, not a digest folder");
  });

  it('with a manifest that is not a file', async () => {
    const { dir } = await freshFolder();
    await mkdir(path.join(dir, 'digest', 'manifest.json'), { recursive: true });
    const result = await runAsk(['serve', '--port', '0'], dir);
    expect(result.code).toBe(1);
    expect(result.err).toHaveLength(1);
    expect(result.err[0]).toContain("'digest/manifest.json' is not a file");
  });

  it.skipIf(process.getuid?.() === 0)('with a manifest this user cannot read', async () => {
    const { dir } = await freshFolder();
    await mkdir(path.join(dir, 'digest'));
    await writeFile(path.join(dir, 'digest', 'manifest.json'), '{}');
    await chmod(path.join(dir, 'digest', 'manifest.json'), 0o000);
    const result = await runAsk(['serve', '--port', '0'], dir);
    expect(result.code).toBe(1);
    expect(result.err).toEqual(["ask serve: cannot read 'digest/manifest.json' (permission denied); give this user read access to the digest folder"]);
  });

  it('on a port already taken: exit 1, one line naming host:port and --port 0', async () => {
    const { dir } = await freshFolder(PAGE);
    const { port, server } = await holdPort();
    try {
      const result = await spawnAsk(['serve', '--content', 'content', '--host', '127.0.0.1', '--port', String(port)], dir);
      expect(result.code).toBe(1);
      expect(result.stdout).toBe('');
      const line = expectOneLine(result.stderr);
      expect(line).toBe(`ask serve: 127.0.0.1:${port} is already in use; stop what listens there, pick another --port, or pass --port 0 to get a free one`);
    } finally {
      server.close();
    }
  });

  it('with a --platform-url (or PLATFORM_URL) that is not an http(s) URL: one line, exit 2 as every usage mistake', async () => {
    const { dir } = await freshFolder(PAGE);
    for (const [args, env] of [
      [['--platform-url', 'localhost:8080'], {}],
      [['--platform-url', 'ftp://platform.example'], {}],
      [['--agent-debug-url', 'not a url'], {}],
      [[], { PLATFORM_URL: 'file:///etc/passwd' }],
    ] as const) {
      const result = await runAsk(['serve', '--content', 'content', '--port', '0', ...args], dir, env);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.err).toHaveLength(1);
      expect(result.err[0]).toMatch(/^ask serve: --(platform|agent-debug)-url must be an http\(s\) URL such as http:\/\/127\.0\.0\.1:8080, got '/);
    }
  });

  it('with an unknown provider: one line, exit 2 (kept)', async () => {
    const { dir } = await freshFolder(PAGE);
    const result = await runAsk(['serve', '--content', 'content', '--port', '0'], dir, { ASK_PROVIDER: 'antropic' });
    expect(result.code).toBe(2);
    expect(result.err).toEqual(["ask serve: unknown provider 'antropic': use anthropic, openai, gemini, offline"]);
  });
});

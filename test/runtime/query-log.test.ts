import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createNodeAskHandler } from '../../pipeline/adapters/node.ts';
import { hourOf, normaliseQuery, type AskLogEntry, type QueryLogEntry } from '../../pipeline/runtime/query-log.ts';
import { build } from '../support/digest-tree.ts';
import { tempFoldersPerTest } from '../support/temp-folder.ts';

const SITE = path.join(import.meta.dirname, '..', 'fixtures', 'site');
const tempFolder = tempFoldersPerTest();

async function builtDigest(): Promise<{ readonly dir: string; readonly digestDir: string }> {
  const { dir } = await tempFolder();
  const digestDir = path.join(dir, 'digest');
  await build(SITE, digestDir);
  return { dir, digestDir };
}

const ask = (body: unknown, headers: Record<string, string> = {}): Request =>
  new Request('http://local/api/ask', { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

describe('the query log keeps the query, never the person', () => {
  it.each([
    ['How do I reset MY  password?', 'how do i reset my password?'],
    ['mail ana.lopez+docs@example.co.uk about it', 'mail [email] about it'],
    ['my key sk-ant-api03-abcdefghijklmnop fails', 'my key [secret] fails'],
    ['token ghp_0123456789abcdefghijABCDEFGHIJ0123', 'token [secret]'],
    ['Bearer abc.def-ghi_jklmnop works?', '[secret] works?'],
    ['jwt eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.abc', 'jwt [secret]'],
    ['session 4f9c2b7e1a8d3c6b5e0f9a2d7c4b1e8f3a6d', 'session [secret]'],
    ['call +44 20 7946 0958 or card 4111 1111 1111 1111', 'call [number] or card [number]'],
    ['see https://svc.example.com/reset?token=abc123', 'see [url]'],
    ['port 8080 and v2 api', 'port 8080 and v2 api'],
  ])('%j is kept as %j', (query, kept) => {
    expect(normaliseQuery(query)).toBe(kept);
  });

  it('keeps the hour, not the time', () => {
    expect(hourOf(new Date('2026-11-27T21:59:59.999Z'))).toBe('2026-11-27T21');
  });

  it('records each keyword query through the handler: no address, header, cookie or key in the entry', async () => {
    const { digestDir } = await builtDigest();
    const entries: AskLogEntry[] = [];
    const handler = createNodeAskHandler({ digestDir, processEnv: {}, log: () => {}, queryLog: { record: (entry) => void entries.push(entry) } });
    const response = await handler(ask({ query: 'Session TOKEN header for ana@example.com', mode: 'keyword' }, { 'x-forwarded-for': '203.0.113.9', cookie: 'sid=s3cr3t-cookie', authorization: 'Bearer abcdefgh12345678', 'user-agent': 'Probe/1.0' }));
    const body = (await response.json()) as { results: { url: string }[] };
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ query: 'session token header for [email]', results: body.results.length, top: body.results[0]?.url ?? null, mode: 'keyword' });
    expect(Object.keys(entries[0] ?? {}).sort()).toEqual(['hour', 'mode', 'query', 'results', 'top']);
    expect(entries[0]?.hour).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}$/);
    expect(body.results.length).toBeGreaterThan(0);
    const text = JSON.stringify(entries);
    for (const never of ['203.0.113', 's3cr3t', 'abcdefgh12345678', 'Probe', 'ana@example.com']) expect(text).not.toContain(never);
    // an empty query is answered, not logged
    await handler(ask({ query: '   ', mode: 'keyword' }));
    expect(entries).toHaveLength(1);
  });

  it('records an agentic question with what its first search found, before the stream starts', async () => {
    const { digestDir } = await builtDigest();
    const entries: QueryLogEntry[] = [];
    // a key and a model server that is not there: the stream fails, the question is logged all the same
    const processEnv = { ANTHROPIC_API_KEY: 'sk-ant-test-key-0123456789', ANTHROPIC_BASE_URL: 'http://127.0.0.1:9' };
    const handler = createNodeAskHandler({ digestDir, processEnv, log: () => {}, queryLog: { record: (entry) => void (entry.feedback === undefined && entries.push(entry)) } });
    const response = await handler(ask({ query: 'zyxwv qqqq?' }));
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    await response.body?.cancel();
    expect(entries.map(({ query, results, top, mode }) => ({ query, results, top, mode }))).toEqual([{ query: 'zyxwv qqqq?', results: 0, top: null, mode: 'agentic' }]);
    expect(JSON.stringify(entries)).not.toContain('sk-ant');
  });

  it('answers when the sink fails, and says so once without the query', async () => {
    const { digestDir } = await builtDigest();
    const lines: string[] = [];
    const handler = createNodeAskHandler({ digestDir, processEnv: {}, log: (line) => lines.push(line), queryLog: { record: () => Promise.reject(new Error('disk full')) } });
    for (const query of ['tokens', 'passcodes']) expect((await handler(ask({ query, mode: 'keyword' }))).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(lines.filter((line) => line.includes('query log'))).toEqual(['ask: the query log failed (disk full); queries are answered but may not be logged']);
  });

  it('appends NDJSON to the file ASK_QUERY_LOG names, and logs nothing when it is unset', async () => {
    const { dir, digestDir } = await builtDigest();
    const file = path.join(dir, 'logs', 'queries.ndjson');
    const handler = createNodeAskHandler({ digestDir, processEnv: { ASK_QUERY_LOG: file }, log: () => {} });
    for (const query of ['session tokens', 'one-time passcode']) await handler(ask({ query, mode: 'keyword' }));
    await expect.poll(async () => (await readFile(file, 'utf8').catch(() => '')).split('\n').filter(Boolean).length).toBe(2);
    const lines = (await readFile(file, 'utf8')).trim().split('\n').map((line) => JSON.parse(line) as QueryLogEntry);
    expect(lines.map((line) => [line.query, line.mode])).toEqual([['session tokens', 'keyword'], ['one-time passcode', 'keyword']]);
  });
});

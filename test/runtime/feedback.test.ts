import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeAskHandler } from '../../pipeline/adapters/node.ts';
import type { AskHandler } from '../../pipeline/runtime/handler.ts';
import type { AskLogEntry, QueryLogSink } from '../../pipeline/runtime/query-log.ts';
import { build } from '../support/digest-tree.ts';
import { tempFolder } from '../support/temp-folder.ts';

// POST {ask_base}/feedback (issue 29, item 4): served only with the query log on, every status it
// can answer, what the entry keeps (and never), the rate limit, and the header that advertises it.

const SITE = path.join(import.meta.dirname, '..', 'fixtures', 'site');
let dir = '';
let digestDir = '';
let cleanup: () => Promise<void> = async () => {};

beforeAll(async () => {
  const folder = await tempFolder();
  dir = folder.dir;
  digestDir = path.join(dir, 'digest');
  cleanup = folder.cleanup;
  await build(SITE, digestDir);
});
afterAll(() => cleanup());

/** A handler with the log on (its entries in `entries`), or off when `entries` is null. */
function handlerWith(entries: AskLogEntry[] | null, extra: { feedbackLimits?: { events?: number; windowMs?: number }; processEnv?: Record<string, string>; endpoint?: string; log?: (line: string) => void; sink?: QueryLogSink } = {}): AskHandler {
  const sink: QueryLogSink | undefined = extra.sink ?? (entries === null ? undefined : { record: (entry) => void entries.push(entry) });
  return createNodeAskHandler({
    digestDir,
    processEnv: extra.processEnv ?? {},
    log: extra.log ?? (() => {}),
    ...(sink === undefined ? {} : { queryLog: sink }),
    ...(extra.endpoint === undefined ? {} : { endpoint: extra.endpoint }),
    ...(extra.feedbackLimits === undefined ? {} : { feedbackLimits: extra.feedbackLimits }),
  });
}

const post = (body: unknown, headers: Record<string, string> = {}, route = '/api/ask/feedback'): Request =>
  new Request(`http://local${route}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) });

const open = (query: string, url: string, rank: number) => ({ event: 'open', query, url, rank });

describe('POST /api/ask/feedback with the query log on', () => {
  it('answers 204 with no body and logs the open event, the query redacted as a query is, the url without its query string, nothing of the request', async () => {
    const entries: AskLogEntry[] = [];
    const handler = handlerWith(entries);
    const response = await handler(
      post(open('Session TOKEN for ana.lopez@example.com', '/guide/tokens?token=abc123#send-the-header', 2), {
        'x-forwarded-for': '203.0.113.9',
        cookie: 'sid=s3cr3t-cookie',
        authorization: 'Bearer abcdefgh12345678',
        'user-agent': 'Probe/1.0',
        referer: 'http://local/private?user=42',
      }),
    );
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toEqual({ feedback: 'open', query: 'session token for [email]', url: '/guide/tokens#send-the-header', rank: 2, hour: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}$/) as unknown });
    expect(Object.keys(entries[0] ?? {})).toEqual(['feedback', 'query', 'url', 'rank', 'hour']);
    const text = JSON.stringify(entries);
    for (const never of ['203.0.113', 's3cr3t', 'abcdefgh12345678', 'Probe', 'ana.lopez', 'abc123', 'user=42']) expect(text).not.toContain(never);
  });

  it('keeps an absolute url of the same site as its path and anchor', async () => {
    const entries: AskLogEntry[] = [];
    const handler = handlerWith(entries);
    expect((await handler(post(open('otp', 'http://local/guide/passcodes?utm=x#expiry', 1)))).status).toBe(204);
    expect(entries.map((entry) => (entry.feedback === 'open' ? entry.url : null))).toEqual(['/guide/passcodes#expiry']);
  });

  it('logs a rating as helpful or unhelpful, with the question and the hour only', async () => {
    const entries: AskLogEntry[] = [];
    const handler = handlerWith(entries);
    for (const helpful of [false, true]) expect((await handler(post({ event: 'rating', query: 'How do I call +44 20 7946 0958?', helpful }))).status).toBe(204);
    expect(entries.map((entry) => [entry.feedback, entry.query])).toEqual([
      ['unhelpful', 'how do i call [number]?'],
      ['helpful', 'how do i call [number]?'],
    ]);
    for (const entry of entries) expect(Object.keys(entry)).toEqual(['feedback', 'query', 'hour']);
  });

  it.each([
    ['not JSON', '{"event": "open",', 'Invalid JSON body.'],
    ['an array', [], "The body needs an 'event' field: 'open' or 'rating'."],
    ['no event', { query: 'otp', url: '/guide', rank: 1 }, "The body needs an 'event' field: 'open' or 'rating'."],
    ['another event', { event: 'click', query: 'otp', url: '/guide', rank: 1 }, "The body needs an 'event' field: 'open' or 'rating'."],
    ['no query', { event: 'open', url: '/guide', rank: 1 }, "The body needs a non-empty string 'query' field."],
    ['a blank query', open('   ', '/guide', 1), "The body needs a non-empty string 'query' field."],
    ['a query over 1000 characters', open('x'.repeat(1001), '/guide', 1), 'The query is too long.'],
    ['no url', { event: 'open', query: 'otp', rank: 1 }, "'url' must be a path of this site, at most 500 characters."],
    ['a url of another site', open('otp', 'https://evil.example/guide', 1), "'url' must be a path of this site, at most 500 characters."],
    ['a scheme-relative url', open('otp', '//evil.example/guide', 1), "'url' must be a path of this site, at most 500 characters."],
    ['a javascript: url', open('otp', 'javascript:alert(1)', 1), "'url' must be a path of this site, at most 500 characters."],
    ['a url with a space', open('otp', '/guide page', 1), "'url' must be a path of this site, at most 500 characters."],
    ['a url over 500 characters', open('otp', `/${'a'.repeat(500)}`, 1), "'url' must be a path of this site, at most 500 characters."],
    ['rank 0', open('otp', '/guide', 0), "'rank' must be a whole number from 1 to 100."],
    ['rank 1.5', open('otp', '/guide', 1.5), "'rank' must be a whole number from 1 to 100."],
    ['rank as a string', { event: 'open', query: 'otp', url: '/guide', rank: '2' }, "'rank' must be a whole number from 1 to 100."],
    ['rank 101', open('otp', '/guide', 101), "'rank' must be a whole number from 1 to 100."],
    ['helpful as a string', { event: 'rating', query: 'otp', helpful: 'yes' }, "'helpful' must be true or false."],
    ['no helpful', { event: 'rating', query: 'otp' }, "'helpful' must be true or false."],
  ])('answers 400 for %s, and logs nothing', async (_name, body, message) => {
    const entries: AskLogEntry[] = [];
    const response = await handlerWith(entries)(post(body));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: message });
    expect(entries).toEqual([]);
  });

  it('answers 413 over 4 KiB, by Content-Length or while reading a body without one, and logs nothing', async () => {
    const entries: AskLogEntry[] = [];
    const handler = handlerWith(entries);
    const big = JSON.stringify(open('x'.repeat(900), `/${'a'.repeat(400)}`, 1)).replace('"event"', `"padding": "${'p'.repeat(4096)}", "event"`);
    const declared = await handler(post(big, { 'content-length': String(new TextEncoder().encode(big).byteLength) }));
    expect(declared.status).toBe(413);
    expect(await declared.json()).toEqual({ error: 'Request body too large.' });
    const bytes = new TextEncoder().encode(big);
    const streamed = await handler(
      new Request('http://local/api/ask/feedback', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: new ReadableStream<Uint8Array>({
          start(controller) {
            for (let at = 0; at < bytes.length; at += 512) controller.enqueue(bytes.slice(at, at + 512));
            controller.close();
          },
        }),
        duplex: 'half',
      } as RequestInit & { duplex: 'half' }),
    );
    expect(streamed.status).toBe(413);
    // the Ask route still takes a body of that size
    expect((await handler(new Request('http://local/api/ask', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: 'otp', mode: 'keyword', padding: 'p'.repeat(5000) }) }))).status).toBe(200);
    expect(entries.filter((entry) => entry.feedback !== undefined)).toEqual([]);
  });

  it('answers 405 with Allow: POST for any other method', async () => {
    const handler = handlerWith([]);
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const response = await handler(new Request('http://local/api/ask/feedback', { method }));
      expect(response.status, method).toBe(405);
      expect(response.headers.get('allow')).toBe('POST');
      expect(await response.json()).toEqual({ error: 'Method not allowed.' });
    }
  });

  it('answers 204 when the sink fails, and says so once on the log', async () => {
    const lines: string[] = [];
    const handler = handlerWith(null, { log: (line) => lines.push(line), sink: { record: () => Promise.reject(new Error('disk full')) } });
    for (const rank of [1, 2]) expect((await handler(post(open('otp', '/guide', rank)))).status).toBe(204);
    const throwing = handlerWith(null, {
      log: () => {},
      sink: {
        record: () => {
          throw new Error('sink threw');
        },
      },
    });
    expect((await throwing(post({ event: 'rating', query: 'otp', helpful: true }))).status).toBe(204);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(lines.filter((line) => line.includes('query log'))).toEqual(['ask: the query log failed (disk full); queries are answered but may not be logged']);
  });

  it('writes query and feedback entries to the one NDJSON file ASK_QUERY_LOG names', async () => {
    const file = path.join(dir, 'logs', 'with-feedback.ndjson');
    const handler = handlerWith(null, { processEnv: { ASK_QUERY_LOG: file } });
    await handler(new Request('http://local/api/ask', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: 'session tokens', mode: 'keyword' }) }));
    await handler(post(open('session tokens', '/guide/tokens#send-the-header', 1)));
    await handler(post({ event: 'rating', query: 'session tokens', helpful: false }));
    const lines = async () => (await readFile(file, 'utf8').catch(() => '')).split('\n').filter(Boolean);
    await expect.poll(async () => (await lines()).length).toBe(3);
    const entries = (await lines()).map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(entries.map((entry) => entry['feedback'] ?? entry['mode'])).toEqual(['keyword', 'open', 'unhelpful']);
    expect(entries[1]).toMatchObject({ query: 'session tokens', url: '/guide/tokens#send-the-header', rank: 1 });
  });
});

describe('the feedback rate limit', () => {
  it('answers 429 with Retry-After once the events of a window are taken, counts only well-formed events, and takes feedback again in the next window', async () => {
    const entries: AskLogEntry[] = [];
    const handler = handlerWith(entries, { feedbackLimits: { events: 2, windowMs: 1_500 } });
    // a malformed body is refused before it counts
    expect((await handler(post({ event: 'open' }))).status).toBe(400);
    for (const rank of [1, 2]) expect((await handler(post(open('otp', '/guide', rank)))).status).toBe(204);
    const refused = await handler(post(open('otp', '/guide', 3)));
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(2);
    expect(await refused.json()).toEqual({ error: 'Too much feedback at once; retry later.' });
    expect(entries.map((entry) => (entry.feedback === 'open' ? entry.rank : null))).toEqual([1, 2]);
    await new Promise((resolve) => setTimeout(resolve, 1_600));
    expect((await handler(post(open('otp', '/guide', 4)))).status).toBe(204);
    expect(entries).toHaveLength(3);
  });

  it('takes 120 events a minute by default', async () => {
    const entries: AskLogEntry[] = [];
    const handler = handlerWith(entries);
    const statuses: number[] = [];
    for (let at = 0; at < 121; at += 1) statuses.push((await handler(post(open('otp', '/guide', 1)))).status);
    expect(statuses.filter((status) => status === 204)).toHaveLength(120);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('the x-ask-feedback header and the route without a log', () => {
  const ask = (body: unknown, route = '/api/ask'): Request => new Request(`http://local${route}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  // a key and a model server that is not there: the stream starts (and fails), its headers are what is tested
  const withKey = { ANTHROPIC_API_KEY: 'sk-ant-test-key-0123456789', ANTHROPIC_BASE_URL: 'http://127.0.0.1:9' };

  it('is on the keyword JSON and the answer stream when the log is on, with the absolute path of the route', async () => {
    const handler = handlerWith([], { processEnv: withKey });
    const keyword = await handler(ask({ query: 'session token', mode: 'keyword' }));
    expect(keyword.headers.get('x-ask-feedback')).toBe('/api/ask/feedback');
    const stream = await handler(ask({ query: 'how do I revoke a token?' }));
    expect(stream.headers.get('content-type')).toContain('text/event-stream');
    expect(stream.headers.get('x-ask-feedback')).toBe('/api/ask/feedback');
    await stream.body?.cancel();
    // an error answer says nothing of feedback
    expect((await handler(ask({ mode: 'keyword' }))).headers.get('x-ask-feedback')).toBeNull();
    // nor does any other route
    expect((await handler(new Request('http://local/api/ask'))).headers.get('x-ask-feedback')).toBeNull();
  });

  it('follows the endpoint option', async () => {
    const entries: AskLogEntry[] = [];
    const handler = handlerWith(entries, { endpoint: '/docs/search' });
    expect((await handler(ask({ query: 'otp', mode: 'keyword' }, '/docs/search'))).headers.get('x-ask-feedback')).toBe('/docs/search/feedback');
    expect((await handler(post({ event: 'rating', query: 'otp', helpful: true }, {}, '/docs/search/feedback'))).status).toBe(204);
    expect(entries.map((entry) => entry.feedback)).toEqual([undefined, 'helpful']);
  });

  it('is never sent with the log off, and the route answers what any unknown route under the tree answers', async () => {
    const handler = handlerWith(null, { processEnv: withKey });
    expect((await handler(ask({ query: 'session token', mode: 'keyword' }))).headers.get('x-ask-feedback')).toBeNull();
    const stream = await handler(ask({ query: 'how do I revoke a token?' }));
    expect(stream.headers.get('x-ask-feedback')).toBeNull();
    await stream.body?.cancel();
    for (const method of ['POST', 'GET', 'PUT']) {
      const init = method === 'POST' ? { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(open('otp', '/guide', 1)) } : { method };
      const feedback = await handler(new Request('http://local/api/ask/feedback', init));
      const unknown = await handler(new Request('http://local/api/ask/nothing-here', init));
      expect([feedback.status, await feedback.json()], method).toEqual([unknown.status, await unknown.json()]);
      expect(feedback.status, method).toBe(404);
      expect(feedback.headers.get('allow')).toBeNull();
    }
  });

  it('lists the route among the handler routes either way', () => {
    for (const handler of [handlerWith(null), handlerWith([])]) expect(handler.routes).toContainEqual({ method: 'POST', path: '/api/ask/feedback' });
  });
});

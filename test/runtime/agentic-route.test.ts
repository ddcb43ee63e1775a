import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createNodeAskHandler, serveFetch, type RunningServer } from '../../pipeline/adapters/node.ts';
import { startFakeAnthropic } from '../support/fake-anthropic.ts';
import type { FakeModelServer } from '../support/fake-model-server.ts';
import { FAKE_KEY } from '../support/fake-providers.ts';
import { build } from '../support/digest-tree.ts';
import { tempFolder } from '../support/temp-folder.ts';
import { answerText, readFrames } from './agentic/helpers.ts';

const SITE = path.join(import.meta.dirname, '..', 'fixtures', 'site');
let fake: FakeModelServer;
let server: RunningServer;
const logs: string[] = [];
let cleanup: () => Promise<void> = async () => {};

beforeAll(async () => {
  const folder = await tempFolder();
  await build(SITE, path.join(folder.dir, 'digest'));
  fake = await startFakeAnthropic();
  const handler = createNodeAskHandler({
    digestDir: path.join(folder.dir, 'digest'),
    processEnv: { ANTHROPIC_API_KEY: FAKE_KEY, ANTHROPIC_BASE_URL: fake.url, ASK_MODEL: 'loop-model' },
    log: (line) => logs.push(line),
  });
  server = await serveFetch((request) => handler(request), '127.0.0.1', 0);
  cleanup = async () => {
    await server.close();
    await fake.close();
    await folder.cleanup();
  };
});
afterAll(() => cleanup());
beforeEach(() => {
  fake.requests.length = 0;
});

const ask = (body: unknown) => fetch(`${server.url}/api/ask`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('POST {ask_base} rule 4 on a real Node server, with a key, through the real Anthropic SDK', () => {
  it('streams search, sources (once, before any token), tokens and done when mode is omitted', async () => {
    fake.script(
      { toolCalls: [{ name: 'search', args: { query: 'revoke token' } }] },
      { text: 'READY' },
      { text: ['Run `svc tokens rm NAME` ', '(see [Revoke a token](/guide/tokens#revoke-a-token) ', 'and [elsewhere](https://evil.example/x)).'] },
    );
    const response = await ask({ query: 'how do I revoke a session token' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    if (!response.body) throw new Error('no body');
    const { frames, raw } = await readFrames(response.body);
    const events = frames.map((frame) => frame.event);
    expect(events.filter((event) => event === 'sources')).toHaveLength(1);
    expect(events.indexOf('sources')).toBeLessThan(events.indexOf('token'));
    expect(events.at(-1)).toBe('done');
    expect(frames.filter((frame) => frame.event === 'search').map((frame) => frame.data.query)).toContain('revoke token');
    const sources = frames.find((frame) => frame.event === 'sources')?.data;
    expect(sources?.mode).toBe('agentic');
    expect(sources?.model).toBe('loop-model');
    const urls = (sources?.sources as { url: string }[]).map((source) => source.url);
    expect(urls).toContain('/guide/tokens#revoke-a-token');
    const text = answerText(frames);
    expect(text).toContain('[Revoke a token](/guide/tokens#revoke-a-token)');
    expect(text).not.toContain('https://evil.example/x');
    expect(raw).not.toContain(FAKE_KEY);
    expect(logs.join('\n')).not.toContain(FAKE_KEY);
  });

  it('keyword mode still answers JSON with a key configured', async () => {
    const body = (await (await ask({ query: 'revoke token', mode: 'keyword' })).json()) as { mode: string };
    expect(body.mode).toBe('keyword');
    expect(fake.requests).toHaveLength(0);
  });

  it('ends with an error frame, and no key in it, when the model fails after the stream began', async () => {
    fake.script({ status: 401, errorMessage: 'invalid x-api-key' });
    fake.otherwise({ status: 401, errorMessage: 'invalid x-api-key' });
    const response = await ask({ query: 'revoke token', mode: 'agentic' });
    expect(response.status).toBe(200);
    if (!response.body) throw new Error('no body');
    const { frames, raw } = await readFrames(response.body);
    expect(frames.at(-1)?.event).toBe('error');
    expect(typeof frames.at(-1)?.data.error).toBe('string');
    expect(raw).not.toContain(FAKE_KEY);
  });
});

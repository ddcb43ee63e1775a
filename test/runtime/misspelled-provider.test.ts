/**
 * A host that mounts the handler sees its environment only per request: a misspelled
 * ASK_PROVIDER must not take keyword search and the read routes down with it. Agentic requests
 * get keyword results and a warning (as with no key), no provider is called (not even the
 * default one, whose key is set here), and the log says once which provider it could not use.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeAskHandler, serveFetch, type RunningServer } from '../../pipeline/adapters/node.ts';
import { startFakeAnthropic } from '../support/fake-anthropic.ts';
import type { FakeModelServer } from '../support/fake-model-server.ts';
import { FAKE_KEY } from '../support/fake-providers.ts';
import { build } from '../support/digest-tree.ts';
import { tempFolder } from '../support/temp-folder.ts';

const SITE = path.join(import.meta.dirname, '..', 'fixtures', 'site');
const LOG_LINE = "ask: ASK_PROVIDER 'antropic' is not a provider (anthropic, openai, gemini); answering with keyword results only";
let fake: FakeModelServer;
let server: RunningServer;
let digestDir: string;
const logs: string[] = [];
let cleanup: () => Promise<void> = async () => {};

beforeAll(async () => {
  const folder = await tempFolder();
  digestDir = path.join(folder.dir, 'digest');
  await build(SITE, digestDir);
  fake = await startFakeAnthropic();
  const handler = createNodeAskHandler({
    digestDir,
    processEnv: { ASK_PROVIDER: 'antropic', ANTHROPIC_API_KEY: FAKE_KEY, ANTHROPIC_BASE_URL: fake.url },
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

const ask = (body: unknown) => fetch(`${server.url}/api/ask`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

interface KeywordBody {
  results: { url: string }[];
  mode: string;
  model: string;
  warning?: string;
}

describe('a handler whose ASK_PROVIDER names no provider, on a real Node server', () => {
  it('answers keyword search with results', async () => {
    const response = await ask({ query: 'revoke token', mode: 'keyword' });
    expect(response.status).toBe(200);
    const body = (await response.json()) as KeywordBody;
    expect(body.mode).toBe('keyword');
    expect(body.results.length).toBeGreaterThan(0);
    expect(body.warning).toBeUndefined();
  });

  it('answers an omitted mode with keyword results and no warning, as with no key', async () => {
    const response = await ask({ query: 'revoke token' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const body = (await response.json()) as KeywordBody;
    expect(body.mode).toBe('keyword');
    expect(body.results.length).toBeGreaterThan(0);
    expect(body.warning).toBeUndefined();
  });

  it('answers agentic with keyword results and the warning, calling no provider', async () => {
    const response = await ask({ query: 'revoke token', mode: 'agentic' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const body = (await response.json()) as KeywordBody;
    expect(body.mode).toBe('keyword');
    expect(body.results.length).toBeGreaterThan(0);
    expect(body.warning).toMatch(/^Agentic answers need a provider the server knows .*; answered in keyword mode\.$/);
    // the server's setting is not echoed to the client
    expect(body.warning).not.toContain('antropic');
    expect(JSON.stringify(body)).not.toContain(FAKE_KEY);
    expect(fake.requests).toHaveLength(0);
  });

  it('serves the suggestions and every read route', async () => {
    const suggestions = await fetch(`${server.url}/api/ask`);
    expect(suggestions.status).toBe(200);
    expect(((await suggestions.json()) as { model: string }).model).toEqual(expect.any(String));
    for (const route of ['/api/ask/glossary', '/api/ask/sections', '/api/ask/overview', '/api/ask/archive', '/llms.txt', '/openapi.yaml']) {
      const response = await fetch(`${server.url}${route}`);
      expect(response.status, route).toBe(200);
      await response.arrayBuffer();
    }
  });

  it('said which provider it could not use in exactly one log line', () => {
    expect(logs.filter((line) => line.includes('antropic'))).toEqual([LOG_LINE]);
    expect(logs.join('\n')).not.toContain(FAKE_KEY);
  });
});

describe('a handler given a misspelled provider per request (a worker or Astro runtime env)', () => {
  it('answers keyword and agentic requests with keyword results, and logs each name once', async () => {
    const lines: string[] = [];
    const handler = createNodeAskHandler({ digestDir, processEnv: {}, log: (line) => lines.push(line) });
    const post = (query: string, mode: string, env: Record<string, string>) =>
      handler(new Request('http://local/api/ask', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query, mode }) }), { env });
    for (let round = 0; round < 3; round += 1) {
      const keyword = await post('passcode', 'keyword', { ASK_PROVIDER: 'mistral' });
      expect(keyword.status).toBe(200);
      const agentic = await post('passcode', 'agentic', { ASK_PROVIDER: 'Mistral', GEMINI_API_KEY: FAKE_KEY });
      expect(agentic.status).toBe(200);
      expect(((await agentic.json()) as KeywordBody).warning).toEqual(expect.any(String));
    }
    expect(lines).toEqual(["ask: ASK_PROVIDER 'mistral' is not a provider (anthropic, openai, gemini); answering with keyword results only"]);
  });
});

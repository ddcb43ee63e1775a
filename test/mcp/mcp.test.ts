import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createNodeAskHandler, serveFetch, type RunningServer } from '../../pipeline/adapters/node.ts';
import { startFakeAnthropic } from '../support/fake-anthropic.ts';
import type { FakeModelServer } from '../support/fake-model-server.ts';
import { FAKE_KEY } from '../support/fake-providers.ts';
import { tempFolder } from '../support/temp-folder.ts';
import { buildStampedDigest, connectMcp, expectedStamp, jsonOf, nodeOf, textOf, textsOf } from './helpers.ts';

let root = '';
let digestDir = '';
let contentHash = '';
let server: RunningServer;
let fake: FakeModelServer;
let local: Client;
const archiveRequests: string[] = [];
let cleanup: () => Promise<void> = async () => {};

beforeAll(async () => {
  const folder = await tempFolder();
  root = folder.dir;
  digestDir = path.join(root, 'digest');
  contentHash = await buildStampedDigest(digestDir);
  const handler = createNodeAskHandler({ digestDir, processEnv: {}, log: () => {} });
  server = await serveFetch(async (request) => {
    if (new URL(request.url).pathname.endsWith('/archive')) archiveRequests.push(request.method);
    return handler(request);
  }, '127.0.0.1', 0);
  fake = await startFakeAnthropic();
  local = await connectMcp(root, ['--digest', 'digest']);
  cleanup = async () => {
    await local.close();
    await server.close();
    await fake.close();
    await folder.cleanup();
  };
});
afterAll(() => cleanup());

describe('the server names the site it answers for', () => {
  it("is titled with the digest's site name, and its instructions say what the docs are about and how to use the tools", async () => {
    const { version } = JSON.parse(await readFile(path.join(import.meta.dirname, '..', '..', 'package.json'), 'utf8')) as { version: string };
    // the server's own version is the package's, not the API's (3.0.0)
    expect(local.getServerVersion()).toEqual({ name: 'ask', version, title: 'Svc docs' });
    const instructions = local.getInstructions() ?? '';
    expect(instructions).toMatch(/^These tools search and read the documentation of Svc docs: Sign in to svc and keep its tokens safe\. /);
    expect(instructions).toContain('`search`');
  });
});

interface SearchBody {
  results: { id: string | null; url: string; title: string }[];
}
interface SectionBody {
  id: string;
  summary: string;
  facts: { kind: string; literal: string }[];
  text: string;
  used?: number;
  omitted?: { summary: number; facts: number; text: number };
  note?: string;
}
interface BudgetedList {
  sections: { id: string; summary: string; text?: string }[];
  budget: number;
  used: number;
  omitted: { summaries: number; facts: number; text: number };
  note: string;
}

describe('ask mcp --digest: the tools', () => {
  it('offers the read tools, and no ask tool without a provider key', async () => {
    const { tools } = await local.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(['glossary', 'overview', 'search', 'section', 'sections']);
  });

  it('gives each search result the id of its section, which the section tool opens with its real text, summary and facts', async () => {
    const search = jsonOf<SearchBody>(await local.callTool({ name: 'search', arguments: { query: 'revoke token' } }));
    const [first] = search.results;
    expect(first?.url).toBe('/guide/tokens#revoke-a-token');
    expect(first?.id).toBe('guide/tokens#revoke-a-token');
    for (const result of search.results) expect(result.id).not.toBeNull();

    const node = await nodeOf(digestDir, 'guide/tokens#revoke-a-token');
    const section = jsonOf<SectionBody>(await local.callTool({ name: 'section', arguments: { id: first?.id ?? '' } }));
    expect(section.text).toBe(node.markdown);
    expect(section.text).toContain('Run `svc tokens rm NAME`.');
    expect(section.summary).toBe(node.summary);
    expect(section.facts).toEqual(node.facts.map((fact) => ({ kind: fact.kind, literal: fact.literal })));
  });

  it('fits a section into a budget: summary, then facts, then the text cut, saying what was left out', async () => {
    const id = 'guide/tokens#send-the-header';
    const node = await nodeOf(digestDir, id);
    const whole = jsonOf<SectionBody>(await local.callTool({ name: 'section', arguments: { id, budget: 10_000 } }));
    expect(whole.text).toBe(node.markdown);
    expect(whole.note).toBe('Everything fit.');

    const budget = (whole.used ?? 0) - 8;
    const cut = jsonOf<SectionBody>(await local.callTool({ name: 'section', arguments: { id, budget } }));
    expect(cut.summary).toBe(node.summary);
    expect(cut.facts).toHaveLength(node.facts.length);
    expect(node.markdown.startsWith(cut.text)).toBe(true);
    expect(cut.text.length).toBeLessThan(node.markdown.length);
    expect(cut.used).toBeLessThanOrEqual(budget);
    expect(cut.omitted?.text).toBeGreaterThan(0);
    expect(cut.note).toMatch(/left out: the end of the text/);
  });

  it('refuses a budget that is not a positive whole number', async () => {
    const refused = await local.callTool({ name: 'section', arguments: { id: 'guide/tokens', budget: 0 } });
    expect(refused.isError).toBe(true);
  });

  it("declares the routes' maximum budget in every tool's schema and refuses a larger one", async () => {
    const { tools } = await local.listTools();
    const budgets = tools.filter((tool) => 'budget' in (tool.inputSchema.properties ?? {})).map((tool) => (tool.inputSchema.properties as Record<string, { maximum?: number }>)['budget']?.maximum);
    expect(budgets.length).toBeGreaterThanOrEqual(3);
    expect(new Set(budgets)).toEqual(new Set([200_000]));
    const refused = await local.callTool({ name: 'search', arguments: { query: 'token', budget: Number.MAX_SAFE_INTEGER } });
    expect(refused.isError).toBe(true);
  });

  it('with a budget, search answers the most relevant sections that fit, with ids, what it used and what it left out', async () => {
    const body = jsonOf<BudgetedList>(await local.callTool({ name: 'search', arguments: { query: 'revoke token', budget: 60 } }));
    expect(body.budget).toBe(60);
    expect(body.used).toBeLessThanOrEqual(60);
    expect(body.sections[0]?.id).toBe('guide/tokens#revoke-a-token');
    expect(body.omitted.text).toBeGreaterThan(0);
    expect(body.note).toContain('left out');

    const all = jsonOf<BudgetedList>(await local.callTool({ name: 'sections', arguments: { budget: 100_000 } }));
    expect(all.note).toBe('Everything fit.');
    expect(all.sections.find((section) => section.id === 'guide/tokens#revoke-a-token')?.text).toBe((await nodeOf(digestDir, 'guide/tokens#revoke-a-token')).markdown);
  });

  it('answers an unknown section as an error result', async () => {
    const missing = await local.callTool({ name: 'section', arguments: { id: 'nope' } });
    expect(missing.isError).toBe(true);
    expect(textOf(missing)).toBe('Not found.');
  });

  it('stamps every tool result, errors included, with the content hash and build commit: last line and _meta', async () => {
    const stamp = expectedStamp(contentHash);
    const calls = [
      { name: 'search', arguments: { query: 'revoke token' } },
      { name: 'search', arguments: { query: 'revoke token', budget: 50 } },
      { name: 'section', arguments: { id: 'guide/tokens' } },
      { name: 'section', arguments: { id: 'nope' } },
      { name: 'sections', arguments: {} },
      { name: 'glossary', arguments: { term: 'OTP' } },
      { name: 'overview', arguments: {} },
    ];
    for (const call of calls) {
      const result = await local.callTool(call);
      expect(textsOf(result).at(-1), call.name).toBe(stamp.line);
      expect(result._meta, call.name).toEqual(stamp.meta);
    }
  });
});

describe('ask mcp --digest: pages as resources', () => {
  it('lists every page as ask://pages/<slug> through the template', async () => {
    const { resources } = await local.listResources();
    expect(resources.map((resource) => resource.uri).sort()).toEqual(['ask://pages/guide/passcodes', 'ask://pages/guide/tokens', 'ask://pages/reference/flags']);
    expect(resources.find((resource) => resource.uri === 'ask://pages/guide/tokens')).toMatchObject({ title: 'Session tokens', mimeType: 'text/markdown' });
    const { resourceTemplates } = await local.listResourceTemplates();
    expect(resourceTemplates.map((template) => template.uriTemplate)).toEqual(['ask://pages/{+slug}']);
  });

  it("reads a page as the build's Markdown of it, stamped in _meta", async () => {
    const read = await local.readResource({ uri: 'ask://pages/guide/tokens' });
    const [content] = read.contents;
    expect(content?.mimeType).toBe('text/markdown');
    expect(content && 'text' in content ? content.text : '').toBe(await readFile(path.join(digestDir, 'pages', 'guide', 'tokens.md'), 'utf8'));
    expect(content?._meta).toEqual(expectedStamp(contentHash).meta);
    expect(read._meta).toEqual(expectedStamp(contentHash).meta);
  });

  it('refuses a page that is not one of the digest, a climb out included', async () => {
    await expect(local.readResource({ uri: 'ask://pages/guide/nope' })).rejects.toThrow(/not found/);
    await expect(local.readResource({ uri: 'ask://pages/guide/..%2F..%2Fmanifest' })).rejects.toThrow(/not found/);
  });
});

describe('ask mcp with a provider key: the ask tool', () => {
  const withKey = () => ({ ANTHROPIC_API_KEY: FAKE_KEY, ANTHROPIC_BASE_URL: fake.url, ASK_MODEL: 'loop-model' });
  beforeEach(() => {
    fake.requests.length = 0;
  });

  it('answers through the agentic loop, with the sources and their section ids, stamped', async () => {
    fake.script(
      { toolCalls: [{ name: 'search', args: { query: 'revoke token' } }] },
      { text: 'READY' },
      { text: ['Run `svc tokens rm NAME` ', '(see [Revoke a token](/guide/tokens#revoke-a-token)).'] },
    );
    const client = await connectMcp(root, ['--digest', 'digest'], withKey());
    try {
      expect((await client.listTools()).tools.map((tool) => tool.name)).toContain('ask');
      const result = await client.callTool({ name: 'ask', arguments: { question: 'how do I revoke a session token' } });
      expect(result.isError).toBeFalsy();
      const answer = textOf(result);
      expect(answer).toContain('Run `svc tokens rm NAME` (see [Revoke a token](/guide/tokens#revoke-a-token)).');
      expect(answer).toMatch(/\n\nSources:\n/);
      expect(answer).toContain('(/guide/tokens#revoke-a-token) (section id: guide/tokens#revoke-a-token)');
      expect(textsOf(result).at(-1)).toBe(expectedStamp(contentHash).line);
      expect(result._meta).toEqual(expectedStamp(contentHash).meta);
      expect(JSON.stringify(result)).not.toContain(FAKE_KEY);
      expect(fake.requests.length).toBeGreaterThan(0);
    } finally {
      await client.close();
    }
  });

  it('says the answer failed when the provider refuses, without the key', async () => {
    fake.otherwise({ status: 401, errorMessage: 'invalid x-api-key' });
    const client = await connectMcp(root, ['--digest', 'digest'], withKey());
    try {
      const result = await client.callTool({ name: 'ask', arguments: { question: 'how do I revoke a session token' } });
      expect(result.isError).toBe(true);
      expect(textOf(result)).toMatch(/^The answer failed: /);
      expect(JSON.stringify(result)).not.toContain(FAKE_KEY);
    } finally {
      await client.close();
    }
  });
});

describe('ask mcp --endpoint', () => {
  it('mirrors the archive once, then only sends a HEAD while the content hash matches', async () => {
    archiveRequests.length = 0;
    const endpoint = `${server.url}/api/ask`;
    const first = await connectMcp(root, ['--endpoint', endpoint, '--cache', 'mirror']);
    const node = jsonOf<{ id: string; text: string }>(await first.callTool({ name: 'section', arguments: { id: 'guide/tokens#send-the-header' } }));
    expect(node.id).toBe('guide/tokens#send-the-header');
    await first.close();
    expect(archiveRequests).toEqual(['HEAD', 'GET']);

    archiveRequests.length = 0;
    const second = await connectMcp(root, ['--endpoint', endpoint, '--cache', 'mirror']);
    expect((await second.listTools()).tools).toHaveLength(5);
    await second.close();
    expect(archiveRequests).toEqual(['HEAD']);
  });
});

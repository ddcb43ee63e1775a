import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeAskHandler, serveFetch, type RunningServer } from '../../pipeline/adapters/node.ts';
import { build } from '../support/digest-tree.ts';
import { tempFolder } from '../support/temp-folder.ts';

const SITE = path.join(import.meta.dirname, '..', 'fixtures', 'site');
const ASK_BIN = path.join(import.meta.dirname, '..', '..', 'scripts', 'ask.js');
let root = '';
let server: RunningServer;
const archiveRequests: string[] = [];
let cleanup: () => Promise<void> = async () => {};

beforeAll(async () => {
  const folder = await tempFolder();
  root = folder.dir;
  await build(SITE, path.join(root, 'digest'));
  const handler = createNodeAskHandler({ digestDir: path.join(root, 'digest'), processEnv: {}, log: () => {} });
  server = await serveFetch(async (request) => {
    if (new URL(request.url).pathname.endsWith('/archive')) archiveRequests.push(request.method);
    return handler(request);
  }, '127.0.0.1', 0);
  cleanup = async () => {
    await server.close();
    await folder.cleanup();
  };
});
afterAll(() => cleanup());

async function connect(args: string[]): Promise<Client> {
  const transport = new StdioClientTransport({ command: process.execPath, args: [ASK_BIN, 'mcp', ...args], cwd: root, stderr: 'ignore' });
  const client = new Client({ name: 'test', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

function text(result: Awaited<ReturnType<Client['callTool']>>): string {
  const [first] = result.content as { type: string; text: string }[];
  return first?.text ?? '';
}

describe('ask mcp', () => {
  it('offers one tool per read route and answers them from a local digest', async () => {
    const client = await connect(['--digest', 'digest']);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(['glossary', 'overview', 'search', 'section', 'sections']);
    const search = JSON.parse(text(await client.callTool({ name: 'search', arguments: { query: 'revoke token' } }))) as { results: { url: string }[] };
    expect(search.results[0]?.url).toBe('/guide/tokens#revoke-a-token');
    const entry = JSON.parse(text(await client.callTool({ name: 'glossary', arguments: { term: 'OTP' } }))) as { term: string };
    expect(entry.term).toBe('one-time passcode');
    const missing = await client.callTool({ name: 'section', arguments: { id: 'nope' } });
    expect(missing.isError).toBe(true);
    expect(text(missing)).toBe('Not found.');
    await client.close();
  });

  it('with --endpoint mirrors the archive once, then only sends a HEAD while the content hash matches', async () => {
    archiveRequests.length = 0;
    const endpoint = `${server.url}/api/ask`;
    const first = await connect(['--endpoint', endpoint, '--cache', 'mirror']);
    const node = JSON.parse(text(await first.callTool({ name: 'section', arguments: { id: 'guide/tokens#send-the-header' } }))) as { heading: string };
    expect(node.heading).toBe('Send the header');
    await first.close();
    expect(archiveRequests).toEqual(['HEAD', 'GET']);

    archiveRequests.length = 0;
    const second = await connect(['--endpoint', endpoint, '--cache', 'mirror']);
    expect((await second.listTools()).tools).toHaveLength(5);
    await second.close();
    expect(archiveRequests).toEqual(['HEAD']);
  });
});

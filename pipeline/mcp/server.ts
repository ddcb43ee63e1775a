import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { AskClient } from '../client/ask-client.ts';

type ToolResult = { content: { type: 'text'; text: string }[]; isError?: boolean };

async function answer(client: AskClient, route: string, init?: RequestInit): Promise<ToolResult> {
  const response = await client.request(route, init);
  const text = await response.text();
  if (!response.ok) {
    let message = text;
    try {
      const body: unknown = JSON.parse(text);
      if (typeof body === 'object' && body !== null && 'error' in body && typeof body.error === 'string') message = body.error;
    } catch {
      // not JSON: keep the text
    }
    return { content: [{ type: 'text', text: message }], isError: true };
  }
  return { content: [{ type: 'text', text }] };
}

/**
 * The MCP server of a digest: one tool per read route, answering through the same handler the
 * HTTP routes use (local digest, or a mirror of a remote one). No tool calls a model.
 */
export function createAskMcpServer(client: AskClient, version: string): McpServer {
  const server = new McpServer({ name: 'ask', version });
  server.registerTool(
    'search',
    {
      description: 'Keyword search over the documentation: ranked sections with title, heading, url and a snippet.',
      inputSchema: { query: z.string().min(1).describe('What to look for, as a user would type it') },
    },
    ({ query }) => answer(client, '', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query, mode: 'keyword' }) }),
  );
  server.registerTool(
    'glossary',
    { description: 'Glossary of the documentation; with a term (or alias), that one entry.', inputSchema: { term: z.string().optional() } },
    ({ term }) => answer(client, term === undefined || term === '' ? '/glossary' : `/glossary/${encodeURIComponent(term)}`),
  );
  server.registerTool(
    'sections',
    { description: 'Section ids, titles and urls, optionally of one group.', inputSchema: { group: z.string().optional() } },
    ({ group }) => answer(client, group === undefined ? '/sections' : `/sections?group=${encodeURIComponent(group)}`),
  );
  server.registerTool(
    'section',
    { description: 'One section by id: summary, verbatim facts, terms and sources.', inputSchema: { id: z.string().min(1).describe('e.g. guide/install#download') } },
    ({ id }) => answer(client, `/sections/${encodeURIComponent(id)}`),
  );
  server.registerTool(
    'overview',
    { description: 'The grouped table of contents and an orientation text for the whole documentation.', inputSchema: {} },
    () => answer(client, '/overview'),
  );
  return server;
}

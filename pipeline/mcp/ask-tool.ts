import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { AskClient } from '../client/ask-client.ts';
import { readAgenticAnswer, type AgenticAnswer } from '../client/answer-stream.ts';
import { loopConfig } from '../runtime/provider-config.ts';
import { freshnessOf, type Freshness } from './freshness.ts';
import type { SectionDirectory } from './section-directory.ts';
import { stampedResult } from './tool-result.ts';

/**
 * True when the handler would answer agentically in this environment: the same lookup as the
 * handler's (provider from ASK_PROVIDER, its `<PROVIDER>_API_KEY`). An unknown provider is no key.
 */
export function hasProviderKey(processEnv: Readonly<Record<string, string | undefined>>): boolean {
  try {
    return loopConfig({ processEnv }, {}).apiKey !== undefined;
  } catch {
    return false;
  }
}

/** The answer, then its sources as a Markdown list (title, heading, url and the section id `section` opens). */
function answerWithSources(answer: AgenticAnswer, directory: SectionDirectory): string {
  if (answer.sources.length === 0) return `${answer.text}\n\nSources: none.`;
  const lines = answer.sources.map((source) => {
    const name = [source.title, source.heading].filter((part) => part !== undefined && part !== '').join(' › ') || source.url;
    const id = directory.idOfUrl(source.url);
    return `- [${name}](${source.url})${id === undefined ? '' : ` (section id: ${id})`}`;
  });
  return `${answer.text}\n\nSources:\n${lines.join('\n')}`;
}

/** The error of an answer that did not come as a stream: the `warning` of keyword JSON, else the Error body's message. */
function notAStream(text: string, status: number): string {
  try {
    const body: unknown = JSON.parse(text);
    if (typeof body === 'object' && body !== null) {
      if ('warning' in body && typeof body.warning === 'string') return body.warning;
      if ('error' in body && typeof body.error === 'string') return body.error;
    }
  } catch {
    // not JSON: fall through
  }
  return `the ask tree answered ${status} without an answer stream`;
}

async function askResult(
  client: AskClient,
  directory: (seen?: Freshness) => Promise<SectionDirectory>,
  question: string,
  signal: AbortSignal,
): Promise<CallToolResult> {
  const response = await client.request('', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
    body: JSON.stringify({ query: question, mode: 'agentic' }),
    signal,
  });
  const freshness = await freshnessOf(response, client);
  const streamed = (response.headers.get('content-type') ?? '').startsWith('text/event-stream');
  if (!response.ok || !streamed || response.body === null) return stampedResult(notAStream(await response.text(), response.status), freshness, true);
  const answer = await readAgenticAnswer(response.body);
  if (answer.error !== null) return stampedResult(`The answer failed: ${answer.error}`, freshness, true);
  return stampedResult(answerWithSources(answer, await directory(freshness)), freshness);
}

/** The `ask` tool: a grounded answer from the documentation by the agentic loop, with its sources. Register it only with a provider key. */
export function registerAskTool(server: McpServer, client: AskClient, directory: (seen?: Freshness) => Promise<SectionDirectory>): void {
  server.registerTool(
    'ask',
    {
      description:
        'Ask a question in plain words: a model searches the documentation, reads the sections it needs and answers in Markdown, ' +
        'grounded in the sources listed after the answer (with their section ids). Slower than search; use search and section for lookups.',
      inputSchema: { question: z.string().trim().min(1).describe('The question, as a user would ask it') },
    },
    ({ question }, extra) => askResult(client, directory, question, extra.signal),
  );
}

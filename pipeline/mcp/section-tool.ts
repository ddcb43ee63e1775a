import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { AskClient } from '../client/ask-client.ts';
import { DigestNodeSchema } from '../format/digest-json.ts';
import type { DigestNode } from '../types.ts';
import { budgetParameter } from './budget-parameter.ts';
import { fitSection, type SectionParts } from './section-budget.ts';
import { callRoute, stampedResult } from './tool-result.ts';

/** The whole section as the `section` tool gives it without a budget: identity, summary, facts and the real text. */
function wholeSection(node: DigestNode): SectionParts {
  return {
    id: node.id,
    title: node.title,
    heading: node.heading,
    group: node.group,
    url: node.url,
    terms: node.terms,
    summary: node.summary,
    facts: node.facts.map((fact) => ({ kind: fact.kind, literal: fact.literal })),
    text: node.markdown,
  };
}

async function sectionResult(client: AskClient, id: string, budget: number | undefined): Promise<CallToolResult> {
  const answer = await callRoute(client, `/sections/${encodeURIComponent(id)}`);
  if (!answer.ok) return stampedResult(answer.message, answer.freshness, true);
  const node = DigestNodeSchema.safeParse(JSON.parse(answer.text));
  if (!node.success) return stampedResult(`The section node of '${id}' is not in this version's format; rebuild the digest with 'ask digest build'.`, answer.freshness, true);
  const body = budget === undefined ? wholeSection(node.data) : fitSection(node.data, budget);
  return stampedResult(JSON.stringify(body), answer.freshness);
}

/** The `section` tool: one section by id with its summary, verbatim facts and real Markdown text, optionally within a token budget. */
export function registerSectionTool(server: McpServer, client: AskClient): void {
  server.registerTool(
    'section',
    {
      description:
        'One section by id (the ids come from search and sections): its summary, verbatim facts, and its real text as Markdown (`text`). ' +
        'With a budget: the summary first, then facts, then the text cut to fit, and a note saying what was left out.',
      inputSchema: { id: z.string().min(1).describe('e.g. guide/install#download'), budget: budgetParameter },
    },
    ({ id, budget }) => sectionResult(client, id, budget),
  );
}

import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { AskClient } from '../client/ask-client.ts';
import { budgetParameter } from './budget-parameter.ts';
import { callRoute, routeResult } from './tool-result.ts';

/** `/sections` with its optional group and budget as query parameters. */
function sectionsRoute(group: string | undefined, budget: number | undefined): string {
  const params = new URLSearchParams();
  if (group !== undefined) params.set('group', group);
  if (budget !== undefined) params.set('budget', String(budget));
  const query = params.toString();
  return query === '' ? '/sections' : `/sections?${query}`;
}

/** The tools that hand a read route's answer on as it is: `glossary`, `sections` and `overview`. */
export function registerReadTools(server: McpServer, client: AskClient): void {
  server.registerTool(
    'glossary',
    { description: 'Glossary of the documentation; with a term (or alias), that one entry.', inputSchema: { term: z.string().optional() } },
    async ({ term }) => routeResult(await callRoute(client, term === undefined || term === '' ? '/glossary' : `/glossary/${encodeURIComponent(term)}`)),
  );
  server.registerTool(
    'sections',
    {
      description:
        'Section ids, titles and urls in reading order, optionally of one group. With a budget (tokens): as many sections as fit, ' +
        'summaries first, then facts, then text, and a note saying what was left out.',
      inputSchema: { group: z.string().optional(), budget: budgetParameter },
    },
    async ({ group, budget }) => routeResult(await callRoute(client, sectionsRoute(group, budget))),
  );
  server.registerTool(
    'overview',
    { description: 'The grouped table of contents and an orientation text for the whole documentation.', inputSchema: {} },
    async () => routeResult(await callRoute(client, '/overview')),
  );
}

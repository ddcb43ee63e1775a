import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { AskClient } from '../client/ask-client.ts';
import type { SectionDirectory } from './section-directory.ts';
import type { Freshness } from './freshness.ts';
import { budgetParameter } from './budget-parameter.ts';
import { callRoute, routeResult, stampedResult } from './tool-result.ts';

const keywordAnswerSchema = z.object({
  query: z.string(),
  results: z.array(
    z.object({ title: z.string(), heading: z.string().optional(), url: z.string(), group: z.string().optional(), snippet: z.string() }),
  ),
});

/** A keyword result with the id of its section, so `section` can open it (null when no section has its url). */
type SearchHit = z.infer<typeof keywordAnswerSchema>['results'][number] & { readonly id: string | null };

/** The keyword results with their section ids, found by url in the section list. */
function withSectionIds(results: z.infer<typeof keywordAnswerSchema>['results'], directory: SectionDirectory): SearchHit[] {
  return results.map((result) => ({ id: directory.idOfUrl(result.url) ?? null, ...result }));
}

async function searchResult(
  client: AskClient,
  directory: (seen?: Freshness) => Promise<SectionDirectory>,
  query: string,
  budget: number | undefined,
): Promise<CallToolResult> {
  if (budget !== undefined) {
    // the route fills the budget in relevance order itself: summaries, then facts, then text
    return routeResult(await callRoute(client, `/sections?${new URLSearchParams({ budget: String(budget), q: query }).toString()}`));
  }
  const answer = await callRoute(client, '', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query, mode: 'keyword' }),
  });
  if (!answer.ok) return routeResult(answer);
  const body = keywordAnswerSchema.parse(JSON.parse(answer.text));
  const results = withSectionIds(body.results, await directory(answer.freshness));
  return stampedResult(JSON.stringify({ query: body.query, results }), answer.freshness);
}

/** The `search` tool: the keyword scorer's ranked sections, each with the id `section` opens; with a budget, the budgeted section list. */
export function registerSearchTool(server: McpServer, client: AskClient, directory: (seen?: Freshness) => Promise<SectionDirectory>): void {
  server.registerTool(
    'search',
    {
      description:
        'Keyword search over the documentation: ranked sections with id, title, heading, url and a snippet; open one with the section tool. ' +
        'With a budget (tokens): the most relevant sections that fit, summaries first, then facts, then text, and a note saying what was left out.',
      inputSchema: { query: z.string().min(1).describe('What to look for, as a user would type it'), budget: budgetParameter },
    },
    ({ query, budget }) => searchResult(client, directory, query, budget),
  );
}

/**
 * The name and description of the site an MCP server answers for, as its `llms.txt` states them
 * (llmstxt.org: the `#` title and the `>` line, which the digest build writes from the site's
 * config or home page): the server's title and the head of its instructions.
 */
import type { AskClient } from '../client/ask-client.ts';

export interface McpSiteIdentity {
  readonly name: string;
  readonly description: string | null;
}

/** Markdown backslash escapes of punctuation undone (`\[` as `[`). */
function unescaped(text: string): string {
  return text.replace(/\\([!-/:-@[-`{-~])/g, '$1').trim();
}

/** The `# <name>` and `> <description>` lines at the head of an llms.txt text; null without a title. */
function identityOfLlmsText(text: string): McpSiteIdentity | null {
  const lines = text.split('\n');
  const title = lines.findIndex((line) => line.startsWith('# '));
  if (title === -1) return null;
  const quote = lines.slice(title + 1).find((line) => line.trim() !== '');
  return { name: unescaped(lines[title]?.slice(2) ?? ''), description: quote?.startsWith('> ') ? unescaped(quote.slice(2)) : null };
}

/** The site's identity through the client (its `llms.txt`), null when the digest has none or it cannot be read. */
export async function readSiteIdentity(client: AskClient): Promise<McpSiteIdentity | null> {
  try {
    const response = await client.request('/llms.txt');
    return response.ok ? identityOfLlmsText(await response.text()) : null;
  } catch {
    return null;
  }
}

/** The server's instructions: what the docs are, then how its tools are meant to be used. */
export function mcpInstructions(identity: McpSiteIdentity | null, agentic: boolean): string {
  const about = identity === null ? 'These tools search and read a documentation site.' : `These tools search and read the documentation of ${identity.name}${identity.description === null ? '.' : `: ${identity.description.replace(/\.?$/, '.')}`}`;
  const steps = [
    '`search` finds the sections that answer a keyword query; `section` opens one by id (its facts and Markdown); `sections`, `overview` and `glossary` list what the docs hold.',
    'Every page is also a resource, `ask://pages/<slug>`.',
    ...(agentic ? ['`ask` answers a question in prose, grounded in the sections it cites.'] : []),
  ];
  return [about, ...steps].join(' ');
}

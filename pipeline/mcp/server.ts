import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { AskClient } from '../client/ask-client.ts';
import { registerAskTool } from './ask-tool.ts';
import { registerPageResources } from './page-resources.ts';
import { registerReadTools } from './read-tools.ts';
import { sectionDirectoryLoader } from './section-directory.ts';
import { registerSearchTool } from './search-tool.ts';
import { mcpInstructions, type McpSiteIdentity } from './site-identity.ts';
import { registerSectionTool } from './section-tool.ts';

export interface AskMcpServerOptions {
  readonly version: string;
  /** Offer the `ask` tool (the agentic answer): only when the handler has a provider key (`hasProviderKey`). */
  readonly agentic: boolean;
  /** The site the digest is of (`readSiteIdentity`): the server's title and the head of its instructions; null when unknown. */
  readonly site?: McpSiteIdentity | null;
}

/**
 * The MCP server of a digest, answering through the same handler the HTTP routes use (a local
 * digest, or a mirror of a remote one): `search`, `section`, `sections`, `glossary`, `overview`,
 * and `ask` when a provider key is configured; every page as the resource `ask://pages/<slug>`.
 * Every tool result and resource read carries the digest's content hash and build commit. The
 * server is titled with the site's name, and its instructions say what the docs are about.
 */
export function createAskMcpServer(client: AskClient, options: AskMcpServerOptions): McpServer {
  const site = options.site ?? null;
  const server = new McpServer(
    { name: 'ask', version: options.version, ...(site === null ? {} : { title: site.name }) },
    { instructions: mcpInstructions(site, options.agentic) },
  );
  const directory = sectionDirectoryLoader(client);
  registerSearchTool(server, client, directory);
  registerSectionTool(server, client);
  registerReadTools(server, client);
  if (options.agentic) registerAskTool(server, client, directory);
  registerPageResources(server, client, directory);
  return server;
}

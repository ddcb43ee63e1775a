import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { AskClient } from '../client/ask-client.ts';
import { registerAskTool } from './ask-tool.ts';
import { registerPageResources } from './page-resources.ts';
import { registerReadTools } from './read-tools.ts';
import { sectionDirectoryLoader } from './section-directory.ts';
import { registerSearchTool } from './search-tool.ts';
import { registerSectionTool } from './section-tool.ts';

export interface AskMcpServerOptions {
  readonly version: string;
  /** Offer the `ask` tool (the agentic answer): only when the handler has a provider key (`hasProviderKey`). */
  readonly agentic: boolean;
}

/**
 * The MCP server of a digest, answering through the same handler the HTTP routes use (a local
 * digest, or a mirror of a remote one): `search`, `section`, `sections`, `glossary`, `overview`,
 * and `ask` when a provider key is configured; every page as the resource `ask://pages/<slug>`.
 * Every tool result and resource read carries the digest's content hash and build commit.
 */
export function createAskMcpServer(client: AskClient, options: AskMcpServerOptions): McpServer {
  const server = new McpServer({ name: 'ask', version: options.version });
  const directory = sectionDirectoryLoader(client);
  registerSearchTool(server, client, directory);
  registerSectionTool(server, client);
  registerReadTools(server, client);
  if (options.agentic) registerAskTool(server, client, directory);
  registerPageResources(server, client, directory);
  return server;
}

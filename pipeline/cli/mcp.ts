import { parseConfigured } from './configured-command.ts';
import { MCP } from './specs/index.ts';
import { createHash } from 'node:crypto';
import { homedir } from 'node:os';
import path from 'node:path';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { localAskClient, type AskClient } from '../client/ask-client.ts';
import { mirroredAskClient } from '../client/mirrored-client.ts';
import { hasProviderKey } from '../mcp/ask-tool.ts';
import { packageVersion } from './package-version.ts';
import { createAskMcpServer } from '../mcp/server.ts';
import { readSiteIdentity } from '../mcp/site-identity.ts';
import { CommandFailure, UsageError, type CliIO, type Command } from './io.ts';

/** Where `ask mcp --endpoint` keeps its mirror: `--cache`, else `$XDG_CACHE_HOME/ask`, else `~/.cache/ask`, one folder per endpoint. */
function mirrorFolder(endpoint: string, cache: string | undefined, env: Readonly<Record<string, string | undefined>>): string {
  const root = cache ?? path.join(env['XDG_CACHE_HOME'] ?? path.join(homedir(), '.cache'), 'ask');
  return path.join(root, createHash('sha256').update(endpoint).digest('hex').slice(0, 16));
}

/** The client of `--endpoint URL` (a mirror of its archive, served here) or of `--digest DIR` (default `digest`). */
async function mcpClient(values: { endpoint?: string | undefined; digest?: string | undefined; cache?: string | undefined }, io: CliIO): Promise<AskClient> {
  const processEnv = io.env;
  if (values.endpoint === undefined) return localAskClient(path.resolve(io.cwd, values.digest ?? 'digest'), { processEnv });
  if (!URL.canParse(values.endpoint) || !/^https?:$/.test(new URL(values.endpoint).protocol)) {
    throw new UsageError('ask mcp: --endpoint must be the http(s) URL of the ask tree, e.g. https://docs.example.com/api/ask');
  }
  try {
    const { client, mirror } = await mirroredAskClient(values.endpoint, path.resolve(io.cwd, mirrorFolder(values.endpoint, values.cache, io.env)), { processEnv });
    io.err(`ask mcp: ${mirror.downloaded ? 'downloaded' : 'reusing'} the digest of ${values.endpoint} (${mirror.contentHash.slice(0, 12)})`);
    return client;
  } catch (error) {
    throw new CommandFailure(`ask mcp: cannot mirror ${values.endpoint}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * `ask mcp`: an MCP server on stdio over a local digest, or over a mirror of a remote ask tree's
 * archive; the `ask` tool is offered when this process has a provider key (the handler's lookup).
 */
export const mcpCommand: Command = async (argv, io) => {
  const { values, positionals } = await parseConfigured(MCP, argv, io.cwd);
  if (positionals.length > 0) throw new UsageError(`ask mcp: unexpected argument '${positionals[0]}'`);
  const client = await mcpClient(values, io);
  const server = createAskMcpServer(client, { version: await packageVersion(), agentic: hasProviderKey(io.env), site: await readSiteIdentity(client) });
  const transport = new StdioServerTransport();
  const closed = new Promise<void>((resolve) => {
    transport.onclose = () => resolve();
  });
  await server.connect(transport);
  await Promise.race([closed, io.stopSignal]);
  await server.close();
  return 0;
};

import { createHash } from 'node:crypto';
import { homedir } from 'node:os';
import path from 'node:path';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { mirrorDigest } from '../mcp/mirror.ts';
import { createAskMcpServer } from '../mcp/server.ts';
import { askClient } from './ask-target.ts';
import { parseCommandArgs } from './args.ts';
import { CommandFailure, UsageError, type Command } from './io.ts';

/** Where `ask mcp --endpoint` keeps its mirror: `--cache`, else `$XDG_CACHE_HOME/ask`, else `~/.cache/ask`, one folder per endpoint. */
function mirrorFolder(endpoint: string, cache: string | undefined, env: Readonly<Record<string, string | undefined>>): string {
  const root = cache ?? path.join(env['XDG_CACHE_HOME'] ?? path.join(homedir(), '.cache'), 'ask');
  return path.join(root, createHash('sha256').update(endpoint).digest('hex').slice(0, 16));
}

/** `ask mcp`: an MCP server on stdio over a local digest, or over a mirror of a remote ask tree's archive. */
export const mcpCommand: Command = async (argv, io) => {
  const { values, positionals } = parseCommandArgs('mcp', argv, {
    endpoint: { type: 'string' },
    digest: { type: 'string' },
    cache: { type: 'string' },
  });
  if (positionals.length > 0) throw new UsageError(`ask mcp: unexpected argument '${positionals[0]}'`);
  let digest = values.digest;
  if (values.endpoint !== undefined) {
    if (values.digest !== undefined) throw new UsageError('ask mcp: give --endpoint URL or --digest DIR, not both');
    if (!URL.canParse(values.endpoint)) throw new UsageError('ask mcp: --endpoint must be the URL of the ask tree, e.g. https://docs.example.com/api/ask');
    try {
      const mirror = await mirrorDigest(values.endpoint, path.resolve(io.cwd, mirrorFolder(values.endpoint, values.cache, io.env)));
      io.err(`ask mcp: ${mirror.downloaded ? 'downloaded' : 'reusing'} the digest of ${values.endpoint} (${mirror.contentHash.slice(0, 12)})`);
      digest = mirror.digestDir;
    } catch (error) {
      throw new CommandFailure(`ask mcp: cannot mirror ${values.endpoint}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  const client = askClient('mcp', { digest: digest ?? 'digest' }, io.cwd);
  const server = createAskMcpServer(client, '3.0.0');
  const transport = new StdioServerTransport();
  const closed = new Promise<void>((resolve) => {
    transport.onclose = () => resolve();
  });
  await server.connect(transport);
  await Promise.race([closed, io.stopSignal]);
  await server.close();
  return 0;
};

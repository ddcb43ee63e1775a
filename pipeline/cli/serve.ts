import path from 'node:path';
import { demoPage } from '../adapters/demo-page.ts';
import { createNodeAskHandler, serveFetch } from '../adapters/node.ts';
import { normalizeEndpoint } from '../runtime/handler.ts';
import { parseCommandArgs, parseIntegerFlag } from './args.ts';
import { UsageError, type Command } from './io.ts';

/** `ask serve`: the Node server around the runtime handler; the first stdout line says where. */
export const serveCommand: Command = async (argv, io) => {
  const { values, positionals } = parseCommandArgs('serve', argv, {
    digest: { type: 'string', default: 'digest' },
    content: { type: 'string' },
    host: { type: 'string', default: '127.0.0.1' },
    port: { type: 'string' },
    endpoint: { type: 'string', default: '/api/ask' },
    'platform-url': { type: 'string' },
    'agent-debug-url': { type: 'string' },
  });
  if (positionals.length > 0) throw new UsageError(`ask serve: unexpected argument '${positionals[0]}'`);
  const port = parseIntegerFlag('serve', 'port', values.port ?? io.env['PORT'], 4321);
  if (port > 65535) throw new UsageError(`ask serve: --port must be 0 to 65535, got ${port}`);
  const endpoint = normalizeEndpoint(values.endpoint);
  const platformUrl = values['platform-url'] ?? io.env['PLATFORM_URL'];
  const agentDebugUrl = values['agent-debug-url'] ?? io.env['AGENT_DEBUG_URL'];
  for (const [flag, value] of [['--platform-url', platformUrl], ['--agent-debug-url', agentDebugUrl]] as const) {
    if (value !== undefined && !URL.canParse(value)) throw new UsageError(`ask serve: ${flag} must be an http(s) URL, got '${value}'`);
  }
  const handler = createNodeAskHandler({
    digestDir: path.resolve(io.cwd, values.digest),
    endpoint,
    log: io.err,
    ...(values.content === undefined ? {} : { contentDir: path.resolve(io.cwd, values.content) }),
    ...(platformUrl === undefined ? {} : { platformUrl }),
    ...(agentDebugUrl === undefined ? {} : { agentDebugUrl }),
  });
  const page = demoPage(endpoint, platformUrl !== undefined);
  const server = await serveFetch(
    async (request) => {
      const { pathname } = new URL(request.url);
      if (pathname === '/' && (request.method === 'GET' || request.method === 'HEAD')) {
        return new Response(request.method === 'HEAD' ? null : page, { headers: { 'content-type': 'text/html; charset=utf-8' } });
      }
      return handler(request);
    },
    values.host,
    port,
  );
  io.out(`listening on ${server.url}`);
  await io.stopSignal;
  await server.close();
  return 0;
};

import { parseConfigured } from './configured-command.ts';
import { SERVE } from './specs/index.ts';
import path from 'node:path';
import { demoPage } from '../adapters/demo-page.ts';
import { prefersJson } from '../adapters/demo-site/accept.ts';
import { createOverlayAssets } from '../adapters/demo-site/overlay-assets.ts';
import { createNodeAskHandler, serveFetch } from '../adapters/node.ts';
import { requestedProvider } from '../model/resolve.ts';
import { isServiceTreePath, normalizeEndpoint } from '../runtime/handler.ts';
import { parseIntegerFlag } from './args.ts';
import { CommandFailure, UsageError, type Command } from './io.ts';
import { listenFailure } from './listen-failure.ts';
import { digestFolderProblem } from './serve-digest.ts';

/** True for an absolute http: or https: URL (`localhost:8080` parses as a URL of scheme `localhost:`). */
function isHttpUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const { protocol } = new URL(value);
  return protocol === 'http:' || protocol === 'https:';
}

/** `ask serve`: the Node server around the runtime handler; the first stdout line says where. */
export const serveCommand: Command = async (argv, io) => {
  const { values, positionals } = await parseConfigured(SERVE, argv, io.cwd);
  if (positionals.length > 0) throw new UsageError(`ask serve: unexpected argument '${positionals[0]}'`);
  const port = parseIntegerFlag('serve', 'port', values.port ?? io.env['PORT'], 4321);
  if (port > 65535) throw new UsageError(`ask serve: --port must be 0 to 65535, got ${port}`);
  const endpoint = normalizeEndpoint(values.endpoint);
  const platformUrl = values['platform-url'] ?? io.env['PLATFORM_URL'];
  const agentDebugUrl = values['agent-debug-url'] ?? io.env['AGENT_DEBUG_URL'];
  for (const [flag, value] of [['--platform-url', platformUrl], ['--agent-debug-url', agentDebugUrl]] as const) {
    if (value !== undefined && !isHttpUrl(value)) throw new UsageError(`ask serve: ${flag} must be an http(s) URL such as http://127.0.0.1:8080, got '${value}'`);
  }
  // the provider the answers will use, resolved once before listening: an unknown one is one line, exit 2
  try {
    requestedProvider({ processEnv: io.env });
  } catch (error) {
    throw new UsageError(`ask serve: ${error instanceof Error ? error.message : String(error)}`);
  }
  const digestDir = path.resolve(io.cwd, values.digest);
  const contentDir = values.content === undefined ? undefined : path.resolve(io.cwd, values.content);
  // without a content folder to fall back on, a digest that cannot be served is said now, not at the first request
  const digestProblem = contentDir === undefined ? await digestFolderProblem(digestDir, values.digest) : null;
  if (digestProblem !== null) throw new CommandFailure(digestProblem);
  const handler = createNodeAskHandler({
    digestDir,
    endpoint,
    log: io.err,
    processEnv: io.env,
    ...(contentDir === undefined ? {} : { contentDir }),
    ...(platformUrl === undefined ? {} : { platformUrl }),
    ...(agentDebugUrl === undefined ? {} : { agentDebugUrl }),
  });
  // with a content folder its pages are the site (the docs modules loaded only then); `/` lists the routes when no page is there
  const site = contentDir === undefined ? null : (await import('../adapters/demo-site/index.ts')).createDemoSite({ contentDir, digestDir, endpoint, log: io.err });
  const overlay = createOverlayAssets(async () => (await import('../../overlay/bundle.ts')).bundleOverlay(), io.err);
  const routeTable = demoPage(endpoint, platformUrl !== undefined);
  const server = await serveFetch(
    async (request) => {
      const page = site === null ? null : await site(request);
      if (page !== null) return page;
      const asset = await overlay(request);
      if (asset !== null) return asset;
      const { pathname } = new URL(request.url);
      if (pathname === '/' && (request.method === 'GET' || request.method === 'HEAD')) {
        return new Response(request.method === 'HEAD' ? null : routeTable, { headers: { 'content-type': 'text/html; charset=utf-8' } });
      }
      const response = await handler(request);
      // what no one answers outside the service's trees: the docs site's 404 page for a browser, the JSON error for a
      // client that asks for JSON; under the ask tree, /api/v2 and /debug every error stays the handler's JSON
      if (site === null || response.status !== 404 || (request.method !== 'GET' && request.method !== 'HEAD')) return response;
      if (isServiceTreePath(pathname, endpoint)) return response;
      return prefersJson(request.headers.get('accept')) ? response : site.notFound(request);
    },
    values.host,
    port,
  ).catch((error: unknown) => {
    throw listenFailure('ask serve', error, values.host, port);
  });
  io.out(`listening on ${server.url}`);
  await io.stopSignal;
  await server.close();
  return 0;
};

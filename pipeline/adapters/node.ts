import { getRequestListener, serve, type HttpBindings, type Http2Bindings, type ServerType } from '@hono/node-server';
import { rememberPeerAddress } from '../proxy/peer-address.ts';
import type { AddressInfo } from 'node:net';
import type { AgenticStreamer } from '../runtime/ask-routes.ts';
import { createAskHandler, type AskHandler, type AskHandlerOptions } from '../runtime/handler.ts';
import { DIGEST_FILES } from '../format/paths.ts';
import { digestFileExists } from '../digest/read.ts';
import type { AskData } from '../runtime/digest-data.ts';
import { digestFolderArchive } from '../digest/archive.ts';
import { liveContentHash, loadDigestFolder } from './digest-folder.ts';
import { queryLogFile } from './query-log-file.ts';
import type { QueryLogSink } from '../runtime/query-log.ts';

export interface NodeAskOptions {
  readonly digestDir: string;
  readonly contentDir?: string;
  readonly endpoint?: string;
  readonly platformUrl?: string;
  readonly agentDebugUrl?: string;
  readonly log?: (line: string) => void;
  /** The process environment for the key lookup and `ASK_QUERY_LOG` (default `process.env`). */
  readonly processEnv?: Readonly<Record<string, string | undefined>>;
  /** The opt-in query log's sink (else the NDJSON file `ASK_QUERY_LOG` names; else none). */
  readonly queryLog?: QueryLogSink;
  /** How much feedback the handler takes with the log on (default 120 events a minute). */
  readonly feedbackLimits?: AskHandlerOptions['feedbackLimits'];
}

/**
 * The digest folder's data; with a content folder and no digest there (no `manifest.json`), the
 * raw content searched with rule 7's fallback scoring, said once in the log.
 */
function dataLoader(options: NodeAskOptions, log: (line: string) => void): () => Promise<AskData> {
  return async () => {
    if ((await digestFileExists(options.digestDir, DIGEST_FILES.manifest)) || options.contentDir === undefined) return loadDigestFolder(options.digestDir, log);
    // the content loader only when there is no digest to serve
    const { contentOnlyData } = await import('./content-only.ts');
    const data = await contentOnlyData(options.contentDir);
    log(
      `ask: no digest at '${options.digestDir}': keyword search runs over the raw content (spec rule 7), with no glossary, suggestions, section nodes or archive; run 'ask digest build'`,
    );
    return data;
  };
}

/**
 * Rule 4's stream, its module (the provider SDKs) imported on the first agentic request: a
 * server that only answers keyword queries never loads them.
 */
const lazyAgentic: AgenticStreamer = (query, data, config, signal) => {
  let inner: ReadableStreamDefaultReader<Uint8Array> | null = null;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      inner ??= (await import('../runtime/agentic-answer.ts')).streamAgenticAnswerFor(query, data, config, signal).getReader();
      const { done, value } = await inner.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel: (reason) => inner?.cancel(reason),
  });
};

/** The platform proxy and its OpenAPI part, imported only when a platform URL is given. */
function platformOf(options: NodeAskOptions, log: (line: string) => void): Pick<AskHandlerOptions, 'platform' | 'platformOpenApi'> {
  const { platformUrl, agentDebugUrl } = options;
  if (platformUrl === undefined) return {};
  const proxyModule = import('../proxy/index.ts');
  const proxy = proxyModule.then(({ createPlatformProxy }) => createPlatformProxy({ platformUrl, ...(agentDebugUrl === undefined ? {} : { agentDebugUrl }), log }));
  const platformOpenApi = proxyModule.then(({ platformOpenApiPaths, platformOpenApiComponents }) => ({ paths: platformOpenApiPaths(), components: platformOpenApiComponents() }));
  // a proxy that cannot be made (a URL it refuses) fails the requests that need it, not the process
  for (const pending of [proxy, platformOpenApi]) pending.catch(() => {});
  return { platform: async (request) => (await proxy)(request), platformOpenApi };
}

/**
 * The ask handler over a digest folder on disk (search tables served from disk, `loadDigestFolder`),
 * with the platform proxy when a platform URL is given.
 */
export function createNodeAskHandler(options: NodeAskOptions): AskHandler {
  const log = options.log ?? ((line: string) => console.warn(line));
  return createAskHandler({
    load: dataLoader(options, log),
    archive: digestFolderArchive(options.digestDir),
    streamAgentic: lazyAgentic,
    log,
    ...(options.endpoint === undefined ? {} : { endpoint: options.endpoint }),
    ...(options.processEnv === undefined ? {} : { processEnv: options.processEnv }),
    ...(options.contentDir === undefined ? {} : { liveContentHash: liveContentHash(options.contentDir, options.digestDir) }),
    ...platformOf(options, log),
    ...queryLogOf(options, log),
    ...(options.feedbackLimits === undefined ? {} : { feedbackLimits: options.feedbackLimits }),
  });
}

/** The query log: the option's sink, else the NDJSON file `ASK_QUERY_LOG` names; none when neither is set. */
function queryLogOf(options: NodeAskOptions, log: (line: string) => void): Pick<AskHandlerOptions, 'queryLog'> {
  if (options.queryLog !== undefined) return { queryLog: options.queryLog };
  const file = (options.processEnv ?? process.env)['ASK_QUERY_LOG']?.trim();
  return file === undefined || file === '' ? {} : { queryLog: queryLogFile(file, log) };
}

/** The fetch handler, told first where the request came from (the platform proxy passes it on). */
function withPeerAddress(fetchHandler: (request: Request) => Promise<Response>) {
  return (request: Request, env: HttpBindings | Http2Bindings): Promise<Response> => {
    rememberPeerAddress(request, env.incoming.socket.remoteAddress);
    return fetchHandler(request);
  };
}

export interface RunningServer {
  readonly url: string;
  readonly close: () => Promise<void>;
}

/**
 * Serves a fetch handler on Node (`port` 0 picks a free port) and resolves once listening.
 * `close` stops accepting connections and waits for open ones to finish.
 */
export function serveFetch(fetchHandler: (request: Request) => Promise<Response>, host: string, port: number): Promise<RunningServer> {
  return new Promise((resolve, reject) => {
    const onListening = (info: AddressInfo): void => {
      const shownHost = info.family === 'IPv6' ? `[${info.address}]` : info.address;
      resolve({
        url: `http://${shownHost}:${info.port}`,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            if ('closeIdleConnections' in server) server.closeIdleConnections();
          }),
      });
    };
    const server: ServerType = serve({ fetch: withPeerAddress(fetchHandler), hostname: host, port }, onListening);
    server.once('error', reject);
  });
}

/**
 * A fetch handler as a `node:http` request listener, for a server the host already runs:
 * `http.createServer(listener)`, or an Express or Connect app's `app.use(listener)` with no
 * mount path (a mount path would be cut from the URL the handler routes on).
 */
export function nodeRequestListener(fetchHandler: (request: Request) => Promise<Response>): ReturnType<typeof getRequestListener> {
  return getRequestListener(withPeerAddress(fetchHandler));
}

import { serve, type ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { createPlatformProxy, platformOpenApiComponents, platformOpenApiPaths } from '../proxy/index.ts';
import { createAskHandler, type AskHandler } from '../runtime/handler.ts';
import { streamAgenticAnswerFor } from '../runtime/agentic-answer.ts';
import { DIGEST_FILES } from '../digest/paths.ts';
import { digestFileExists } from '../digest/read.ts';
import { parseDigestFiles, type AskData } from '../runtime/digest-data.ts';
import { contentOnlyData } from './content-only.ts';
import { liveContentHash, memoizedArchive, readDigestFolder } from './digest-folder.ts';

export interface NodeAskOptions {
  readonly digestDir: string;
  readonly contentDir?: string;
  readonly endpoint?: string;
  readonly platformUrl?: string;
  readonly agentDebugUrl?: string;
  readonly log?: (line: string) => void;
  /** The process environment for the key lookup (default `process.env`). */
  readonly processEnv?: Readonly<Record<string, string | undefined>>;
}

/**
 * The digest folder's data; with a content folder and no digest there (no `manifest.json`), the
 * raw content searched with rule 7's fallback scoring, said once in the log.
 */
function dataLoader(options: NodeAskOptions, log: (line: string) => void): () => Promise<AskData> {
  return async () => {
    if ((await digestFileExists(options.digestDir, DIGEST_FILES.manifest)) || options.contentDir === undefined) return parseDigestFiles(await readDigestFolder(options.digestDir));
    const data = await contentOnlyData(options.contentDir);
    log(
      `ask: no digest at '${options.digestDir}': keyword search runs over the raw content (spec rule 7), with no glossary, suggestions, section nodes or archive; run 'ask digest build'`,
    );
    return data;
  };
}

/** The ask handler over a digest folder on disk, with the platform proxy when a platform URL is given. */
export function createNodeAskHandler(options: NodeAskOptions): AskHandler {
  const log = options.log ?? ((line: string) => console.warn(line));
  return createAskHandler({
    load: dataLoader(options, log),
    archive: memoizedArchive(options.digestDir),
    streamAgentic: streamAgenticAnswerFor,
    log,
    ...(options.endpoint === undefined ? {} : { endpoint: options.endpoint }),
    ...(options.processEnv === undefined ? {} : { processEnv: options.processEnv }),
    ...(options.contentDir === undefined ? {} : { liveContentHash: liveContentHash(options.contentDir, options.digestDir) }),
    ...(options.platformUrl === undefined
      ? {}
      : {
          platform: createPlatformProxy({
            platformUrl: options.platformUrl,
            ...(options.agentDebugUrl === undefined ? {} : { agentDebugUrl: options.agentDebugUrl }),
            log,
          }),
          platformOpenApi: { paths: platformOpenApiPaths(), components: platformOpenApiComponents() },
        }),
  });
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
    let server: ServerType;
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
    server = serve({ fetch: fetchHandler, hostname: host, port }, onListening);
    server.once('error', reject);
  });
}

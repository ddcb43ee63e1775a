import { createNodeAskHandler } from '../adapters/node.ts';

/** Where the read commands and the MCP server get their answers: a remote ask tree, or a local digest served in-process. */
export interface AskClient {
  /** Sends a request for `route` (relative to the ask tree, e.g. `/glossary`) and returns the Response. */
  readonly request: (route: string, init?: RequestInit) => Promise<Response>;
  readonly where: string;
}

/**
 * Talks HTTP to a running ask tree at `base` (no trailing slash); a request that
 * gets no answer rejects with `unreachable(cause)`.
 */
export function remoteAskClient(base: string, unreachable: (cause: string) => Error): AskClient {
  return {
    where: base,
    request: async (route, init) => {
      try {
        return await fetch(`${base}${route}`, init);
      } catch (error) {
        throw unreachable(error instanceof Error && error.cause instanceof Error ? error.cause.message : 'no answer');
      }
    },
  };
}

export interface LocalAskClientOptions {
  /** The environment the handler looks provider keys up in (default `process.env`). */
  readonly processEnv?: Readonly<Record<string, string | undefined>>;
}

/**
 * Serves the digest folder `digestDir` (absolute) with the same handler in this process, so it
 * answers as a remote tree would, agentic answers included when `processEnv` holds a provider key.
 */
export function localAskClient(digestDir: string, options: LocalAskClientOptions = {}): AskClient {
  const handler = createNodeAskHandler({
    digestDir,
    endpoint: '/api/ask',
    log: () => {},
    ...(options.processEnv === undefined ? {} : { processEnv: options.processEnv }),
  });
  return { where: digestDir, request: (route, init) => handler(new Request(`http://local/api/ask${route}`, init)) };
}

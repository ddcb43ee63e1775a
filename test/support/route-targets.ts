import { createNodeAskHandler, serveFetch } from '../../pipeline/adapters/node.ts';

/** One way of reaching the handler: in memory, over HTTP from a real Node server, or on workerd (test/edge/edge-targets.ts). */
export interface RouteTarget {
  readonly fetch: (path: string, init?: RequestInit) => Promise<Response>;
  readonly close: () => Promise<void>;
}

/** The handler called directly with Request objects. */
export function inMemoryTarget(digestDir: string): RouteTarget {
  const handler = createNodeAskHandler({ digestDir, processEnv: {}, log: () => {} });
  return { fetch: (path, init) => handler(new Request(`http://local${path}`, init)), close: async () => {} };
}

/** A real Node server on port 0, reached with fetch over TCP. */
export async function nodeServerTarget(digestDir: string): Promise<RouteTarget> {
  const handler = createNodeAskHandler({ digestDir, processEnv: {}, log: () => {} });
  const server = await serveFetch((request) => handler(request), '127.0.0.1', 0);
  return { fetch: (path, init) => fetch(`${server.url}${path}`, init), close: server.close };
}

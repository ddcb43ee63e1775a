import { Miniflare } from 'miniflare';
import { bundleWorker } from '../../pipeline/adapters/bundle-worker.ts';
import { createNodeAskHandler, serveFetch } from '../../pipeline/adapters/node.ts';

/** One way of reaching the handler: in memory, over HTTP from a real Node server, or on workerd. */
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

/** The bundled worker, digest baked in, on real workerd through miniflare. */
export async function workerdTarget(digestDir: string): Promise<RouteTarget> {
  const script = await bundleWorker(digestDir);
  const miniflare = new Miniflare({ modules: true, script, compatibilityDate: '2024-09-23' });
  await miniflare.ready;
  return {
    fetch: async (path, init) => {
      const response = await miniflare.dispatchFetch(`http://localhost${path}`, init as Parameters<typeof miniflare.dispatchFetch>[1]);
      const body = response.status === 204 || response.status === 304 ? null : await response.arrayBuffer();
      return new Response(body, { status: response.status, headers: new Headers([...response.headers]) });
    },
    close: () => miniflare.dispose(),
  };
}

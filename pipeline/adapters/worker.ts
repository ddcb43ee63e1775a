import { streamAgenticAnswerFor } from '../runtime/agentic-answer.ts';
import { createAskHandler } from '../runtime/handler.ts';
import { bakedDigestSource, type BakedDigest } from './baked-digest.ts';

/** What the worker bundle carries: the digest tree and its archive, made at build time (no file system at the edge). */
export interface WorkerDigest extends BakedDigest {
  readonly endpoint?: string;
}

/**
 * An edge worker (workerd, Cloudflare Workers) around the one handler: `export default
 * createAskWorker(bundle)`. The worker's `env` is the runtime environment, first in the key lookup.
 */
export function createAskWorker(bundle: WorkerDigest): { fetch: (request: Request, env?: Record<string, unknown>) => Promise<Response> } {
  const handler = createAskHandler({
    ...bakedDigestSource(bundle),
    streamAgentic: streamAgenticAnswerFor,
    ...(bundle.endpoint === undefined ? {} : { endpoint: bundle.endpoint }),
  });
  return { fetch: (request, env) => handler(request, env === undefined ? {} : { env }) };
}

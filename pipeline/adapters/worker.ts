import { streamAgenticAnswerFor } from '../runtime/agentic-answer.ts';
import { createAskHandler } from '../runtime/handler.ts';

/** What the worker bundle carries: the digest tree and its archive, made at build time (no file system at the edge). */
export interface WorkerDigest {
  /** Digest-relative path -> text. */
  readonly files: Readonly<Record<string, string>>;
  /** The gzip tar of the same tree, base64. */
  readonly archiveBase64: string;
  readonly endpoint?: string;
}

function decodeBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/**
 * An edge worker (workerd, Cloudflare Workers) around the one handler: `export default
 * createAskWorker(bundle)`. The worker's `env` is the runtime environment, first in the key lookup.
 */
export function createAskWorker(bundle: WorkerDigest): { fetch: (request: Request, env?: Record<string, unknown>) => Promise<Response> } {
  const archive = decodeBase64(bundle.archiveBase64);
  const handler = createAskHandler({
    digest: () => Promise.resolve(new Map(Object.entries(bundle.files))),
    archive: () => Promise.resolve(archive),
    streamAgentic: streamAgenticAnswerFor,
    ...(bundle.endpoint === undefined ? {} : { endpoint: bundle.endpoint }),
  });
  return { fetch: (request, env) => handler(request, env === undefined ? {} : { env }) };
}

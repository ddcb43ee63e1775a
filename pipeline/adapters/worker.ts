import { streamAgenticAnswerFor } from '../runtime/agentic-answer.ts';
import { DigestLoadError } from '../runtime/digest-data.ts';
import { createAskHandler, type AskHandler } from '../runtime/handler.ts';
import { assetsStorage, type AssetsBinding } from '../runtime/storage/assets-storage.ts';
import { r2Storage, type R2BucketLike } from '../runtime/storage/r2-storage.ts';
import { storageUnder, type DigestStorage } from '../runtime/storage/storage.ts';
import { storedDigestSource } from '../runtime/storage/stored-digest.ts';

type WorkerFetch = (request: Request, env?: Record<string, unknown>) => Promise<Response>;

/** Where an edge worker's digest is: the static assets binding, or an R2 bucket binding; `root` its folder there. */
export interface EdgeWorkerSettings {
  readonly endpoint?: string;
  readonly root: string;
  readonly store: { readonly assets: string } | { readonly r2: string };
}

/** A store that answers every read with the error of a missing binding (the handler's 500 says it). */
function unboundStorage(name: string): DigestStorage {
  const fail = () => Promise.reject(new DigestLoadError(`the worker has no binding ${name}: deploy it with the wrangler config 'ask worker build' wrote`));
  return { read: fail, stream: fail };
}

/** The store of the settings, from the worker's bindings. */
function storageOf(settings: EdgeWorkerSettings, env: Record<string, unknown> | undefined): DigestStorage {
  const name = 'assets' in settings.store ? settings.store.assets : settings.store.r2;
  const binding = env?.[name];
  if (typeof binding !== 'object' || binding === null) return unboundStorage(name);
  const store = 'assets' in settings.store ? assetsStorage(binding as AssetsBinding) : r2Storage(binding as R2BucketLike);
  return storageUnder(store, settings.root);
}

/**
 * An edge worker over a digest in a store (`ask worker build`): the script holds the handler
 * only, and the digest is read through the binding as requests need it (edge-layout.ts).
 * The handler is made on the first request, when the bindings are known.
 */
export function createEdgeWorker(settings: EdgeWorkerSettings): { fetch: WorkerFetch } {
  let handler: AskHandler | null = null;
  return {
    fetch: (request, env) => {
      if (handler === null) {
        const source = storedDigestSource(storageOf(settings, env));
        handler = createAskHandler({
          load: source.load,
          archive: source.archive,
          streamAgentic: streamAgenticAnswerFor,
          ...(settings.endpoint === undefined ? {} : { endpoint: settings.endpoint }),
        });
      }
      return handler(request, env === undefined ? {} : { env });
    },
  };
}

import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { Miniflare } from 'miniflare';
import { buildEdgeWorker, type EdgeBuild } from '../../pipeline/adapters/edge-build.ts';
import { R2_BINDING } from '../../pipeline/adapters/wrangler-config.ts';
import type { RouteTarget } from '../support/route-targets.ts';

/** The compatibility date the worker is built for (wrangler-config.ts). */
const COMPATIBILITY_DATE = '2024-09-23';

/** Every file under a folder, by its path relative to it (with `/`). */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
}

/** A miniflare instance as a route target: the response read whole, as a plain Response. */
function targetOf(miniflare: Miniflare): RouteTarget & { readonly miniflare: Miniflare } {
  return {
    miniflare,
    fetch: async (requestPath, init) => {
      const response = await miniflare.dispatchFetch(`http://localhost${requestPath}`, init as Parameters<typeof miniflare.dispatchFetch>[1]);
      const body = response.status === 204 || response.status === 304 ? null : await response.arrayBuffer();
      return new Response(body, { status: response.status, headers: new Headers([...response.headers]) });
    },
    close: () => miniflare.dispose(),
  };
}

/** The built worker (`ask worker build` into `outDir`) on workerd, its digest read through the static assets binding. */
export async function assetsWorkerTarget(outDir: string): Promise<RouteTarget & { readonly miniflare: Miniflare }> {
  const miniflare = new Miniflare({
    modules: true,
    modulesRoot: outDir,
    scriptPath: path.join(outDir, 'worker.js'),
    compatibilityDate: COMPATIBILITY_DATE,
    assets: { directory: path.join(outDir, 'assets'), binding: 'ASSETS', routerConfig: { invoke_user_worker_ahead_of_assets: true, has_user_worker: true } },
  });
  await miniflare.ready;
  return targetOf(miniflare);
}

/** The built worker (`ask worker build --r2` into `outDir`) on workerd, the files of `r2/` uploaded to its bucket first. */
export async function r2WorkerTarget(outDir: string): Promise<RouteTarget & { readonly miniflare: Miniflare }> {
  const miniflare = new Miniflare({ modules: true, modulesRoot: outDir, scriptPath: path.join(outDir, 'worker.js'), compatibilityDate: COMPATIBILITY_DATE, r2Buckets: [R2_BINDING] });
  await miniflare.ready;
  // the bucket's own types come from @cloudflare/workers-types, not installed: only `put` is used
  const bucket = (await miniflare.getR2Bucket(R2_BINDING)) as unknown as { put(key: string, value: ArrayBuffer): Promise<unknown> };
  const storeDir = path.join(outDir, 'r2');
  for (const key of await filesUnder(storeDir)) {
    const bytes = await readFile(path.join(storeDir, key));
    // a plain ArrayBuffer: miniflare's proxy does not take a Node Buffer
    await bucket.put(key, bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  }
  return targetOf(miniflare);
}

/** Builds the edge worker of a digest into `outDir` (static assets, or files for a bucket with `r2`). */
export function buildEdge(digestDir: string, outDir: string, r2?: string): Promise<EdgeBuild> {
  return buildEdgeWorker(digestDir, outDir, { r2 });
}

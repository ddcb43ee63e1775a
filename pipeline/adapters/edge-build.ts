import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { writeFileAtomically } from '../disk/atomic-write.ts';
import { bundleEdgeWorker } from './bundle-worker.ts';
import { writeEdgeLayout, type EdgeLayout } from './edge-layout.ts';
import { ASSETS_BINDING, R2_BINDING, wranglerConfig } from './wrangler-config.ts';

/** The module worker's file name inside the output folder. */
export const WORKER_FILE = 'worker.js';
const WRANGLER_FILE = 'wrangler.jsonc';

/** What `buildEdgeWorker` wrote. */
export interface EdgeBuild {
  /** The script's size, raw and gzipped. */
  readonly bytes: number;
  readonly gzipBytes: number;
  /** The folder of the store's files (`assets` or `r2`), relative to the output folder. */
  readonly storeDir: string;
  readonly layout: EdgeLayout;
  readonly wrangler: string;
}

/**
 * The edge deployment of a digest into `outDir`: `worker.js` (the handler alone), the digest laid
 * out for the store under `assets/` (Workers static assets) or, with `r2` (a bucket name),
 * under `r2/` for upload to that bucket, and `wrangler.jsonc` naming them.
 */
export async function buildEdgeWorker(digestDir: string, outDir: string, options: { readonly endpoint?: string | undefined; readonly r2?: string | undefined }): Promise<EdgeBuild> {
  const storeDir = options.r2 === undefined ? 'assets' : 'r2';
  await mkdir(outDir, { recursive: true });
  const layout = await writeEdgeLayout(digestDir, path.join(outDir, storeDir));
  const store = options.r2 === undefined ? { assets: ASSETS_BINDING } : { r2: R2_BINDING };
  const script = await bundleEdgeWorker({ root: layout.root, store, ...(options.endpoint === undefined ? {} : { endpoint: options.endpoint }) });
  await writeFileAtomically(path.join(outDir, WORKER_FILE), script);
  const wrangler = wranglerConfig(WORKER_FILE, options.r2 === undefined ? { assets: storeDir } : { r2: options.r2 });
  await writeFile(path.join(outDir, WRANGLER_FILE), wrangler);
  return { bytes: Buffer.byteLength(script), gzipBytes: gzipSync(script).length, storeDir, layout, wrangler: WRANGLER_FILE };
}

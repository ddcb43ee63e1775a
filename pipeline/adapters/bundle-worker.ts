import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { siblingModule } from '../module-file.ts';
import type { EdgeWorkerSettings } from './worker.ts';

const WORKER_ENTRY = fileURLToPath(siblingModule(import.meta.url, 'worker'));

/** One ES module for workerd (`export default { fetch }`) of an entry's source, bundled by esbuild. */
async function bundleEntry(source: string): Promise<string> {
  const folder = await mkdtemp(path.join(tmpdir(), 'ask-worker-'));
  try {
    const entry = path.join(folder, 'entry.ts');
    await writeFile(entry, source);
    const result = await build({
      entryPoints: [entry],
      bundle: true,
      format: 'esm',
      platform: 'browser',
      conditions: ['workerd', 'worker', 'browser'],
      target: 'es2022',
      write: false,
      logLevel: 'silent',
    });
    const [output] = result.outputFiles;
    if (!output) throw new Error('esbuild produced no worker bundle');
    return output.text;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** Bundles the ask handler alone, reading its digest from a store (`createEdgeWorker`): its size does not grow with the site. */
export async function bundleEdgeWorker(settings: EdgeWorkerSettings): Promise<string> {
  return bundleEntry(`import { createEdgeWorker } from ${JSON.stringify(WORKER_ENTRY)};\nexport default createEdgeWorker(${JSON.stringify(settings)});\n`);
}

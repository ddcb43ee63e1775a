import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { siblingModule } from '../module-file.ts';
import { bakeDigestFolder } from './digest-folder.ts';

const WORKER_ENTRY = fileURLToPath(siblingModule(import.meta.url, 'worker'));

/**
 * Bundles the ask handler with a digest folder baked in, as one ES module for workerd
 * (`export default { fetch }`): the digest files and archive bytes are made here, at build time.
 */
export async function bundleWorker(digestDir: string, endpoint = '/api/ask'): Promise<string> {
  const baked = await bakeDigestFolder(digestDir);
  const folder = await mkdtemp(path.join(tmpdir(), 'ask-worker-'));
  try {
    const entry = path.join(folder, 'entry.ts');
    await writeFile(
      entry,
      `import { createAskWorker } from ${JSON.stringify(WORKER_ENTRY)};\n` +
        `export default createAskWorker(${JSON.stringify({ ...baked, endpoint })});\n`,
    );
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

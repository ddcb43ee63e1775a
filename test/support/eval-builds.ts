/**
 * The digests of the real sites of `../shared/eval`, each built once per test run with the
 * offline distiller under its generator (and its kept config), shared by every test file that
 * reads them: the first file to ask builds, the others wait and read the same folder.
 */
import path from 'node:path';
import { buildOfflineDigest } from '../../scripts/bench/eval-corpora.ts';
import type { RealCorpus } from '../../scripts/bench/real-corpora.ts';
import { oncePerRun } from './once-per-run.ts';

/** The folder of this run's offline digest of `corpus` (built on the first call of the run). */
export async function evalDigestDir(corpus: RealCorpus): Promise<string> {
  return oncePerRun(`eval-${corpus.name}`, async (folder) => {
    const out = path.join(folder, 'digest');
    await buildOfflineDigest({ contentDir: corpus.docsDir, generator: corpus.generator, config: corpus.configFile }, out);
    return out;
  });
}

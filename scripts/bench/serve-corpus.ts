/**
 * The generated corpora `bench:serve` measures the cold start on: the ones `bench:build` leaves in
 * `<tmpdir>/ask-bench-corpora/p<pages>-s<seed>/`, generated and built offline here when missing
 * (a no-op build when they are current). Run alone: `tsx scripts/bench/serve-corpus.ts 1000 10000`.
 */
import { readdir } from 'node:fs/promises';
import { buildDigest } from '../../pipeline/compile/build.ts';
import { createOfflineDistiller } from '../../pipeline/distill/offline/index.ts';
import { generateCorpus, writeCorpus } from '../generate-corpus.ts';
import { benchCorpusPaths } from './eval.ts';

export interface ServeCorpus {
  readonly pages: number;
  readonly digestDir: string;
  readonly sections: number;
  /** Whether the digest had to be (re)built here, and how long that took. */
  readonly buildMs: number | null;
}

async function hasFiles(dir: string): Promise<boolean> {
  return (await readdir(dir).catch(() => [])).length > 0;
}

/** The generated corpus of `pages` pages with a current offline digest. */
export async function ensureServeCorpus(pages: number, seed = 1, log: (line: string) => void = () => {}): Promise<ServeCorpus> {
  const paths = benchCorpusPaths(pages, seed);
  if (!(await hasFiles(paths.contentDir))) {
    log(`[bench:serve] generating ${pages} pages into ${paths.contentDir}...`);
    await writeCorpus(paths.contentDir, generateCorpus({ pages, seed }));
  }
  const report = await buildDigest({ ...paths, siteUrl: '', distiller: createOfflineDistiller(), concurrency: 4, force: false, now: () => performance.now() });
  if (!report.upToDate) log(`[bench:serve] built the ${pages}-page digest in ${(report.elapsedMs / 1000).toFixed(1)} s`);
  return { pages, digestDir: paths.outDir, sections: report.sections, buildMs: report.upToDate ? null : report.elapsedMs };
}

if (process.argv[1] === import.meta.filename) {
  for (const pages of process.argv.slice(2).map(Number)) {
    const corpus = await ensureServeCorpus(pages, 1, (line) => console.error(line));
    console.log(JSON.stringify(corpus));
  }
}

/**
 * The child side of `bench:build` (see `build-jobs.ts`): runs the one job given as JSON in
 * argv[2], then prints one line of JSON on stdout with the child's peak memory.
 */
import path from 'node:path';
import { buildDigest } from '../../pipeline/compile/build.ts';
import { loadContent } from '../../pipeline/content/index.ts';
import { createOfflineDistiller } from '../../pipeline/distill/offline/index.ts';
import { createCountingDistiller } from './build-counting.ts';
import type { Job } from './build-jobs.ts';
import { indexWithPagefind } from './build-pagefind.ts';

/** Peak resident set of this process, bytes (`maxRSS` is in KiB). */
const peakRss = (): number => process.resourceUsage().maxRSS * 1024;

async function run(job: Job): Promise<Record<string, unknown>> {
  const { contentDir, outDir, cacheDir, generator } = job.paths;
  if (job.kind === 'pagefind') {
    // the sections as a build gets them; the chunk cache the full build left spares parsing (not timed either way)
    const content = await loadContent({ contentDir, siteUrl: '', generator, cacheDir: path.join(cacheDir, 'chunks') });
    const run = await indexWithPagefind(content.sections, job.outputPath);
    return { kind: 'pagefind', ...run, maxRss: peakRss() };
  }
  const counting = job.distiller === 'counting' ? createCountingDistiller(createOfflineDistiller()) : null;
  const report = await buildDigest({
    contentDir,
    outDir,
    cacheDir,
    generator,
    siteUrl: '',
    distiller: counting?.distiller ?? createOfflineDistiller(),
    concurrency: 4,
    force: false,
    now: () => performance.now(),
  });
  return { kind: 'build', report, calls: counting?.counts() ?? null, maxRss: peakRss() };
}

const job = JSON.parse(process.argv[2] ?? '{}') as Job;
process.stdout.write(`${JSON.stringify(await run(job))}\n`);

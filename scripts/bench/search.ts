/**
 * `npm run bench:search`: our keyword scorer beside MiniSearch (configured as VitePress's local
 * search), FlexSearch, Orama, lunr and a plain BM25F, on the same sections, with the same
 * per-page cap (2) and top 6.
 *
 * 1. Quality on the real docs of `../shared/eval` (every set of its sets.tsv), each built offline
 *    under its generator, and on `content-fixtures` (apart, its own query set): MRR@6 and recall@6
 *    per corpus, on the mean of the real ones, per query kind; the quality targets.
 * 2. Ablation of our scorer per corpus and on the mean: each rule and feature off in turn (stem
 *    needs a second index), with the rule against fitting applied to each; every tuned parameter
 *    swept and chosen leave-one-out (search-tuning.ts); heading context tried for questions; the
 *    scoring experiments.
 * 3. Speed on generated corpora of 1k and 10k pages: index build, serialized size, load (cold
 *    start) and query p50/p95 (warm) over a query mix, engines interleaved query by query.
 *
 * Tables go to stdout and to `bench-results/search.md`. The parts: search-corpus.ts (what every
 * engine indexes), search-engines.ts, search-variants.ts (scoring experiments), eval-corpora.ts
 * (the corpora and their digests), search-quality-run.ts (1, 2 on one corpus), search-quality.ts
 * (1, 2 side by side), search-tuning.ts and search-tuning-report.ts (the rule, leave-one-out),
 * search-speed.ts (3 and the targets), search-format.ts (tables).
 * Options: `--pages 1000,10000` (the speed corpora), `--seed 1`, `--queries 150,60` (per corpus),
 * `--skip-speed`, `--reuse-digests` (keep each quality corpus's digest in the temp folder and reuse
 * it while current: faster while iterating on the scorer, but trusts the distiller's versions).
 */
import { publishResults } from './results.ts';
import { spawn } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { getHeapStatistics } from 'node:v8';
import { ROOT } from './eval.ts';
import { markdownTable } from './search-format.ts';
import { quality, qualityTargetRows } from './search-quality.ts';
import { speed, targetRows, type SpeedFigures } from './search-speed.ts';

/**
 * Every engine's index of a 10k-page corpus lives in this process at once (queries interleave),
 * more than Node's default heap: the bench runs itself again with a larger heap (and `gc`).
 */
const HEAP_MIB = 12_288;

function rerunWithLargerHeap(): Promise<number> | null {
  if (process.env['ASK_BENCH_SEARCH_CHILD'] === '1' || getHeapStatistics().heap_size_limit >= (HEAP_MIB / 2) * 1024 ** 2) return null;
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, [`--max-old-space-size=${HEAP_MIB}`, '--expose-gc', '--import', 'tsx', fileURLToPath(import.meta.url), ...process.argv.slice(2)], {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, ASK_BENCH_SEARCH_CHILD: '1' },
    });
    proc.once('error', reject);
    proc.once('exit', (code) => resolve(code ?? 1));
  });
}

async function main(): Promise<void> {
  const rerun = rerunWithLargerHeap();
  if (rerun !== null) {
    process.exitCode = await rerun;
    return;
  }
  const { values } = parseArgs({
    options: {
      pages: { type: 'string', default: '1000,10000' },
      seed: { type: 'string', default: '1' },
      // per corpus, in the order of --pages (the last repeats): fewer where the slowest engines take seconds a query
      queries: { type: 'string', default: '150,60' },
      'skip-speed': { type: 'boolean', default: false },
      'reuse-digests': { type: 'boolean', default: false },
    },
  });
  const started = performance.now();
  const out: string[] = [
    '# Search benchmark',
    '',
    `\`npm run bench:search\`, Node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${os.platform()}.`,
    '',
  ];
  const qualityFigures = await quality(out, { reuseDigests: values['reuse-digests'] });
  console.log(out.join('\n'));
  const speeds: SpeedFigures[] = [];
  if (!values['skip-speed']) {
    const counts = values.queries.split(',').map(Number);
    for (const [at, pages] of values.pages.split(',').map(Number).entries()) {
      const before = out.length;
      speeds.push(await speed(pages, Number(values.seed), counts[Math.min(at, counts.length - 1)] ?? 100, out));
      console.log(out.slice(before).join('\n'));
    }
  }
  // the quality rows are ours (per corpus and on the mean); the speed rows come after them
  const speedRows = targetRows(qualityFigures, speeds).filter((row) => !(row[0] ?? '').startsWith('MRR@6'));
  const targets = ['## Targets', '', markdownTable(['target', 'measured', ''], [...qualityTargetRows(qualityFigures), ...speedRows]), ''];
  out.push(...targets);
  console.log(targets.join('\n'));
  out.push(`Total ${((performance.now() - started) / 1000).toFixed(0)} s.`, '');
  await publishResults('search', out.join('\n'));
  console.log(`Total ${((performance.now() - started) / 1000).toFixed(0)} s. Written to bench-results/search.md`);
}

await main();

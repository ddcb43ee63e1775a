/**
 * `npm run bench:build`: offline digest builds measured against issue 13's targets.
 *
 * Corpora: the generated corpus (`scripts/generate-corpus.ts`) and the largest real corpus of
 * `../shared/eval` (pnpm or mkdocs-material) replicated, each at about 2,000 and 10,000 pages.
 * Per corpus, each in a child process of its own (so its peak memory, `maxRSS`, is its own): a
 * full build (empty digest, empty cache), Pagefind indexing the same sections, a no-op rebuild and
 * one-section edits, each kind (a sentence added, a heading renamed) built twice and undone twice
 * (the median of the four); each build's report gives its time per phase (the write step
 * among them) and files parsed when it has them. On the generated corpus of 2,000 pages the same three builds run again with a distiller
 * that takes the model path and counts its calls. Then issue 13's targets, each `ok` or `MISSED`.
 *
 * The generated corpus and its digest stay in `<tmpdir>/ask-bench-corpora/p<pages>-s<seed>/`
 * (content, digest, `.ask-cache` as the CLI lays them out), consistent with each other, so
 * `bench:search` reuses the 10,000-page one without a second full build (and builds the 1,000-page
 * one itself when it is missing). The replicated real corpus is removed once measured.
 *
 * Options: `--pages 2000,10000`, `--corpora generated,real`, `--seed 1`, `--limit-min 10` (a
 * build still running after that is stopped and reported as such). Writes `bench-results/build.md`.
 */
import { readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DIGEST_FILES } from '../../pipeline/format/paths.ts';
import { editOneSection, largestRealCorpus, prepareGenerated, prepareReal, type CorpusKind, type EditKind, type PreparedCorpus } from './build-corpora.ts';
import { PHASES, runJob, type BuildResult, type CorpusPaths } from './build-jobs.ts';
import { callsTable, CORPUS_PASSES, limitText, overviewTable, phasesTable, targetsTable, type CallsRun, type CorpusPassName, type CorpusRun, type EditRuns } from './build-tables.ts';
import { publishResults } from './results.ts';

/** The generated corpus on which the model path's calls are counted. */
const CALLS_PAGES = 2_000;

const log = (line: string): void => console.error(`[bench:build] ${line}`);
const secondsText = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;

/** One line about a finished build: time, peak memory, files parsed, phases. */
function describe(name: string, result: BuildResult | null, limitMs: number): void {
  if (result === null) return log(`  ${name}: stopped after ${limitText(limitMs)}`);
  const { report } = result;
  const phases = PHASES.filter((phase) => report.phases[phase] !== undefined).map((phase) => `${phase} ${(report.phases[phase] ?? 0).toFixed(0)}`);
  const parts = [
    secondsText(report.elapsedMs),
    `peak ${(result.maxRss / 1024 ** 2).toFixed(0)} MiB`,
    `${report.sections} sections`,
    `${report.changed.length} re-distilled`,
    ...(report.parsedFiles === null ? [] : [`${report.parsedFiles} files parsed`]),
    ...(phases.length === 0 ? [] : [`phases ms: ${phases.join(', ')}`]),
    ...(result.calls === null ? [] : [`calls ${JSON.stringify(result.calls)}`]),
  ];
  log(`  ${name}: ${parts.join('; ')}`);
}

/** The corpus passes' input hashes of a digest's manifest (empty when it has none). */
async function corpusInputs(outDir: string): Promise<Record<string, unknown>> {
  try {
    const manifest: unknown = JSON.parse(await readFile(path.join(outDir, DIGEST_FILES.manifest), 'utf8'));
    const corpus = typeof manifest === 'object' && manifest !== null && 'corpus' in manifest ? manifest.corpus : null;
    return typeof corpus === 'object' && corpus !== null ? { ...corpus } : {};
  } catch {
    return {};
  }
}

/** Runs a build of `paths`, edited in one section, then puts the content back. */
async function editedBuild(
  corpus: PreparedCorpus,
  paths: CorpusPaths,
  distiller: 'offline' | 'counting',
  limitMs: number,
): Promise<{ result: BuildResult | null; file: string }> {
  const { file, original } = await editOneSection(corpus.paths.contentDir, corpus.files);
  try {
    return { result: await runJob({ kind: 'build', paths, distiller }, limitMs), file };
  } finally {
    await writeFile(file, original);
  }
}

/** Rounds of each kind of one-section edit: each round builds the edit, then its undo (two one-section edits). */
const EDIT_ROUNDS = 2;

/**
 * `EDIT_ROUNDS` rounds of one kind of one-section edit, each build starting from the digest and
 * cache of the build before (as in an editor's loop), the content as it was at the end.
 */
async function editRuns(corpus: PreparedCorpus, kind: EditKind, limitMs: number): Promise<EditRuns> {
  const results: BuildResult[] = [];
  let file: string | null = null;
  const done = (stopped: boolean): EditRuns => {
    const sorted = [...results].sort((a, b) => a.report.elapsedMs - b.report.elapsedMs);
    return { median: stopped ? null : sorted[Math.floor(sorted.length / 2)], times: results.map((result) => result.report.elapsedMs), file };
  };
  const name = kind === 'body' ? 'one-section edit' : 'heading rename';
  for (let round = 0; round < EDIT_ROUNDS; round += 1) {
    const edited = await editOneSection(corpus.paths.contentDir, corpus.files, kind);
    file = path.relative(corpus.paths.contentDir, edited.file);
    let result: BuildResult | null;
    try {
      result = await runJob({ kind: 'build', paths: corpus.paths, distiller: 'offline' }, limitMs);
    } finally {
      await writeFile(edited.file, edited.original);
    }
    describe(`${name} of ${file}`, result, limitMs);
    if (result === null) return done(true);
    results.push(result);
    const undone = await runJob({ kind: 'build', paths: corpus.paths, distiller: 'offline' }, limitMs);
    describe(`${name} undone`, undone, limitMs);
    if (undone === null) return done(true);
    results.push(undone);
  }
  log(`  ${name}: median ${secondsText(done(false).median?.report.elapsedMs ?? 0)} of ${results.map((result) => secondsText(result.report.elapsedMs)).join(', ')}`);
  return done(false);
}

/** Full build, no-op and one-section edit with the counting distiller, in a digest and cache of their own beside the offline ones. */
async function countCalls(corpus: PreparedCorpus, limitMs: number): Promise<CallsRun> {
  const paths: CorpusPaths = { ...corpus.paths, outDir: path.join(corpus.dir, 'digest-model-path'), cacheDir: path.join(corpus.dir, '.ask-cache-model-path') };
  const clean = (): Promise<unknown> => Promise.all([rm(paths.outDir, { recursive: true, force: true }), rm(paths.cacheDir, { recursive: true, force: true })]);
  await clean();
  try {
    log('  model path (counting distiller): full build...');
    const full = await runJob({ kind: 'build', paths, distiller: 'counting' }, limitMs);
    describe('model path, full', full, limitMs);
    if (full === null) return { full, noop: null, edit: null, passesChanged: null };
    const noop = await runJob({ kind: 'build', paths, distiller: 'counting' }, limitMs);
    describe('model path, no-op', noop, limitMs);
    const before = await corpusInputs(paths.outDir);
    const { result: edit } = await editedBuild(corpus, paths, 'counting', limitMs);
    describe('model path, one-section edit', edit, limitMs);
    const after = await corpusInputs(paths.outDir);
    const passes = Object.keys(CORPUS_PASSES) as CorpusPassName[];
    const known = passes.every((pass) => typeof before[pass] === 'string' && typeof after[pass] === 'string');
    return { full, noop, edit, passesChanged: known && edit ? passes.filter((pass) => before[pass] !== after[pass]) : null };
  } finally {
    await clean();
  }
}

async function benchCorpus(corpus: PreparedCorpus, limitMs: number, countModelCalls: boolean): Promise<CorpusRun> {
  const { paths } = corpus;
  const about = { name: corpus.name, kind: corpus.kind, nominalPages: corpus.nominalPages, dir: corpus.dir, megabytes: corpus.megabytes, prepareMs: corpus.prepareMs, origin: corpus.origin, removeAfter: corpus.removeAfter };
  log(`${corpus.name} ~${corpus.nominalPages} pages ready (${corpus.origin}, ${corpus.megabytes.toFixed(1)} MiB) in ${secondsText(corpus.prepareMs)}; full build...`);
  const stopped = (run: Omit<CorpusRun, 'corpus' | 'limitMs'>): CorpusRun => ({ corpus: about, limitMs, ...run });

  const full = await runJob({ kind: 'build', paths, distiller: 'offline' }, limitMs);
  describe('full', full, limitMs);
  if (full === null) {
    // a half-built digest is of no use to bench:search
    await rm(corpus.dir, { recursive: true, force: true });
    return stopped({ full, pagefind: undefined, noop: undefined, edit: undefined, edits: undefined, renames: undefined, editedFile: null, calls: null });
  }

  const outputPath = path.join(corpus.dir, 'pagefind');
  const pagefind = await runJob({ kind: 'pagefind', paths, outputPath }, limitMs);
  await rm(outputPath, { recursive: true, force: true });
  log(`  Pagefind: ${pagefind === null ? 'stopped' : `${secondsText(pagefind.elapsedMs)} for ${pagefind.records} records, ${pagefind.errors} errors`}`);

  const noop = await runJob({ kind: 'build', paths, distiller: 'offline' }, limitMs);
  describe('no-op', noop, limitMs);

  // each edit is built, then undone and built again: the digest is the unedited corpus's at the end
  const edits = await editRuns(corpus, 'body', limitMs);
  const renames = edits.median === null ? undefined : await editRuns(corpus, 'heading', limitMs);

  const calls = countModelCalls ? await countCalls(corpus, limitMs) : null;
  if (corpus.removeAfter) await rm(corpus.dir, { recursive: true, force: true });
  return stopped({ full, pagefind, noop, edit: edits.median, edits, renames, editedFile: edits.file, calls });
}

function listOption<T extends string>(value: string, allowed: readonly T[], name: string): T[] {
  const items = value.split(',').map((item) => item.trim());
  const wrong = items.filter((item) => !(allowed as readonly string[]).includes(item));
  if (wrong.length > 0) throw new Error(`--${name}: ${wrong.join(', ')} not among ${allowed.join(', ')}`);
  return items as T[];
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      pages: { type: 'string', default: '2000,10000' },
      corpora: { type: 'string', default: 'generated,real' },
      seed: { type: 'string', default: '1' },
      'limit-min': { type: 'string', default: '10' },
    },
  });
  const sizes = values.pages.split(',').map(Number);
  if (sizes.some((pages) => !Number.isInteger(pages) || pages < 1)) throw new Error(`--pages: positive integers, got '${values.pages}'`);
  const kinds = listOption<CorpusKind>(values.corpora, ['generated', 'real'], 'corpora');
  const seed = Number(values.seed);
  const limitMs = Number(values['limit-min']) * 60_000;
  const real = kinds.includes('real') ? await largestRealCorpus() : null;
  if (kinds.includes('real') && real === null) log('no real corpus in ../shared/eval: the real corpus is left out');

  const started = performance.now();
  const runs: CorpusRun[] = [];
  for (const pages of sizes) {
    if (kinds.includes('generated')) runs.push(await benchCorpus(await prepareGenerated(pages, seed), limitMs, pages === CALLS_PAGES));
    if (real !== null) runs.push(await benchCorpus(await prepareReal(real, pages), limitMs, false));
  }

  const origins = [...new Set(runs.map((run) => `${run.corpus.name}: ${run.corpus.origin.replace(/ copied \d+ times$/, ' copied under r001/, r002/...')}`))];
  const calls = callsTable(runs);
  const text = [
    '# Build benchmark',
    '',
    `\`npm run bench:build\`, Node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${os.platform()}. Offline distiller, concurrency 4, chunk and answer cache in \`.ask-cache\` beside the digest (as \`ask digest build\` does). Corpora: ${origins.join('; ')}. Each build runs in a child process of its own: a full build (empty digest, empty cache), a no-op rebuild, one-section edits: a sentence added to one paragraph of one page, and a heading of one page renamed (its anchor with it), each kind ${EDIT_ROUNDS} times and undone as often, each build from the digest and cache of the one before, the median of the ${EDIT_ROUNDS * 2} shown (each time in the log); times are the build's own \`elapsedMs\`, peak memory is the child's \`maxRSS\`. Pagefind (Node API, one custom record per section, timed from \`createIndex\` to the files written) indexes the sections \`loadContent\` gives for the same corpus; its peak RSS leaves out its own binary.`,
    '',
    overviewTable(runs),
    '',
    '## Time per phase',
    '',
    'Per build, ms; `—` where the build report does not give it (a no-op stops before most phases).',
    '',
    phasesTable(runs),
    '',
    ...(calls === null
      ? []
      : [
          '## Model calls',
          '',
          `The same builds with a distiller that is not the offline one (so the build takes the model path: sections distilled in the main thread, answer cache on) doing the offline distiller's work and counting calls per method. Expected: every section and the 3 corpus passes on a full build, nothing on a no-op, 1 per section re-distilled plus the corpus passes whose input hash (manifest \`corpus\`) changed on the edit.`,
          '',
          calls,
          '',
        ]),
    '## Targets (issues 13 and 26)',
    '',
    targetsTable(runs),
    '',
    `Total ${((performance.now() - started) / 1000).toFixed(0)} s.`,
    '',
  ].join('\n');
  console.log(text);
  await publishResults('build', text);
}

await main();

/**
 * `npm run bench:build`: offline digest builds of generated corpora (1k and 10k pages).
 *
 * Per corpus: a full build, a no-op rebuild and a rebuild after editing one section, each in a
 * child process of its own so its peak memory (`maxRSS`) is its own. The corpus and its digest
 * stay in `<tmpdir>/ask-bench-corpora/p<pages>-s<seed>/` (content, digest, `.ask-cache` as the
 * CLI lays them out), consistent with each other, so `bench:search` reuses them without a
 * second full build.
 *
 * Options: `--pages 1000,10000`, `--seed 1`, `--limit-min 10` (a build still running after that is
 * stopped and reported as such). Writes `bench-results/build.md`.
 */
import { publishResults } from './results.ts';
import { spawn } from 'node:child_process';
import { link, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { buildDigest, type BuildReport } from '../../pipeline/compile/build.ts';
import { createOfflineDistiller } from '../../pipeline/distill/offline/index.ts';
import { generateCorpus, writeCorpus } from '../generate-corpus.ts';
import { benchCorpusDir, benchCorpusPaths, ROOT, type BenchCorpusPaths } from './eval.ts';

const THIS_FILE = fileURLToPath(import.meta.url);

/** Targets (DESIGN.md, "What good and fast mean"). */
const TARGET_FULL_10K_MS = 30_000;
const TARGET_NOOP_MS = 3_000;
const TARGET_PEAK_BYTES = 1024 ** 3;

interface ChildResult {
  readonly report: BuildReport;
  /** Peak resident set of the child, bytes. */
  readonly maxRss: number;
  /** Wall time of the whole child (process start, tsx, build), ms. */
  readonly wallMs: number;
}

/** Child side: one build, then one line of JSON on stdout. */
async function child(paths: BenchCorpusPaths): Promise<void> {
  const report = await buildDigest({
    ...paths,
    siteUrl: '',
    distiller: createOfflineDistiller(),
    concurrency: 4,
    force: false,
    now: () => performance.now(),
  });
  process.stdout.write(`${JSON.stringify({ report, maxRss: process.resourceUsage().maxRSS * 1024 })}\n`);
}

/**
 * Runs one build in a fresh Node process (tsx loader), returns its report and peak memory, or
 * null when it did not finish within `limitMs` (the child is killed).
 */
function buildInChild(paths: BenchCorpusPaths, limitMs: number): Promise<ChildResult | null> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const proc = spawn(process.execPath, ['--import', 'tsx', THIS_FILE, '--child', JSON.stringify(paths)], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      proc.kill('SIGKILL');
    }, limitMs);
    let out = '';
    proc.stdout.setEncoding('utf8');
    proc.stdout.on('data', (chunk: string) => {
      out += chunk;
    });
    proc.on('error', reject);
    proc.on('close', (code) => {
      clearTimeout(timer);
      const wallMs = performance.now() - started;
      const line = out.trim().split('\n').pop() ?? '';
      if (timedOut) return resolve(null);
      if (code !== 0) return reject(new Error(`build child exited with ${code}: ${out}`));
      try {
        const parsed = JSON.parse(line) as { report: BuildReport; maxRss: number };
        resolve({ ...parsed, wallMs });
      } catch {
        reject(new Error(`build child printed no result: ${out}`));
      }
    });
  });
}

/** A hard-linked copy of a tree: instant, and safe because digest writes replace files, never edit them. */
async function linkTree(from: string, to: string): Promise<void> {
  await mkdir(to, { recursive: true });
  for (const entry of await readdir(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) await linkTree(source, target);
    else await link(source, target);
  }
}

/**
 * Edits one section of one page: appends a sentence to the paragraph that follows a `##`
 * heading roughly in the middle of the corpus. Returns the file and its original text.
 */
async function editOneSection(contentDir: string, files: readonly string[]): Promise<{ file: string; original: string }> {
  for (let offset = 0; offset < files.length; offset += 1) {
    const relative = files[(Math.floor(files.length / 2) + offset) % files.length] ?? '';
    const file = path.join(contentDir, relative);
    const original = await readFile(file, 'utf8');
    const lines = original.split('\n');
    const heading = lines.findIndex((line) => line.startsWith('## '));
    // the heading, a blank line, then a paragraph line
    const paragraph = heading + 2;
    if (heading === -1 || !/^[A-Z]/.test(lines[paragraph] ?? '')) continue;
    lines[paragraph] = `${lines[paragraph]} This sentence was added by the build benchmark.`;
    await writeFile(file, lines.join('\n'));
    return { file, original };
  }
  throw new Error('no page with a paragraph under a ## heading');
}

interface Row {
  readonly pages: number;
  readonly megabytes: number;
  readonly generateMs: number;
  readonly limitMs: number;
  /** Null: the full build did not finish within the limit (and nothing else was measured). */
  readonly full: ChildResult | null;
  readonly noop: ChildResult | null;
  readonly edit: ChildResult | null;
}

async function benchOne(pages: number, seed: number, limitMs: number): Promise<Row> {
  const paths = benchCorpusPaths(pages, seed);
  await rm(benchCorpusDir(pages, seed), { recursive: true, force: true });
  const t0 = performance.now();
  const corpus = generateCorpus({ pages, seed });
  await writeCorpus(paths.contentDir, corpus);
  const generateMs = performance.now() - t0;
  const megabytes = corpus.files.reduce((total, file) => total + Buffer.byteLength(file.text), 0) / 1024 / 1024;
  console.error(`[bench:build] ${pages} pages generated (${megabytes.toFixed(1)} MiB) in ${(generateMs / 1000).toFixed(1)} s; full build...`);

  const full = await buildInChild(paths, limitMs);
  if (full === null) {
    console.error(`[bench:build]   full build stopped after ${(limitMs / 60_000).toFixed(0)} min`);
    await rm(benchCorpusDir(pages, seed), { recursive: true, force: true });
    return { pages, megabytes, generateMs, limitMs, full, noop: null, edit: null };
  }
  console.error(`[bench:build]   full ${(full.report.elapsedMs / 1000).toFixed(1)} s, peak ${(full.maxRss / 1024 ** 2).toFixed(0)} MiB; no-op...`);
  const noop = await buildInChild(paths, limitMs);

  // keep the digest of the unedited corpus aside, edit, rebuild, then put both back
  const aside = `${paths.outDir}-bench-aside`;
  await rm(aside, { recursive: true, force: true });
  await linkTree(paths.outDir, aside);
  const { file, original } = await editOneSection(paths.contentDir, corpus.files.map((entry) => entry.path));
  console.error(`[bench:build]   one-section edit of ${path.relative(paths.contentDir, file)}...`);
  const edit = await buildInChild(paths, limitMs);
  await writeFile(file, original);
  await rm(paths.outDir, { recursive: true, force: true });
  await rename(aside, paths.outDir);
  return { pages, megabytes, generateMs, limitMs, full, noop, edit };
}

const seconds = (ms: number): string => (ms / 1000).toFixed(ms < 10_000 ? 2 : 1);
const mebibytes = (bytes: number): string => (bytes / 1024 ** 2).toFixed(0);
const mark = (ok: boolean): string => (ok ? 'ok' : 'MISSED');

function timeCell(result: ChildResult | null, row: Row): string {
  if (result !== null) return seconds(result.report.elapsedMs);
  return row.full === null ? `> ${(row.limitMs / 60_000).toFixed(0)} min (stopped)` : '—';
}

function table(rows: readonly Row[]): string {
  const header = [
    'pages',
    'sections',
    'corpus MiB',
    'full build s',
    'peak RSS MiB (full)',
    'no-op rebuild s',
    'peak RSS MiB (no-op)',
    'one-section edit s',
    'sections re-distilled',
    'peak RSS MiB (edit)',
  ];
  const lines = [`| ${header.join(' | ')} |`, `|${header.map(() => '---:').join('|')}|`];
  const rss = (result: ChildResult | null): string => (result === null ? '—' : mebibytes(result.maxRss));
  for (const row of rows) {
    const changed = row.edit?.report.changed.length;
    lines.push(
      `| ${[
        row.pages.toLocaleString('en-US'),
        row.full === null ? '—' : row.full.report.sections.toLocaleString('en-US'),
        row.megabytes.toFixed(1),
        timeCell(row.full, row),
        rss(row.full),
        timeCell(row.noop, row),
        rss(row.noop),
        timeCell(row.edit, row),
        changed === undefined ? '—' : `${changed}${changed === 1 ? '' : ' (must be 1)'}`,
        rss(row.edit),
      ].join(' | ')} |`,
    );
  }
  return lines.join('\n');
}

function targets(rows: readonly Row[]): string {
  const lines = ['| target | measured | |', '|---|---:|---|'];
  const big = rows.find((row) => row.pages === 10_000);
  if (big) {
    const ms = big.full?.report.elapsedMs;
    lines.push(`| full build of 10k pages < 30 s | ${ms === undefined ? timeCell(null, big) : `${seconds(ms)} s`} | ${mark(ms !== undefined && ms < TARGET_FULL_10K_MS)} |`);
  }
  for (const row of rows) {
    const label = row.pages.toLocaleString('en-US');
    if (row.full === null || row.noop === null || row.edit === null) {
      lines.push(`| everything else (${label} pages) | not measured: the full build did not finish | |`);
      continue;
    }
    lines.push(`| no-op rebuild < 3 s (${label} pages) | ${seconds(row.noop.report.elapsedMs)} s | ${mark(row.noop.report.elapsedMs < TARGET_NOOP_MS)} |`);
    const peak = Math.max(row.full.maxRss, row.noop.maxRss, row.edit.maxRss);
    lines.push(`| peak memory < 1 GiB (${label} pages) | ${mebibytes(peak)} MiB | ${mark(peak < TARGET_PEAK_BYTES)} |`);
    lines.push(`| one-section edit re-distils 1 section (${label} pages) | ${row.edit.report.changed.length} | ${mark(row.edit.report.changed.length === 1)} |`);
    lines.push(
      `| no-op makes no model call, distils nothing (${label} pages) | ${row.noop.report.usage.calls} calls, ${row.noop.report.changed.length} sections | ${mark(row.noop.report.upToDate && row.noop.report.changed.length === 0)} |`,
    );
  }
  return lines.join('\n');
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      pages: { type: 'string', default: '1000,10000' },
      seed: { type: 'string', default: '1' },
      'limit-min': { type: 'string', default: '10' },
      child: { type: 'string' },
    },
  });
  if (values.child !== undefined) return child(JSON.parse(values.child) as BenchCorpusPaths);
  const started = performance.now();
  const seed = Number(values.seed);
  const rows: Row[] = [];
  const limitMs = Number(values['limit-min']) * 60_000;
  for (const pages of values.pages.split(',').map(Number)) rows.push(await benchOne(pages, seed, limitMs));
  const text = [
    '# Build benchmark',
    '',
    `\`npm run bench:build\`, Node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${os.platform()}. Offline distiller, concurrency 4, chunk and answer cache in \`.ask-cache\` beside the digest (as \`ask digest build\` does), generated corpus (\`scripts/generate-corpus.ts\`, seed ${seed}). Each build runs in a child process of its own; times are the build's own \`elapsedMs\`, peak memory is the child's \`maxRSS\`.`,
    '',
    table(rows),
    '',
    targets(rows),
    '',
    `Total ${((performance.now() - started) / 1000).toFixed(0)} s.`,
    '',
  ].join('\n');
  console.log(text);
  await publishResults('build', text);
}

await main();

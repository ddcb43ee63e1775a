/**
 * The jobs `bench:build` runs in child processes of their own (so each peak memory is its own),
 * what they print back, and the parent side that spawns them with a time limit. The child side is
 * `build-child.ts`.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import type { GeneratorName } from '../../pipeline/content/generators/index.ts';
import { ROOT } from './eval.ts';

const CHILD_FILE = path.join(import.meta.dirname, 'build-child.ts');

/** Where a corpus is read from and its digest written, as `ask digest build` lays them out. */
export interface CorpusPaths {
  readonly contentDir: string;
  readonly outDir: string;
  readonly cacheDir: string;
  readonly generator: GeneratorName;
}

export type Job =
  /** One `buildDigest` with the offline distiller, or with it wrapped so the build takes the model path and its calls are counted. */
  | { readonly kind: 'build'; readonly paths: CorpusPaths; readonly distiller: 'offline' | 'counting' }
  /** Pagefind indexing the sections `loadContent` gives for the corpus, written to `outputPath`. */
  | { readonly kind: 'pagefind'; readonly paths: CorpusPaths; readonly outputPath: string };

/** The build phases the BuildReport times (`phases`, ms); absent in reports of builds that do not time them. */
export const PHASES = ['hash', 'parse', 'distil', 'corpus', 'index', 'write'] as const;
export type Phase = (typeof PHASES)[number];

/** Calls the counting distiller saw, per method. */
export interface CallCounts {
  readonly distillSection: number;
  readonly distillGlossary: number;
  readonly suggestQuestions: number;
  readonly writeContext: number;
}

/** The parts of a BuildReport the benchmark reads, read defensively (fields land while the report changes). */
export interface BenchReport {
  readonly upToDate: boolean;
  readonly pages: number;
  readonly sections: number;
  readonly changed: readonly string[];
  readonly elapsedMs: number;
  readonly modelCalls: number;
  readonly parsedFiles: number | null;
  readonly phases: Partial<Record<Phase, number>>;
}

export interface BuildResult {
  readonly kind: 'build';
  readonly report: BenchReport;
  /** Null unless the job's distiller was `counting`. */
  readonly calls: CallCounts | null;
  /** Peak resident set of the child, bytes. */
  readonly maxRss: number;
  /** Wall time of the whole child (process start, tsx, build), ms. */
  readonly wallMs: number;
}

export interface PagefindResult {
  readonly kind: 'pagefind';
  /** From `createIndex` to the files written, ms. */
  readonly elapsedMs: number;
  readonly records: number;
  /** Errors Pagefind reported, all calls together. */
  readonly errors: number;
  /** Peak resident set of the Node child (Pagefind's own binary not included), bytes. */
  readonly maxRss: number;
  readonly wallMs: number;
}

export type JobResult<J extends Job> = J extends { kind: 'build' } ? BuildResult : PagefindResult;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const numberOr = <T>(value: unknown, fallback: T): number | T => (typeof value === 'number' && Number.isFinite(value) ? value : fallback);

/** A BuildReport as printed by a child, whatever fields it has. */
export function readBenchReport(value: unknown): BenchReport {
  const report = isRecord(value) ? value : {};
  const phases: Partial<Record<Phase, number>> = {};
  const given = isRecord(report.phases) ? report.phases : {};
  for (const phase of PHASES) {
    const ms = numberOr(given[phase], null);
    if (ms !== null) phases[phase] = ms;
  }
  const usage = isRecord(report.usage) ? report.usage : {};
  return {
    upToDate: report.upToDate === true,
    pages: numberOr(report.pages, 0),
    sections: numberOr(report.sections, 0),
    changed: Array.isArray(report.changed) ? report.changed.filter((id): id is string => typeof id === 'string') : [],
    elapsedMs: numberOr(report.elapsedMs, 0),
    modelCalls: numberOr(usage.calls, 0),
    parsedFiles: numberOr(report.parsedFiles, null),
    phases,
  };
}

function readResult(line: string, wallMs: number): BuildResult | PagefindResult {
  const data: unknown = JSON.parse(line);
  if (!isRecord(data)) throw new Error('not an object');
  const maxRss = numberOr(data.maxRss, 0);
  if (data.kind === 'pagefind') {
    return { kind: 'pagefind', elapsedMs: numberOr(data.elapsedMs, 0), records: numberOr(data.records, 0), errors: numberOr(data.errors, 0), maxRss, wallMs };
  }
  const calls = isRecord(data.calls) ? data.calls : null;
  return {
    kind: 'build',
    report: readBenchReport(data.report),
    calls:
      calls === null
        ? null
        : {
            distillSection: numberOr(calls.distillSection, 0),
            distillGlossary: numberOr(calls.distillGlossary, 0),
            suggestQuestions: numberOr(calls.suggestQuestions, 0),
            writeContext: numberOr(calls.writeContext, 0),
          },
    maxRss,
    wallMs,
  };
}

/**
 * Runs a job in a fresh Node process (tsx loader) and returns what it printed, or null when it
 * did not finish within `limitMs` (the child is killed).
 */
export function runJob<J extends Job>(job: J, limitMs: number): Promise<JobResult<J> | null> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const proc = spawn(process.execPath, ['--import', 'tsx', CHILD_FILE, JSON.stringify(job)], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
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
      if (timedOut) return resolve(null);
      if (code !== 0) return reject(new Error(`${job.kind} child exited with ${code}: ${out}`));
      let result: BuildResult | PagefindResult;
      try {
        result = readResult(out.trim().split('\n').pop() ?? '', performance.now() - started);
      } catch {
        return reject(new Error(`${job.kind} child printed no result: ${out}`));
      }
      if (result.kind !== job.kind) return reject(new Error(`${job.kind} child printed a ${result.kind} result`));
      resolve(result as JobResult<J>);
    });
  });
}

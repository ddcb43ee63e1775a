/**
 * The Markdown tables of `bench:build`: builds beside Pagefind per corpus, time per phase of each
 * build, model calls per pass, and the targets of issues 13 and 26, each `ok` or `MISSED` with the figure.
 */
import { PHASES, type BuildResult, type CallCounts, type PagefindResult } from './build-jobs.ts';
import type { PreparedCorpus } from './build-corpora.ts';

/** Corpus passes by the manifest's name, and the distiller method that runs each. */
export const CORPUS_PASSES = { glossary: 'distillGlossary', suggestions: 'suggestQuestions', context: 'writeContext' } as const satisfies Record<string, keyof CallCounts>;
export type CorpusPassName = keyof typeof CORPUS_PASSES;

/** The builds with the counting distiller (model path) on one corpus. */
export interface CallsRun {
  readonly full: BuildResult | null;
  readonly noop: BuildResult | null;
  readonly edit: BuildResult | null;
  /** Corpus passes whose input hash the edit changed (from the manifests before and after); null when unknown. */
  readonly passesChanged: readonly CorpusPassName[] | null;
}

/** Builds of one kind of one-section edit (`editRuns`). */
export interface EditRuns {
  /** The median build by elapsed time; null: a build did not finish within the limit. */
  readonly median: BuildResult | null | undefined;
  /** Every build's elapsed ms, in order. */
  readonly times: readonly number[];
  /** The edited file, relative to the content folder. */
  readonly file: string | null;
}

export interface CorpusRun {
  readonly corpus: Omit<PreparedCorpus, 'files' | 'paths'>;
  readonly limitMs: number;
  /** Null: did not finish within the limit; undefined: not run (an earlier step did not finish). */
  readonly full: BuildResult | null;
  readonly pagefind: PagefindResult | null | undefined;
  readonly noop: BuildResult | null | undefined;
  /** The median one-section edit (a sentence added): `edits.median`. */
  readonly edit: BuildResult | null | undefined;
  readonly edits: EditRuns | undefined;
  /** Heading renames. */
  readonly renames: EditRuns | undefined;
  readonly editedFile: string | null;
  readonly calls: CallsRun | null;
}

/** Thresholds of issue 13's targets. */
export const TARGETS = {
  edit2kMs: 3_000,
  edit10kMs: 10_000,
  noop10kMs: 1_000,
  noopMs: 1_000,
  /** A one-section edit's share of the full build's time (issue 26). */
  editShare: 0.1,
  full10kMs: 60_000,
  peak10kBytes: 1024 ** 3,
} as const;

/** Runs of this many pages or more are held to the targets of ~10,000 pages, fewer to those of ~2,000. */
export const LARGE_PAGES = 10_000;

const seconds = (ms: number): string => (ms / 1000).toFixed(ms < 10_000 ? 2 : 1);
const mebibytes = (bytes: number): string => (bytes / 1024 ** 2).toFixed(0);
const mark = (ok: boolean): string => (ok ? 'ok' : 'MISSED');
const count = (value: number): string => value.toLocaleString('en-US');

function label(run: CorpusRun): string {
  return `${run.corpus.name} ~${count(run.corpus.nominalPages)}`;
}

/** A measured time, `> N min (stopped)` for a step that ran out of time, `—` for one not run. */
function timeCell(result: { readonly elapsedMs: number } | null | undefined, limitMs: number): string {
  if (result === undefined) return '—';
  if (result === null) return `> ${limitText(limitMs)} (stopped)`;
  return seconds(result.elapsedMs);
}

/** The time limit of a step, in minutes or, below one, seconds. */
export const limitText = (limitMs: number): string => (limitMs < 60_000 ? `${(limitMs / 1000).toFixed(0)} s` : `${(limitMs / 60_000).toFixed(0)} min`);

const reportOf = (result: BuildResult | null | undefined): { readonly elapsedMs: number } | null | undefined => (result ? result.report : result);

export function overviewTable(runs: readonly CorpusRun[]): string {
  const header = ['corpus', 'pages', 'sections', 'MiB', 'full build s', 'Pagefind s', 'full / Pagefind', 'no-op s', 'one-section edit s (median)', 'heading rename s (median)', 'edit / full', 'write s full / edit / rename', 're-distilled', 'peak RSS MiB full / no-op / edit'];
  const lines = [`| ${header.join(' | ')} |`, `|---|${header.slice(1).map(() => '---:').join('|')}|`];
  for (const run of runs) {
    const rss = [run.full, run.noop, run.edit].map((result) => (result ? mebibytes(result.maxRss) : '—')).join(' / ');
    const ratio = run.full && run.pagefind ? `${(run.full.report.elapsedMs / run.pagefind.elapsedMs).toFixed(2)}×` : '—';
    const changed = run.edit?.report.changed.length;
    const rename = run.renames?.median;
    const share = run.full && run.edit ? `${((100 * run.edit.report.elapsedMs) / run.full.report.elapsedMs).toFixed(1)}%` : '—';
    const writes = [run.full, run.edit, rename].map((result) => (result?.report.phases.write === undefined ? '—' : seconds(result.report.phases.write))).join(' / ');
    lines.push(
      `| ${[
        run.corpus.name,
        run.full ? count(run.full.report.pages) : `~${count(run.corpus.nominalPages)}`,
        run.full ? count(run.full.report.sections) : '—',
        run.corpus.megabytes.toFixed(1),
        timeCell(reportOf(run.full), run.limitMs),
        timeCell(run.pagefind, run.limitMs),
        ratio,
        timeCell(reportOf(run.noop), run.limitMs),
        timeCell(reportOf(run.edit), run.limitMs),
        timeCell(reportOf(rename), run.limitMs),
        share,
        writes,
        changed === undefined ? '—' : `${changed}${changed === 1 ? '' : ' (must be 1)'}`,
        rss,
      ].join(' | ')} |`,
    );
  }
  return lines.join('\n');
}

/** One row per build: its own time, files parsed, and time per phase when the report has them. */
export function phasesTable(runs: readonly CorpusRun[]): string {
  const header = ['corpus', 'build', 'elapsed s', 'parsed files', ...PHASES.map((phase) => `${phase} ms`), 'peak RSS MiB', 'child wall s'];
  const lines = [`| ${header.join(' | ')} |`, `|---|---|${header.slice(2).map(() => '---:').join('|')}|`];
  const row = (corpus: string, name: string, result: BuildResult | null | undefined, limitMs: number): void => {
    if (result === undefined) return;
    const report = result?.report;
    lines.push(
      `| ${[
        corpus,
        name,
        timeCell(report ?? null, limitMs),
        report?.parsedFiles === null || report === undefined ? '—' : count(report.parsedFiles),
        ...PHASES.map((phase) => {
          const ms = report?.phases[phase];
          return ms === undefined ? '—' : ms.toFixed(0);
        }),
        result ? mebibytes(result.maxRss) : '—',
        result ? seconds(result.wallMs) : '—',
      ].join(' | ')} |`,
    );
  };
  for (const run of runs) {
    row(label(run), 'full', run.full, run.limitMs);
    row(label(run), 'no-op', run.noop, run.limitMs);
    row(label(run), 'one-section edit (median)', run.edit, run.limitMs);
    row(label(run), 'heading rename (median)', run.renames?.median, run.limitMs);
    if (run.calls) {
      row(label(run), 'model path: full', run.calls.full, run.limitMs);
      row(label(run), 'model path: no-op', run.calls.noop, run.limitMs);
      row(label(run), 'model path: edit', run.calls.edit, run.limitMs);
    }
  }
  return lines.join('\n');
}

const ZERO: CallCounts = { distillSection: 0, distillGlossary: 0, suggestQuestions: 0, writeContext: 0 };

/** The calls a pass should make: 1 per section distilled anew, 1 per corpus pass whose inputs changed. */
function expectedCalls(result: BuildResult, sections: number, passes: readonly CorpusPassName[]): CallCounts {
  if (result.report.upToDate) return ZERO;
  const expected: Record<keyof CallCounts, number> = { ...ZERO, distillSection: sections };
  for (const pass of passes) expected[CORPUS_PASSES[pass]] = 1;
  return expected;
}

interface CallsVerdict {
  readonly name: string;
  readonly result: BuildResult | null;
  readonly expected: CallCounts | null;
}

function callsVerdicts(calls: CallsRun): CallsVerdict[] {
  const allPasses = Object.keys(CORPUS_PASSES) as CorpusPassName[];
  return [
    // empty digest, empty cache: every section
    { name: 'full build', result: calls.full, expected: calls.full ? expectedCalls(calls.full, calls.full.report.sections, allPasses) : null },
    // a no-op makes no call at all, whatever it reports
    { name: 'no-op', result: calls.noop, expected: calls.noop ? ZERO : null },
    {
      name: 'one-section edit',
      result: calls.edit,
      expected: calls.edit && calls.passesChanged ? expectedCalls(calls.edit, calls.edit.report.changed.length, calls.passesChanged) : null,
    },
  ];
}

const callsText = (counts: CallCounts): string =>
  `${counts.distillSection} section + ${counts.distillGlossary} glossary + ${counts.suggestQuestions} suggestions + ${counts.writeContext} context`;
const sameCalls = (a: CallCounts, b: CallCounts): boolean =>
  a.distillSection === b.distillSection && a.distillGlossary === b.distillGlossary && a.suggestQuestions === b.suggestQuestions && a.writeContext === b.writeContext;

export function callsTable(runs: readonly CorpusRun[]): string | null {
  const measured = runs.filter((run) => run.calls !== null);
  if (measured.length === 0) return null;
  const lines = ['| corpus | pass | calls | expected | |', '|---|---|---:|---:|---|'];
  for (const run of measured) {
    if (run.calls === null) continue;
    for (const verdict of callsVerdicts(run.calls)) {
      const got = verdict.result?.calls ?? null;
      lines.push(
        `| ${label(run)} | ${verdict.name} | ${got ? callsText(got) : 'not measured'} | ${verdict.expected ? callsText(verdict.expected) : '—'} | ${got && verdict.expected ? mark(sameCalls(got, verdict.expected)) : ''} |`,
      );
    }
  }
  return lines.join('\n');
}

export function targetsTable(runs: readonly CorpusRun[]): string {
  const lines = ['| target | corpus | measured | |', '|---|---|---:|---|'];
  const push = (target: string, run: CorpusRun, measured: string, ok: boolean | null): void => {
    lines.push(`| ${target} | ${label(run)} | ${measured} | ${ok === null ? 'MISSED' : mark(ok)} |`);
  };
  const timeRow = (target: string, run: CorpusRun, result: { readonly elapsedMs: number } | null | undefined, ok: (ms: number) => boolean): void => {
    push(target, run, result ? `${seconds(result.elapsedMs)} s` : timeCell(result, run.limitMs), result ? ok(result.elapsedMs) : null);
  };
  for (const run of runs) {
    const large = run.corpus.nominalPages >= LARGE_PAGES;
    if (large) timeRow('one-section edit ≤ 10 s at ~10,000 pages', run, reportOf(run.edit), (ms) => ms <= TARGETS.edit10kMs);
    else timeRow('one-section edit ≤ 3 s at ~2,000 pages', run, reportOf(run.edit), (ms) => ms <= TARGETS.edit2kMs);
    if (run.edit) push('one-section edit re-distils 1 section', run, count(run.edit.report.changed.length), run.edit.report.changed.length === 1);
    const rename = run.renames?.median;
    if (!large && run.renames !== undefined) timeRow('heading rename ≤ 3 s at ~2,000 pages', run, reportOf(rename), (ms) => ms <= TARGETS.edit2kMs);
    if (run.full) {
      const full = run.full.report.elapsedMs;
      const share = (name: string, result: BuildResult | null | undefined): void => {
        if (result === undefined) return;
        push(`${name} ≤ 10% of the full build`, run, result === null ? timeCell(null, run.limitMs) : `${((100 * result.report.elapsedMs) / full).toFixed(1)}%`, result === null ? null : result.report.elapsedMs <= TARGETS.editShare * full);
      };
      share('one-section edit', run.edit);
      share('heading rename', rename);
    }
    if (!large) timeRow('no-op ≤ 1 s', run, reportOf(run.noop), (ms) => ms <= TARGETS.noopMs);
    if (large) {
      timeRow('no-op ≤ 1 s at ~10,000 pages', run, reportOf(run.noop), (ms) => ms <= TARGETS.noop10kMs);
      timeRow('full build < 60 s at ~10,000 pages', run, reportOf(run.full), (ms) => ms < TARGETS.full10kMs);
    }
    if (run.full && run.pagefind) {
      const ratio = run.full.report.elapsedMs / run.pagefind.elapsedMs;
      push('full build no slower than Pagefind', run, `${seconds(run.full.report.elapsedMs)} s vs ${seconds(run.pagefind.elapsedMs)} s (${ratio.toFixed(2)}×)`, ratio <= 1);
    } else {
      push('full build no slower than Pagefind', run, `full ${timeCell(reportOf(run.full), run.limitMs)}, Pagefind ${timeCell(run.pagefind, run.limitMs)}`, null);
    }
    if (large) {
      const results = [run.full, run.noop, run.edit];
      const done = results.filter((result): result is BuildResult => result !== null && result !== undefined);
      const peak = Math.max(0, ...done.map((result) => result.maxRss));
      push('peak RSS < 1 GiB at ~10,000 pages', run, `${mebibytes(peak)} MiB${done.length < results.length ? ' (not every build finished)' : ''}`, done.length === results.length ? peak < TARGETS.peak10kBytes : null);
    }
    if (run.calls) {
      for (const verdict of callsVerdicts(run.calls)) {
        const got = verdict.result?.calls ?? null;
        const total = got ? got.distillSection + got.distillGlossary + got.suggestQuestions + got.writeContext : null;
        push(
          `model calls as today: ${verdict.name}`,
          run,
          total === null ? 'not measured' : `${count(total)} calls`,
          got && verdict.expected ? sameCalls(got, verdict.expected) : null,
        );
      }
    }
  }
  return lines.join('\n');
}

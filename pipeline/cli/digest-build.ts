import { parseConfigured } from './configured-command.ts';
import { DIGEST_BUILD } from './specs/index.ts';
import path from 'node:path';
import { buildDigest, type BuildReport } from '../compile/build.ts';
import { BUILD_PHASES, type PhaseTimes } from '../compile/phases.ts';
import { ContentErrors } from '../content/load.ts';
import { chooseDistiller } from '../distill/choose.ts';
import { counted } from '../text/counted.ts';
import { fileList } from './file-list.ts';
import { parseIntegerFlag } from './args.ts';
import { CommandFailure, quietIO, UsageError, type CliIO, type Command } from './io.ts';
import { contentFolder } from './paths.ts';
import { progressReporter } from './progress.ts';
import { buildSite } from './build-site.ts';
import type { SiteChoice } from './site-flags.ts';
import { hiddenDigestFiles } from '../compile/digest-tracking.ts';
import { hiddenFilesWarning } from './digest-tracking-report.ts';

/** The closing line of a build: what it did and what it cost. */
export function buildSummary(report: BuildReport, distiller: { provider: string; model: string }): string {
  const { usage } = report;
  const seconds = (report.elapsedMs / 1000).toFixed(2);
  const state = report.upToDate ? 'digest up to date' : 'digest built';
  return (
    `${state}: ${counted(report.pages, 'page')}, ${counted(report.sections, 'section')}, ${report.changed.length} changed, ${report.removed.length} removed; ` +
    `${distiller.provider}/${distiller.model}: ${counted(usage.calls, 'model call')}, ${usage.inputTokens} input + ${usage.outputTokens} output tokens, ` +
    `${counted(usage.cacheHits, 'cache hit')}, ${counted(usage.droppedFacts, 'non-verbatim fact')} dropped; ${seconds}s`
  );
}

/** The one line naming the files a build rewrote because they were not its own (at most 10, then "and N more"). */
function repairedLine(files: readonly string[], out: string): string {
  return `ask: repaired ${counted(files.length, 'file')} of '${out}' that ${files.length === 1 ? 'was' : 'were'} not what the build makes (edited by hand?): ${fileList(files)}`;
}

/** `hash 0.12s, parse 1.40s, …`: the time of each phase of a build. */
export function phaseLine(phases: PhaseTimes): string {
  return BUILD_PHASES.map((phase) => `${phase} ${(phases[phase] / 1000).toFixed(2)}s`).join(', ');
}

/** The build report as one JSON object, for CI (`--json`). */
export function buildReportJson(report: BuildReport, distiller: { provider: string; model: string }, site: SiteChoice): Record<string, unknown> {
  return {
    upToDate: report.upToDate,
    pages: report.pages,
    sections: report.sections,
    changed: report.changed,
    removed: report.removed,
    provider: distiller.provider,
    model: distiller.model,
    generator: site.generator,
    usage: report.usage,
    contentHash: report.contentHash,
    elapsedMs: Math.round(report.elapsedMs),
    parsedFiles: report.parsedFiles,
    repaired: report.repaired,
    phases: report.phases,
  };
}

/** The shared error handling of commands that read a content folder. */
export function contentFailure(error: unknown): never {
  if (error instanceof ContentErrors) {
    throw new CommandFailure(error.errors.map((problem) => `ask: ${problem.message}`).join('\n'));
  }
  throw error;
}

/**
 * The source commit a build records when one is given: `--source-commit`, else a non-empty
 * `ASK_SOURCE_COMMIT`; undefined: the build asks git.
 */
function sourceCommitFlag(flag: string | undefined, env: string | undefined): string | undefined {
  if (flag !== undefined && flag.trim() === '') throw new UsageError('ask digest build: --source-commit needs a commit, e.g. --source-commit $(git rev-parse HEAD)');
  const given = flag ?? env;
  return given === undefined || given.trim() === '' ? undefined : given.trim();
}

/** `ask digest build`: runs the pipeline, distilling only the sections whose hash changed. */
export const digestBuild: Command = async (argv, commandIO: CliIO) => {
  const parsed = await parseConfigured(DIGEST_BUILD, argv, commandIO.cwd);
  const { values, positionals } = parsed;
  if (values.quiet && (values.json || values.verbose)) throw new UsageError(`ask digest build: --quiet prints nothing, so it cannot go with --${values.json ? 'json' : 'verbose'}`);
  const io = values.quiet ? quietIO(commandIO) : commandIO;
  if (positionals.length > 0) throw new UsageError(`ask digest build: unexpected argument '${positionals[0]}'`);
  const concurrency = parseIntegerFlag('digest build', 'concurrency', values.concurrency, 4);
  if (concurrency < 1) throw new UsageError('ask digest build: --concurrency must be at least 1');
  const sourceCommit = sourceCommitFlag(values['source-commit'], io.env.ASK_SOURCE_COMMIT);
  const contentDir = (await contentFolder('digest build', values.content, parsed, io.cwd)).dir;
  const outDir = path.resolve(io.cwd, values.out);
  let chosen;
  try {
    chosen = await chooseDistiller(io.env, { provider: values.provider, model: values.model });
  } catch (error) {
    throw new UsageError(`ask digest build: ${error instanceof Error ? error.message : String(error)}`);
  }
  const { site, config, identity } = await buildSite(values, contentDir, io);
  if (chosen.notice) io.err(`ask: ${chosen.notice}`);
  const { distiller } = chosen;
  let report: BuildReport;
  try {
    report = await buildDigest({
      contentDir,
      outDir,
      siteUrl: values['site-url'],
      ...site,
      ...(config === undefined ? {} : { config }),
      ...identity,
      distiller,
      ...(sourceCommit === undefined ? {} : { sourceCommit }),
      concurrency,
      force: values.force,
      cacheDir: path.join(path.dirname(outDir), '.ask-cache'),
      onProgress: progressReporter(io),
      now: () => performance.now(),
    });
  } catch (error) {
    if (error instanceof ContentErrors) contentFailure(error);
    const reason = error instanceof Error ? error.message : String(error);
    throw new CommandFailure(`ask digest build: failed, the previous digest is unchanged: ${reason}`);
  }
  if (report.repaired.length > 0) io.err(repairedLine(report.repaired, values.out));
  if (values.json) io.out(JSON.stringify(buildReportJson(report, distiller, site)));
  else io.out(buildSummary(report, distiller));
  const hidden = hiddenFilesWarning(await hiddenDigestFiles(contentDir, outDir), values.out);
  if (hidden !== null) io.err(hidden);
  if (values.verbose && !values.json) {
    for (const id of report.changed) io.err(`ask: distilled ${id}`);
    io.err(`ask: ${report.parsedFiles} files parsed; ${phaseLine(report.phases)}`);
  }
  return 0;
};

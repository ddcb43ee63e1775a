import { parseCommand } from './command-spec.ts';
import { DIGEST_BUILD } from './specs/index.ts';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { buildDigest, type BuildReport } from '../compile/build.ts';
import { BUILD_PHASES, type PhaseTimes } from '../compile/phases.ts';
import { ContentErrors } from '../content/load.ts';
import { generatorOfConfig } from '../content/site-config/index.ts';
import { chooseDistiller } from '../distill/choose.ts';
import { counted } from '../text/counted.ts';
import { parseIntegerFlag } from './args.ts';
import { CommandFailure, quietIO, UsageError, type CliIO, type Command } from './io.ts';
import { existingFolder } from './paths.ts';
import { progressReporter } from './progress.ts';
import { chooseSite, type SiteChoice } from './site-flags.ts';

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

/** `--config FILE`: an existing file, as an absolute path; undefined when not given. */
async function configFlag(cwd: string, flag: string | undefined): Promise<string | undefined> {
  if (flag === undefined) return undefined;
  const file = path.resolve(cwd, flag);
  const found = await stat(file).catch(() => null);
  if (!found?.isFile()) throw new UsageError(`ask digest build: --config must name the generator's config file, '${flag}' is not a file`);
  return file;
}

/** `--site-name`, `--site-description`: given and not blank, else left to the config and the home page. */
function identityFlags(name: string | undefined, description: string | undefined): { siteName?: string; siteDescription?: string } {
  for (const [flag, value] of [['--site-name', name], ['--site-description', description]] as const) {
    if (value !== undefined && value.trim() === '') throw new UsageError(`ask digest build: ${flag} needs a text, e.g. ${flag} 'Acme Docs'`);
  }
  return { ...(name === undefined ? {} : { siteName: name.trim() }), ...(description === undefined ? {} : { siteDescription: description.trim() }) };
}

/** `ask digest build`: runs the pipeline, distilling only the sections whose hash changed. */
export const digestBuild: Command = async (argv, commandIO: CliIO) => {
  const { values, positionals } = parseCommand(DIGEST_BUILD, argv);
  if (values.quiet && (values.json || values.verbose)) throw new UsageError(`ask digest build: --quiet prints nothing, so it cannot go with --${values.json ? 'json' : 'verbose'}`);
  const io = values.quiet ? quietIO(commandIO) : commandIO;
  if (positionals.length > 0) throw new UsageError(`ask digest build: unexpected argument '${positionals[0]}'`);
  const concurrency = parseIntegerFlag('digest build', 'concurrency', values.concurrency, 4);
  if (concurrency < 1) throw new UsageError('ask digest build: --concurrency must be at least 1');
  const sourceCommit = sourceCommitFlag(values['source-commit'], io.env.ASK_SOURCE_COMMIT);
  const contentDir = await existingFolder(io.cwd, values.content, '--content', 'pass --content DIR with your Markdown pages');
  const outDir = path.resolve(io.cwd, values.out);
  let chosen;
  try {
    chosen = await chooseDistiller(io.env, { provider: values.provider, model: values.model });
  } catch (error) {
    throw new UsageError(`ask digest build: ${error instanceof Error ? error.message : String(error)}`);
  }
  const config = await configFlag(io.cwd, values.config);
  // a config given names its generator when none is asked for
  const generatorOfFile = config === undefined || (values.generator ?? 'auto') !== 'auto' ? null : generatorOfConfig(config);
  const site = await chooseSite('digest build', generatorOfFile === null ? values : { ...values, generator: generatorOfFile }, contentDir, io);
  const identity = identityFlags(values['site-name'], values['site-description']);
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
  if (values.json) io.out(JSON.stringify(buildReportJson(report, distiller, site)));
  else io.out(buildSummary(report, distiller));
  if (values.verbose && !values.json) {
    for (const id of report.changed) io.err(`ask: distilled ${id}`);
    io.err(`ask: ${report.parsedFiles} files parsed; ${phaseLine(report.phases)}`);
  }
  return 0;
};

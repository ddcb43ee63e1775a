import { parseConfigured } from './configured-command.ts';
import { EVAL } from './specs/index.ts';
import path from 'node:path';
import { parseIntegerFlag } from './args.ts';
import { COMMITTED_QUERIES, loadChecks, NoContentFolder } from '../compile/search-checks.ts';
import { CONFIG_FILE } from './config-schema.ts';
import { contentFolder } from './paths.ts';
import { metricText, QueriesFileError, runChecks, type CheckReport, type Metrics } from '../search/checks.ts';
import { CommandFailure, UsageError, type Command } from './io.ts';

const DEFAULT_K = 6;

function metricsLine(label: string, metrics: Metrics, k: number): string {
  return `${label} (${metrics.count}): MRR@${k} ${metricText(metrics.mrr)}, recall@${k} ${metricText(metrics.recall)}`;
}

/** The report as a reader scans it: the figures, per kind, then each query whose expected section is not first. */
function reportLines(report: CheckReport, source: string): string[] {
  const lines = [`ask eval: ${source}, top ${report.k}`, metricsLine('all queries', report.overall, report.k)];
  for (const [kind, metrics] of Object.entries(report.byKind)) lines.push(metricsLine(`  ${kind}`, metrics, report.k));
  const missed = report.outcomes.filter((outcome) => outcome.rank !== 1);
  if (missed.length > 0) {
    lines.push('', `not first (${missed.length}): query · expected · what came first`);
    for (const outcome of missed) {
      const place = outcome.rank === null ? `not in the top ${report.k}` : `rank ${outcome.rank}`;
      lines.push(`- ${JSON.stringify(outcome.query)} (${place}) · ${outcome.expected.join(', ') || 'nothing resolved'} · ${outcome.ranked[0] ?? 'no result'}`);
    }
  }
  return lines;
}

/** `ask eval`: labelled queries through the one scorer, their MRR@k and recall@k, and the misses. */
export const evalCommand: Command = async (argv, io) => {
  const parsed = await parseConfigured(EVAL, argv, io.cwd);
  const { values, positionals } = parsed;
  if (positionals.length > 0) throw new UsageError(`ask eval: unexpected argument '${positionals[0]}'`);
  const k = parseIntegerFlag('eval', 'k', values.k, DEFAULT_K);
  if (k < 1) throw new UsageError('ask eval: --k must be at least 1');
  const contentDir = values.content === undefined ? null : (await contentFolder('eval', values.content, parsed, io.cwd)).dir;
  const relative = (file: string): string => path.relative(io.cwd, file).split(path.sep).join('/') || file;
  let loaded;
  try {
    loaded = await loadChecks({
      digestDir: path.resolve(io.cwd, values.digest),
      contentDir,
      ...(values.queries === undefined ? {} : { queriesFile: path.resolve(io.cwd, values.queries) }),
      label: relative,
    });
  } catch (error) {
    if (error instanceof QueriesFileError) throw new UsageError(`ask eval: ${error.message}`);
    if (error instanceof NoContentFolder) throw new UsageError(`ask eval: ${error.message}, and no content folder is named: pass --content DIR, or run 'ask init' to write ${CONFIG_FILE}`);
    throw new CommandFailure(`ask eval: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (loaded.source === null) {
    throw new CommandFailure(`ask eval: no checks: the digest has no suggested questions with their sections; pass --queries FILE, or commit ${COMMITTED_QUERIES} in ${contentDir === null ? 'the content folder (--content DIR)' : relative(contentDir)} (one {"query", "expect": [...]} a line)`);
  }
  const report = runChecks(loaded.index, loaded.checks, k);
  if (values.json) {
    io.out(JSON.stringify({ source: loaded.source, k, overall: report.overall, byKind: report.byKind, outcomes: report.outcomes, unresolved: loaded.unresolved }, null, 2));
  } else {
    for (const line of reportLines(report, loaded.source)) io.out(line);
  }
  for (const { query, entry } of loaded.unresolved) io.err(`ask eval: ${JSON.stringify(entry)} (for ${JSON.stringify(query)}) names no section of the digest`);
  return loaded.unresolved.length > 0 ? 1 : 0;
};

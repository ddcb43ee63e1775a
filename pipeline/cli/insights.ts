import { parseConfigured } from './configured-command.ts';
import { INSIGHTS } from './specs/index.ts';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { loadSearchIndex } from '../search/load.ts';
import { insightsLines, insightsReport, parseQueryLog } from './insights-report.ts';
import { CommandFailure, UsageError, type Command } from './io.ts';

/** `ask insights --log FILE`: what readers searched for and did not find, from the opt-in query log. */
export const insightsCommand: Command = async (argv, io) => {
  const { values, positionals } = await parseConfigured(INSIGHTS, argv, io.cwd);
  if (positionals.length > 0) throw new UsageError(`ask insights: unexpected argument '${positionals[0]}'`);
  if (values.log === undefined) throw new UsageError('ask insights: --log FILE is required (the file ASK_QUERY_LOG names when ask serve runs)');
  const file = path.resolve(io.cwd, values.log);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    throw new CommandFailure(`ask insights: cannot read the query log ${values.log}`);
  }
  const index = await loadSearchIndex(path.resolve(io.cwd, values.digest)).catch((error: unknown) => {
    throw new CommandFailure(`ask insights: cannot read the digest's search tables in ${values.digest} (${error instanceof Error ? error.message.split(';')[0] : String(error)}); run 'ask digest build'`);
  });
  const report = insightsReport(parseQueryLog(text), index);
  if (values.json) io.out(JSON.stringify(report, null, 2));
  else for (const line of insightsLines(report)) io.out(line);
  return 0;
};

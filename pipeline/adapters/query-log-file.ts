/**
 * The query log's NDJSON file (`ask serve` with `ASK_QUERY_LOG`): one JSON object a line (a query
 * entry, or a feedback entry with its `feedback` field), appended in the order they came. A
 * failed write is said once on the log and never reaches the request.
 */
import { appendFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { AskLogEntry, QueryLogSink } from '../runtime/query-log.ts';

export function queryLogFile(file: string, log: (line: string) => void): QueryLogSink {
  let chain: Promise<void> = mkdir(path.dirname(file), { recursive: true }).then(() => undefined);
  let failed = false;
  return {
    record(entry: AskLogEntry) {
      chain = chain
        .then(() => appendFile(file, `${JSON.stringify(entry)}\n`, 'utf8'))
        .catch((error: unknown) => {
          if (failed) return;
          failed = true;
          log(`ask: the query log ${file} cannot be written (${error instanceof Error ? error.message : String(error)}); queries are answered but not logged`);
        });
      return chain;
    },
  };
}

/**
 * The opt-in query log (off unless a host passes a sink: `ASK_QUERY_LOG` for `ask serve`, the
 * handler's `queryLog` option elsewhere). Per query it keeps what a docs team needs to see what
 * readers searched for and did not find: the query normalised and stripped of anything personal
 * or secret, how many results keyword search gave, the top result's url, the answer mode, and the
 * hour. With it, the search box's feedback (runtime/feedback-route.ts) goes to the same sink: a
 * result opened (its url and rank) or an answer rated, under the same normalised query and hour.
 * Never an IP address, a header, a cookie, a session, a user agent or the exact time.
 */
import type { KeywordResult } from '../format/wire.ts';

export interface QueryLogEntry {
  /** The query, normalised (`normaliseQuery`): lower case, spaces collapsed, personal and secret runs replaced. */
  readonly query: string;
  /** How many results keyword search gave for it (for an agentic answer, what its first search would find). */
  readonly results: number;
  /** The url of the first result, null when there was none. */
  readonly top: string | null;
  readonly mode: 'keyword' | 'agentic';
  /** The hour it was asked, UTC, `YYYY-MM-DDTHH`. */
  readonly hour: string;
  /** Never set on a query entry: a feedback entry's `feedback` is what tells the two apart. */
  readonly feedback?: undefined;
}

/** A reader opened a result of a keyword search. */
interface OpenFeedbackEntry {
  readonly feedback: 'open';
  /** The query whose results were shown, normalised as a query entry's. */
  readonly query: string;
  /** The result's path (with its `#anchor`, never a query string). */
  readonly url: string;
  /** Its 1-based position in the results. */
  readonly rank: number;
  readonly hour: string;
}

/** A reader marked an answer (agentic) helpful or not. */
interface RatingFeedbackEntry {
  readonly feedback: 'helpful' | 'unhelpful';
  /** The question answered, normalised as a query entry's. */
  readonly query: string;
  readonly hour: string;
}

export type FeedbackLogEntry = OpenFeedbackEntry | RatingFeedbackEntry;

/** One line of the log: a query (no `feedback` field) or a reader's feedback (`feedback` says which kind). */
export type AskLogEntry = QueryLogEntry | FeedbackLogEntry;

/**
 * Where the log goes: a host's callback, or the NDJSON file of `ask serve`. It receives query
 * entries and feedback entries alike (`entry.feedback === undefined` for a query). It must not
 * throw into the request.
 */
export interface QueryLogSink {
  record(entry: AskLogEntry): void | Promise<void>;
}

/** Longest query kept, in characters: a pasted page is not a query. */
const MAX_QUERY = 200;

/** Runs that identify a person or carry a secret, each replaced by a placeholder, in this order. */
const PERSONAL: readonly (readonly [RegExp, string])[] = [
  // e-mail addresses
  [/[\p{L}\p{N}._%+-]+@[\p{L}\p{N}.-]+\.[\p{L}]{2,}/gu, '[email]'],
  // urls with credentials or query strings, which carry tokens
  [/\bhttps?:\/\/\S+/gi, '[url]'],
  // provider keys, bearer tokens, JWTs, GitHub and Slack tokens, AWS key ids
  [/\b(?:sk|pk|rk)-[A-Za-z0-9_-]{8,}/g, '[secret]'],
  [/\bAIza[A-Za-z0-9_-]{20,}/g, '[secret]'],
  [/\bbearer\s+\S{8,}/gi, '[secret]'],
  [/\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*/g, '[secret]'],
  [/\b(?:gh[pousr]|github_pat|xox[abprs])_?[A-Za-z0-9_-]{16,}/g, '[secret]'],
  [/\bAKIA[A-Z0-9]{16}\b/g, '[secret]'],
  // any long run mixing letters and digits (a key, a hash, a session id)
  [/\b(?=[A-Za-z0-9_-]*\d)(?=[A-Za-z0-9_-]*[A-Za-z])[A-Za-z0-9_-]{24,}\b/g, '[secret]'],
  // phone numbers, card numbers, ids: seven digits or more, spaces and dashes allowed between
  [/\+?\d(?:[\s-]?\d){6,}/g, '[number]'],
];

/** What is kept of a query: personal and secret runs replaced, then lower case, spaces collapsed, cut at 200 characters. */
export function normaliseQuery(query: string): string {
  let text = query.normalize('NFKC');
  for (const [pattern, placeholder] of PERSONAL) text = text.replace(pattern, placeholder);
  return text.toLowerCase().replace(/\s+/g, ' ').trim().slice(0, MAX_QUERY);
}

/** The hour of a time, UTC: `2026-11-27T21`. */
export function hourOf(time: Date): string {
  return time.toISOString().slice(0, 13);
}

/** The entry of one answered query. */
function queryLogEntry(query: string, results: readonly Pick<KeywordResult, 'url'>[], mode: QueryLogEntry['mode'], now: Date): QueryLogEntry {
  return { query: normaliseQuery(query), results: results.length, top: results[0]?.url ?? null, mode, hour: hourOf(now) };
}

/** Hands an entry to the sink without waiting; never throws. */
export type LogWriter = (entry: AskLogEntry) => void;

/**
 * The one way entries reach a host's sink (queries and feedback alike): handed over, never
 * awaited; a sink that throws or rejects is said once on the log and the request goes on.
 */
export function logWriter(sink: QueryLogSink | undefined, log: (line: string) => void): LogWriter | undefined {
  if (sink === undefined) return undefined;
  let said = false;
  const failed = (error: unknown): void => {
    if (said) return;
    said = true;
    log(`ask: the query log failed (${error instanceof Error ? error.message : String(error)}); queries are answered but may not be logged`);
  };
  return (entry) => {
    try {
      const pending = sink.record(entry);
      if (pending instanceof Promise) pending.catch(failed);
    } catch (error) {
      failed(error);
    }
  };
}

/** What the handler calls for each answered query: its entry made and written. */
export function queryRecorder(write: LogWriter | undefined): ((query: string, results: readonly Pick<KeywordResult, 'url'>[], mode: QueryLogEntry['mode']) => void) | undefined {
  if (write === undefined) return undefined;
  return (query, results, mode) => write(queryLogEntry(query, results, mode, new Date()));
}

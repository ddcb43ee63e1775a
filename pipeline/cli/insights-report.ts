/**
 * `ask insights`: what readers searched for, from the query log (runtime/query-log.ts), as a list
 * a docs team can act on: the most asked queries, those with no result, the words readers use that
 * the docs never do (with the nearest words the docs use: glossary alias candidates), the
 * questions asked for an answer that keyword search could not ground, and from the search box's
 * feedback (insights-feedback.ts) the click-through of the most asked and the answers marked not
 * helpful.
 */
import type { FeedbackLogEntry, QueryLogEntry } from '../runtime/query-log.ts';
import { compareCodeUnits } from '../text/compare.ts';
import { counted } from '../text/counted.ts';
import { clickThrough, isFeedbackEntry, unhelpfulAnswers, type ClickThrough, type RatedAnswer } from './insights-feedback.ts';
import type { SearchIndex } from '../search/open.ts';
import { stem } from '../search/stem.ts';
import { STOPWORDS } from '../search/stopwords.ts';
import { tokenize } from '../search/tokenize.ts';
import { findNear, findPrefixed, findTerm, withinOneEdit } from '../search/vocabulary.ts';

/** What the query log writes in place of what it redacted (runtime/query-log.ts). */
const PLACEHOLDERS = /\[(?:email|url|secret|number)\]/g;

/** How many of each list the report shows. */
const SHOWN = 20;
const NEAREST = 3;

interface CountedQuery {
  readonly query: string;
  readonly count: number;
  /** Results of its latest asking. */
  readonly results: number;
}

interface MissingWord {
  readonly word: string;
  /** How many queries with no result used it. */
  readonly count: number;
  /** Words of the docs nearest to it (a typo away, or beginning with it). */
  readonly nearest: readonly string[];
}

export interface InsightsReport {
  readonly queries: number;
  /** Feedback entries (results opened, answers rated): never counted as queries. */
  readonly feedback: number;
  /** Lines of the log that are not entries (skipped). */
  readonly skipped: number;
  readonly from: string | null;
  readonly to: string | null;
  readonly top: readonly CountedQuery[];
  readonly noResults: readonly CountedQuery[];
  readonly missingWords: readonly MissingWord[];
  readonly unanswered: readonly CountedQuery[];
  readonly clickThrough: readonly ClickThrough[];
  readonly unhelpful: readonly RatedAnswer[];
}

/** The log read: its query entries, its feedback entries, and how many lines were neither. */
export interface ParsedQueryLog {
  readonly entries: readonly QueryLogEntry[];
  readonly feedback: readonly FeedbackLogEntry[];
  readonly skipped: number;
}

function isEntry(value: unknown): value is QueryLogEntry {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return (
    entry['feedback'] === undefined &&
    typeof entry['query'] === 'string' &&
    typeof entry['results'] === 'number' &&
    (entry['top'] === null || typeof entry['top'] === 'string') &&
    (entry['mode'] === 'keyword' || entry['mode'] === 'agentic') &&
    typeof entry['hour'] === 'string'
  );
}

/** The entries of an NDJSON log, queries and feedback apart; lines that are neither are counted, not fatal (a log cut mid-line). */
export function parseQueryLog(text: string): ParsedQueryLog {
  const entries: QueryLogEntry[] = [];
  const feedback: FeedbackLogEntry[] = [];
  let skipped = 0;
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    try {
      const value: unknown = JSON.parse(line);
      if (isEntry(value)) entries.push(value);
      else if (isFeedbackEntry(value)) feedback.push(value);
      else skipped += 1;
    } catch {
      skipped += 1;
    }
  }
  return { entries, feedback, skipped };
}

/** Queries counted, most asked first (ties by query). */
function countedQueries(entries: readonly QueryLogEntry[]): CountedQuery[] {
  const byQuery = new Map<string, { count: number; results: number }>();
  for (const entry of entries) {
    const known = byQuery.get(entry.query);
    byQuery.set(entry.query, { count: (known?.count ?? 0) + 1, results: entry.results });
  }
  return [...byQuery]
    .map(([query, { count, results }]) => ({ query, count, results }))
    .sort((a, b) => b.count - a.count || compareCodeUnits(a.query, b.query))
    .slice(0, SHOWN);
}

/** A vocabulary term as readers would write it: a word the docs wrote that stems to it, else the term. */
function surfaceOf(index: SearchIndex, position: number): string {
  const at = index.surfaceStem.indexOf(position);
  return at === -1 ? index.term(position) : (index.surface[at] ?? index.term(position));
}

/** Words of queries with no result that no section uses, with the docs' nearest words. */
function missingWords(index: SearchIndex, entries: readonly QueryLogEntry[]): MissingWord[] {
  const counts = new Map<string, number>();
  for (const entry of entries) {
    // the log's placeholders for what was redacted are no words of the reader's
    for (const word of new Set(tokenize(entry.query.replace(PLACEHOLDERS, ' '), { stem: false }))) {
      if (STOPWORDS.has(word) || word.length < 3) continue;
      if (findTerm(index, index.stemmed ? stem(word) : word) !== -1) continue;
      counts.set(word, (counts.get(word) ?? 0) + 1);
    }
  }
  return [...counts]
    .sort((a, b) => b[1] - a[1] || compareCodeUnits(a[0], b[0]))
    .slice(0, SHOWN)
    .map(([word, count]) => {
      const term = index.stemmed ? stem(word) : word;
      // words the docs wrote one edit from it (`passcodez` -> `passcodes`), then terms one edit from its stem or beginning with it
      const written = index.surface.filter((surface) => withinOneEdit(surface, word));
      const terms = [...findNear(index, term, NEAREST), ...findPrefixed(index, term, NEAREST)].map((position) => surfaceOf(index, position));
      return { word, count, nearest: [...new Set([...written, ...terms])].slice(0, NEAREST) };
    });
}

export function insightsReport({ entries, feedback, skipped }: ParsedQueryLog, index: SearchIndex): InsightsReport {
  const hours = [...entries, ...feedback].map((entry) => entry.hour).sort();
  const none = entries.filter((entry) => entry.results === 0);
  return {
    queries: entries.length,
    feedback: feedback.length,
    skipped,
    from: hours[0] ?? null,
    to: hours.at(-1) ?? null,
    top: countedQueries(entries),
    noResults: countedQueries(none),
    missingWords: missingWords(index, none),
    unanswered: countedQueries(none.filter((entry) => entry.mode === 'agentic')),
    clickThrough: clickThrough(entries, feedback),
    unhelpful: unhelpfulAnswers(feedback),
  };
}

/** A click-through row: `2/3 opened (67%) "query" most: /url (mean rank 1.5)`. */
function clickThroughLine(entry: ClickThrough): string {
  const head = `${entry.opened}/${entry.asked} opened (${Math.round(entry.share * 100)}%) ${JSON.stringify(entry.query)}`;
  return entry.url === null ? head : `${head} most: ${entry.url} (mean rank ${entry.meanRank ?? '?'})`;
}

/** The report as text: one part per list, each line a thing to act on. */
export function insightsLines(report: InsightsReport): string[] {
  const lines = [`ask insights: ${counted(report.queries, 'query', 'queries')}${report.feedback > 0 ? ` and ${counted(report.feedback, 'feedback event')}` : ''}${report.from === null ? '' : `, ${report.from}:00 to ${report.to ?? report.from}:59 UTC`}${report.skipped > 0 ? ` (${counted(report.skipped, 'line')} skipped)` : ''}`];
  const part = (title: string, rows: readonly string[], empty: string): void => {
    lines.push('', title);
    if (rows.length === 0) lines.push(`  ${empty}`);
    else lines.push(...rows.map((row) => `  ${row}`));
  };
  part('Most asked:', report.top.map((entry) => `${entry.count}× ${JSON.stringify(entry.query)} (${counted(entry.results, 'result')})`), 'none');
  part('No result (write the page, or give it the readers\' words):', report.noResults.map((entry) => `${entry.count}× ${JSON.stringify(entry.query)}`), 'none');
  part(
    'Words readers use that the docs do not (glossary alias candidates):',
    report.missingWords.map((entry) => `${entry.word} (${entry.count}×)${entry.nearest.length > 0 ? ` nearest: ${entry.nearest.join(', ')}` : ''}`),
    'none',
  );
  part('Asked for an answer, nothing found to ground it:', report.unanswered.map((entry) => `${entry.count}× ${JSON.stringify(entry.query)}`), 'none');
  part('Click-through of the most asked (a low share: the results do not look like the answer):', report.clickThrough.map(clickThroughLine), 'none (no result opened in the log: the search box sends it when the log is on)');
  part('Answers marked not helpful:', report.unhelpful.map((entry) => `${entry.unhelpful}× ${JSON.stringify(entry.query)} (${entry.helpful} helpful)`), 'none');
  return lines;
}

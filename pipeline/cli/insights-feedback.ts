/**
 * `ask insights`, from the search box's feedback in the query log (runtime/feedback-route.ts):
 * click-through of the most asked keyword queries (how often a result was opened for each, which
 * one most, and at what rank) and the answers readers marked not helpful. A feedback entry is
 * not a query: the other lists never count it.
 */
import type { FeedbackLogEntry, QueryLogEntry } from '../runtime/query-log.ts';
import { compareCodeUnits } from '../text/compare.ts';

/** How many of each list the report shows. */
const SHOWN = 20;

export interface ClickThrough {
  readonly query: string;
  /** Times the query was asked in keyword mode. */
  readonly asked: number;
  /** Times a result of it was opened. */
  readonly opened: number;
  /** `opened / asked`, two decimals (above 1 when readers open more than one result). */
  readonly share: number;
  /** The result opened most (ties: the better mean rank, then the url), null when none was. */
  readonly url: string | null;
  /** The mean rank it was opened at, two decimals; null when none was. */
  readonly meanRank: number | null;
}

export interface RatedAnswer {
  readonly query: string;
  readonly unhelpful: number;
  readonly helpful: number;
}

/** A feedback line of the log: its `feedback` kind with the fields that kind has. */
export function isFeedbackEntry(value: unknown): value is FeedbackLogEntry {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  if (typeof entry['query'] !== 'string' || typeof entry['hour'] !== 'string') return false;
  if (entry['feedback'] === 'helpful' || entry['feedback'] === 'unhelpful') return true;
  return entry['feedback'] === 'open' && typeof entry['url'] === 'string' && typeof entry['rank'] === 'number';
}

const round = (value: number): number => Math.round(value * 100) / 100;
const byQuery = (a: { query: string }, b: { query: string }): number => compareCodeUnits(a.query, b.query);

/** The most opened url of some opens, with its mean rank. */
function mostOpened(opens: readonly { readonly url: string; readonly rank: number }[]): { url: string; meanRank: number } | null {
  const byUrl = new Map<string, { count: number; rankSum: number }>();
  for (const open of opens) {
    const known = byUrl.get(open.url);
    if (known === undefined) byUrl.set(open.url, { count: 1, rankSum: open.rank });
    else {
      known.count += 1;
      known.rankSum += open.rank;
    }
  }
  const ranked = [...byUrl].map(([url, { count, rankSum }]) => ({ url, count, meanRank: rankSum / count }));
  const [best] = ranked.sort((a, b) => b.count - a.count || a.meanRank - b.meanRank || compareCodeUnits(a.url, b.url));
  return best === undefined ? null : { url: best.url, meanRank: round(best.meanRank) };
}

/**
 * The most asked keyword queries that found something, each with how often one of its results
 * was opened; none when the log holds no opened result at all (feedback was off: every share
 * would read 0).
 */
export function clickThrough(queries: readonly QueryLogEntry[], feedback: readonly FeedbackLogEntry[]): ClickThrough[] {
  const opens = new Map<string, { url: string; rank: number }[]>();
  for (const entry of feedback) {
    if (entry.feedback !== 'open') continue;
    const open = { url: entry.url, rank: entry.rank };
    const known = opens.get(entry.query);
    if (known === undefined) opens.set(entry.query, [open]);
    else known.push(open);
  }
  if (opens.size === 0) return [];
  const asked = new Map<string, number>();
  for (const entry of queries) if (entry.mode === 'keyword' && entry.results > 0) asked.set(entry.query, (asked.get(entry.query) ?? 0) + 1);
  return [...asked]
    .map(([query, times]) => ({ query, asked: times }))
    .sort((a, b) => b.asked - a.asked || byQuery(a, b))
    .slice(0, SHOWN)
    .map(({ query, asked: times }) => {
      const mine = opens.get(query) ?? [];
      const top = mostOpened(mine);
      return { query, asked: times, opened: mine.length, share: round(mine.length / times), url: top?.url ?? null, meanRank: top?.meanRank ?? null };
    });
}

/** Answers marked not helpful, most marked first (ties: fewer marked helpful, then the query), with how often each was marked helpful. */
export function unhelpfulAnswers(feedback: readonly FeedbackLogEntry[]): RatedAnswer[] {
  const ratings = new Map<string, { unhelpful: number; helpful: number }>();
  for (const entry of feedback) {
    if (entry.feedback === 'open') continue;
    const known = ratings.get(entry.query) ?? { unhelpful: 0, helpful: 0 };
    ratings.set(entry.query, entry.feedback === 'helpful' ? { ...known, helpful: known.helpful + 1 } : { ...known, unhelpful: known.unhelpful + 1 });
  }
  return [...ratings]
    .map(([query, counts]) => ({ query, ...counts }))
    .filter((answer) => answer.unhelpful > 0)
    .sort((a, b) => b.unhelpful - a.unhelpful || a.helpful - b.helpful || byQuery(a, b))
    .slice(0, SHOWN);
}

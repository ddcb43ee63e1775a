/**
 * The Search part of `ask digest diff`: the same checks run on the base digest and on the new one,
 * MRR@k and recall@k before and after, and each query that moved down or out of the top k. The
 * checks are the union of the committed `ask.queries.jsonl` as the base had it and as it is now,
 * each resolved against each digest (an entry that names no section of a side is not found there).
 */
import { metricText, runChecks, type CheckOutcome, type CheckReport, type QueryCheck } from '../search/checks.ts';
import type { SearchIndex } from '../search/open.ts';
import type { Page } from '../types.ts';
import { resolveChecks } from './search-checks.ts';

export interface SearchSide {
  /** The digest's tables, or why they cannot be read (another schema...). */
  readonly index: SearchIndex | { readonly unreadable: string };
  readonly siteUrl: string;
}

export interface SearchDiff {
  readonly k: number;
  readonly count: number;
  readonly before: CheckReport | null;
  readonly after: CheckReport;
  /** Why the base was not measured, when it was not. */
  readonly baseUnreadable: string | null;
  /** Queries whose rank got worse (a larger rank, or out of the top k), worst first. */
  readonly movedDown: readonly { readonly query: string; readonly before: number | null; readonly after: number | null }[];
  /** The MRR@k drop (before minus after), 0 when the base was not measured. */
  readonly drop: number;
}

/** The union of check lists: a query with the same expected entries counts once. */
export function unionOfChecks(...lists: readonly (readonly QueryCheck[])[]): QueryCheck[] {
  const seen = new Set<string>();
  const union: QueryCheck[] = [];
  for (const check of lists.flat()) {
    const key = JSON.stringify([check.query, check.expect]);
    if (seen.has(key)) continue;
    seen.add(key);
    union.push(check);
  }
  return union;
}

const worse = (before: number | null, after: number | null): boolean => before !== null && (after === null || after > before);

export function diffSearch(written: readonly QueryCheck[], pages: readonly Pick<Page, 'file' | 'slug'>[], base: SearchSide, head: { readonly index: SearchIndex; readonly siteUrl: string }, k: number): SearchDiff {
  const after = runChecks(head.index, resolveChecks(written, head.index, head.siteUrl, pages).checks, k);
  if ('unreadable' in base.index) return { k, count: written.length, before: null, after, baseUnreadable: base.index.unreadable, movedDown: [], drop: 0 };
  const before = runChecks(base.index, resolveChecks(written, base.index, base.siteUrl, pages).checks, k);
  const movedDown = before.outcomes
    .map((outcome: CheckOutcome, at) => ({ query: outcome.query, before: outcome.rank, after: after.outcomes[at]?.rank ?? null }))
    .filter((move) => worse(move.before, move.after))
    // the highest placed before first; of those, the furthest fallen (out of the top k counts as k + 1)
    .sort((a, b) => (a.before ?? 0) - (b.before ?? 0) || (b.after ?? k + 1) - (a.after ?? k + 1));
  return { k, count: written.length, before, after, baseUnreadable: null, movedDown, drop: before.overall.mrr - after.overall.mrr };
}

const signed = (value: number): string => `${value >= 0 ? '+' : '−'}${metricText(Math.abs(value))}`;
const place = (rank: number | null, k: number): string => (rank === null ? `not in the top ${k}` : `${rank}`);

/** The part as Markdown, under `## Search`. */
export function renderSearchDiff(diff: SearchDiff, source: string): string[] {
  const { k, before, after } = diff;
  const lines = ['## Search', ''];
  if (before === null) {
    lines.push(`${diff.count} checks (${source}) on the new digest: MRR@${k} ${metricText(after.overall.mrr)}, recall@${k} ${metricText(after.overall.recall)}. The base was not measured: ${diff.baseUnreadable ?? 'unreadable'}.`);
    return lines;
  }
  lines.push(
    `${diff.count} checks (${source}), top ${k}:`,
    '',
    `| | before | after | change |`,
    `|---|---:|---:|---:|`,
    `| MRR@${k} | ${metricText(before.overall.mrr)} | ${metricText(after.overall.mrr)} | ${signed(after.overall.mrr - before.overall.mrr)} |`,
    `| recall@${k} | ${metricText(before.overall.recall)} | ${metricText(after.overall.recall)} | ${signed(after.overall.recall - before.overall.recall)} |`,
    '',
  );
  if (diff.movedDown.length === 0) lines.push('No query moved down.');
  else {
    lines.push(`Moved down (${diff.movedDown.length}): rank before → after`);
    for (const move of diff.movedDown) lines.push(`- ${JSON.stringify(move.query)}: ${place(move.before, k)} → ${place(move.after, k)}`);
  }
  return lines;
}

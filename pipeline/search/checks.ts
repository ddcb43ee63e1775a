/**
 * Search checks: labelled queries (`ask eval`, the Search part of `ask digest diff`) run through
 * the one scorer, and what they measure. A queries file is JSONL, one
 * `{"query": "...", "expect": ["..."], "kind"?: "..."}` a line; an expected entry names a section
 * (resolved to section ids by `resolveExpected`). MRR@k: the mean over queries of 1 / the rank of
 * the first expected section in the top k (0 when none is there); recall@k: the mean fraction of
 * a query's expected sections in the top k.
 */
import { z } from 'zod';
import type { SearchIndex } from './open.ts';
import { searchSections } from './score.ts';

/** One labelled query as written. */
export interface QueryCheck {
  readonly query: string;
  readonly expect: readonly string[];
  readonly kind?: string;
}

/** One labelled query with its expected entries resolved to section ids. */
export interface ResolvedCheck extends QueryCheck {
  readonly sections: readonly string[];
}

const CheckLine = z.strictObject({
  query: z.string().trim().min(1),
  expect: z.array(z.string().trim().min(1)).min(1),
  kind: z.string().trim().min(1).optional(),
});

/** A queries file that cannot be read as one: says which line and why. */
export class QueriesFileError extends Error {
  override readonly name = 'QueriesFileError';
}

/** The checks of a JSONL text; blank lines are skipped. Throws QueriesFileError naming the line. */
export function parseQueryChecks(text: string, where: string): QueryCheck[] {
  const checks: QueryCheck[] = [];
  text.split('\n').forEach((line, at) => {
    if (line.trim() === '') return;
    let data: unknown;
    try {
      data = JSON.parse(line);
    } catch {
      throw new QueriesFileError(`${where}:${at + 1}: not a JSON object`);
    }
    const parsed = CheckLine.safeParse(data);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = issue?.path.join('.') || 'line';
      throw new QueriesFileError(`${where}:${at + 1}: ${field}: ${issue?.message ?? 'invalid'} (a line is {"query": "...", "expect": ["..."], "kind"?: "..."})`);
    }
    checks.push({ query: parsed.data.query, expect: parsed.data.expect, ...(parsed.data.kind === undefined ? {} : { kind: parsed.data.kind }) });
  });
  return checks;
}

/** How each query fared. */
interface CheckOutcome {
  readonly query: string;
  readonly kind: string | null;
  readonly expected: readonly string[];
  /** 1-based rank of the first expected section in the top k, null when none is there. */
  readonly rank: number | null;
  readonly recall: number;
  /** The section ids of the top k, best first. */
  readonly ranked: readonly string[];
}

/** A metric as the reports print it: three decimals. */
export function metricText(value: number): string {
  return value.toFixed(3);
}

export interface Metrics {
  readonly count: number;
  readonly mrr: number;
  readonly recall: number;
}

export interface CheckReport {
  readonly k: number;
  readonly overall: Metrics;
  /** Per `kind`, in order of first appearance; empty when no line carries one. */
  readonly byKind: Readonly<Record<string, Metrics>>;
  readonly outcomes: readonly CheckOutcome[];
}

function metricsOf(outcomes: readonly CheckOutcome[]): Metrics {
  const count = outcomes.length;
  if (count === 0) return { count, mrr: 0, recall: 0 };
  const mrr = outcomes.reduce((sum, outcome) => sum + (outcome.rank === null ? 0 : 1 / outcome.rank), 0) / count;
  const recall = outcomes.reduce((sum, outcome) => sum + outcome.recall, 0) / count;
  return { count, mrr, recall };
}

/** Each check through the scorer (top `k`, the spec's default per-page cap), and MRR@k and recall@k overall and per kind. */
export function runChecks(index: SearchIndex, checks: readonly ResolvedCheck[], k: number): CheckReport {
  const outcomes = checks.map((check): CheckOutcome => {
    const ranked = searchSections(index, check.query, { maxResults: k }).map((hit) => hit.id);
    const wanted = new Set(check.sections);
    const first = ranked.findIndex((id) => wanted.has(id));
    const found = ranked.filter((id) => wanted.has(id)).length;
    return { query: check.query, kind: check.kind ?? null, expected: check.sections, rank: first === -1 ? null : first + 1, recall: wanted.size === 0 ? 0 : found / wanted.size, ranked };
  });
  const kinds = [...new Set(outcomes.map((outcome) => outcome.kind).filter((kind): kind is string => kind !== null))];
  const byKind = Object.fromEntries(kinds.map((kind) => [kind, metricsOf(outcomes.filter((outcome) => outcome.kind === kind))]));
  return { k, overall: metricsOf(outcomes), byKind, outcomes };
}

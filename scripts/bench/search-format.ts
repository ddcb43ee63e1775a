/**
 * Markdown tables and number formats of the search benchmark's output.
 */
import { fixed, QUERY_KINDS, type EvalQuery, type EvalSummary } from './eval.ts';

export function markdownTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]): string => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map((_, at) => (at === 0 ? '---' : '---:'))), ...rows.map(line)].join('\n');
}

export function qualityRow(name: string, summary: EvalSummary): string[] {
  return [
    name,
    fixed(summary.overall.mrr),
    fixed(summary.overall.recall),
    ...QUERY_KINDS.flatMap((kind) => [fixed(summary.byKind[kind].mrr), fixed(summary.byKind[kind].recall)]),
  ];
}

export function qualityHeader(queries: readonly EvalQuery[], first = 'engine'): string[] {
  const count = (kind: string): number => queries.filter((query) => query.kind === kind).length;
  return [first, `MRR@6 all (${queries.length})`, 'R@6 all', ...QUERY_KINDS.flatMap((kind) => [`MRR ${kind} (${count(kind)})`, `R ${kind}`])];
}

export const ms = (value: number): string => (value >= 100 ? value.toFixed(0) : value >= 10 ? value.toFixed(1) : value.toFixed(2));
export const mib = (bytes: number): string => (bytes / 1024 / 1024).toFixed(1);
export const micros = (milliseconds: number): string => `${(milliseconds * 1000).toFixed(milliseconds < 0.1 ? 1 : 0)}`;

export function percentile(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))] ?? 0;
}

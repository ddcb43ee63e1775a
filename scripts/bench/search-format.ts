/**
 * Markdown tables and number formats of the search benchmark's output.
 */
import { fixed, type EvalQuery, type EvalSummary } from './eval.ts';

export function markdownTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]): string => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map((_, at) => (at === 0 ? '---' : '---:'))), ...rows.map(line)].join('\n');
}

/** MRR@6 and recall@6, overall then per kind of `kinds`. */
export function qualityRow(name: string, summary: EvalSummary, kinds: readonly string[]): string[] {
  return [name, fixed(summary.overall.mrr), fixed(summary.overall.recall), ...kinds.flatMap((kind) => [fixed(summary.byKind[kind]?.mrr ?? 0), fixed(summary.byKind[kind]?.recall ?? 0)])];
}

export function qualityHeader(queries: readonly EvalQuery[], kinds: readonly string[], first = 'engine'): string[] {
  const count = (kind: string): number => queries.filter((query) => query.kind === kind).length;
  return [first, `MRR@6 all (${queries.length})`, 'R@6 all', ...kinds.flatMap((kind) => [`MRR ${kind} (${count(kind)})`, `R ${kind}`])];
}

/** A value and its difference from a reference: `0.712 (-0.015)`. */
export function withDelta(value: number, reference: number): string {
  return `${fixed(value)} (${signed(value - reference)})`;
}

/** `+0.012`, `-0.015`, `+0.000`. */
export function signed(value: number): string {
  const text = fixed(value);
  return text.startsWith('-') && Number(text) !== 0 ? text : `+${text.replace(/^-/, '')}`;
}

export const ms = (value: number): string => (value >= 100 ? value.toFixed(0) : value >= 10 ? value.toFixed(1) : value.toFixed(2));
export const mib = (bytes: number): string => (bytes / 1024 / 1024).toFixed(1);
export const micros = (milliseconds: number): string => `${(milliseconds * 1000).toFixed(milliseconds < 0.1 ? 1 : 0)}`;

export function percentile(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))] ?? 0;
}

/** The Search part of `ask digest diff` as Markdown, under `## Search` (search-diff.ts computes it); each query quoted as code (no live link, no mention). */
import { metricText, type CheckReport } from '../search/checks.ts';
import { counted } from '../text/counted.ts';
import { inlineCode } from '../text/inert-markdown.ts';
import type { CheckMove, SearchDiff } from './search-diff.ts';

const signed = (value: number): string => `${value >= 0 ? '+' : '−'}${metricText(Math.abs(value))}`;

/** Where a check that moved down is now: its rank, out of the top k, or not found (what it names is gone). */
function placeNow(move: CheckMove, k: number): string {
  if (move.after !== null) return `${move.after}`;
  return move.found ? `not in the top ${k}` : 'not found';
}

const figures = (report: CheckReport): string => `MRR@${report.k} ${metricText(report.overall.mrr)}, recall@${report.k} ${metricText(report.overall.recall)}`;

/** The lines on the checks the change adds and removes, apart from the gate's figures. */
function changedChecks(diff: SearchDiff): string[] {
  const lines: string[] = [];
  if (diff.added !== null) {
    lines.push('', `Added by this change: ${counted(diff.checks.added.length, 'check')}, not in the figures above; on the new digest ${figures(diff.added)}.`);
  }
  if (diff.checks.removed.length > 0) {
    lines.push('', `Removed or edited by this change (${diff.checks.removed.length}), still measured as the base had them:`);
    for (const check of diff.checks.removed) lines.push(`- ${inlineCode(JSON.stringify(check.query))}: ${check.expect.map(inlineCode).join(', ')}`);
  }
  return lines;
}

/** The part as Markdown; `source` names where the base's checks came from. */
export function renderSearchDiff(diff: SearchDiff, source: string): string[] {
  const { k, before, after } = diff;
  const count = counted(diff.checks.shared.length, 'check');
  const lines = ['## Search', ''];
  if (diff.checks.shared.length === 0) return [...lines, 'No check of the base to compare with.', ...changedChecks(diff)];
  if (before === null) {
    lines.push(`${count} as the base had them (${source}) on the new digest: ${figures(after)}. The base was not measured: ${diff.baseUnreadable ?? 'unreadable'}.`);
    return [...lines, ...changedChecks(diff)];
  }
  lines.push(
    `${count} as the base had them (${source}), top ${k}:`,
    '',
    `| | before | after | change |`,
    `|---|---:|---:|---:|`,
    `| MRR@${k} | ${metricText(before.overall.mrr)} | ${metricText(after.overall.mrr)} | ${signed(after.overall.mrr - before.overall.mrr)} |`,
    `| recall@${k} | ${metricText(before.overall.recall)} | ${metricText(after.overall.recall)} | ${signed(after.overall.recall - before.overall.recall)} |`,
    '',
  );
  if (diff.movedDown.length === 0) lines.push('No query moved down.');
  else {
    if (diff.lost > 0) lines.push(`Lost: ${counted(diff.lost, 'check')} the base answered in the top ${k} ${diff.lost === 1 ? 'is' : 'are'} not answered now.`, '');
    lines.push(`Moved down (${diff.movedDown.length}): rank before → after`);
    for (const move of diff.movedDown) lines.push(`- ${inlineCode(JSON.stringify(move.query))}: ${move.before} → ${placeNow(move, k)}`);
  }
  return [...lines, ...changedChecks(diff)];
}

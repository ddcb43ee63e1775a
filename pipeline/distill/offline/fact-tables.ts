/**
 * Facts that a table's layout gives, beyond the shape of each literal:
 * - the first column of a table whose first header names things (`Field`,
 *   `Name`, `Variable`, `Option`, `Header`, ...) holds `key`s (or `flag`s),
 *   backticked or plain identifiers alike;
 * - a column whose header says `Default` holds `default`s, and so does a row
 *   whose first cell starts with "Default" (a transposed table);
 * - a row with a cell that ends "the default" has its name as a `default`;
 * - the first column of a `Status`/`Code` table holds `value`s (HTTP statuses).
 */
import type { FactKind } from '../../types.ts';
import type { InlineCode, Nodes, Table, TableCell } from 'mdast';
import { classifyLiteral, type Candidate } from './fact-kinds.ts';
import { startOf, walk } from './parse.ts';
import { plainText, squash } from './text.ts';

/** What the table pass decided: kinds for inline code nodes, and facts from plain cells. */
export interface TableFacts {
  readonly overrides: Map<InlineCode, FactKind>;
  readonly candidates: Candidate[];
}

const NAMING_HEADER =
  /^(?:field|name|key|variable|env(?:ironment)?(?: variable)?|option|flag|parameter|param|property|header|setting|argument|attribute|column|event|config(?:uration)?(?: key)?)s?(?: name)?$/;
const STATUS_HEADER = /^(?:status|code|status code|http status|http code)s?$/;
const DEFAULT_HEADER = /\bdefaults?\b/;
const DEFAULT_ROW = /^defaults?\b/i;
const DEFAULT_MARK = /(?:^|[.;]\s*)(?:the\s+)?default\.?$|^\(default\)$/i;
const EMPTY_CELL = new Set(['', '-', '—', '–', 'n/a', 'none', '(none)', 'not shown', 'no default']);
const IDENTIFIER = /^[A-Za-z_][\w.-]*$/;

function inlineCodesOf(node: Nodes): InlineCode[] {
  const codes: InlineCode[] = [];
  walk(node, (child) => {
    if (child.type === 'inlineCode') codes.push(child);
  });
  return codes;
}

function cellText(cell: TableCell): string {
  return squash(plainText(cell));
}

/** Reads the first column of one row. */
function nameCell(cell: TableCell, naming: boolean, statuses: boolean, out: TableFacts): void {
  const codes = inlineCodesOf(cell);
  if (codes.length > 0) {
    for (const code of codes) {
      const shape = classifyLiteral(code.value.trim());
      if (shape === 'flag' || shape === 'value') out.overrides.set(code, shape);
      else if (naming && shape !== null) out.overrides.set(code, 'key');
    }
    return;
  }
  const text = cellText(cell);
  if (naming && IDENTIFIER.test(text) && text.length <= 60) {
    out.candidates.push({ kind: classifyLiteral(text) === 'flag' ? 'flag' : 'key', literal: text, at: startOf(cell) });
  } else if (statuses) {
    const status = /^[1-5][0-9][0-9]\b/.exec(text)?.[0];
    if (status) out.candidates.push({ kind: 'value', literal: status, at: startOf(cell) });
  }
}

/** Reads a cell of a Default column. */
function defaultCell(cell: TableCell, out: TableFacts): void {
  const codes = inlineCodesOf(cell);
  if (codes.length > 0) {
    for (const code of codes) out.overrides.set(code, 'default');
    return;
  }
  const text = cellText(cell);
  if (!EMPTY_CELL.has(text.toLowerCase()) && text.length <= 60) {
    out.candidates.push({ kind: 'default', literal: text, at: startOf(cell) });
  }
}

/** Adds what one table's layout says to `out`. */
export function readTable(table: Table, out: TableFacts): void {
  const [head, ...rows] = table.children;
  if (!head) return;
  const headers = head.children.map((cell) => cellText(cell).toLowerCase());
  const naming = NAMING_HEADER.test(headers[0] ?? '');
  const statuses = STATUS_HEADER.test(headers[0] ?? '');
  const defaults = headers.flatMap((header, i) => (i > 0 && DEFAULT_HEADER.test(header) ? [i] : []));
  for (const row of rows) {
    const [first, ...others] = row.children;
    if (!first) continue;
    if (DEFAULT_ROW.test(cellText(first))) {
      // A transposed table: the row named "Default ..." holds defaults in every column.
      for (const cell of others) defaultCell(cell, out);
      continue;
    }
    nameCell(first, naming, statuses, out);
    if (others.some((cell) => DEFAULT_MARK.test(cellText(cell)))) {
      // "| `full` | ... The default. |": the row's name is the default.
      for (const code of inlineCodesOf(first)) out.overrides.set(code, 'default');
    }
    for (const i of defaults) {
      const cell = row.children[i];
      if (cell) defaultCell(cell, out);
    }
  }
}

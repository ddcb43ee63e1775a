/**
 * A page block cut into units whose links resolve alone, so that the link resolver parses only
 * the units that may hold a link (`rewriteLinks` returns a text with no `](`, `]:` or autolink
 * untouched, unparsed) instead of the whole block: on real docs a third to three quarters of a
 * page's bytes are sections without a link.
 *
 * The units are the block's header with its first part, then each further part (a section's
 * Markdown, joined by a blank line). Parsed alone, each gives the link nodes it gives inside the
 * block when nothing can reach across a blank line and a heading, which holds when:
 * - no line defines a link reference (`]:`): a reference resolves through a definition anywhere;
 * - every part after the first starts with an ATX heading, which ends any list, quote, table or
 *   paragraph before it;
 * - no line starts an HTML block (`<` after at most three spaces): some run past blank lines;
 * - no unit ends inside a fenced code block opened at its top level.
 * Otherwise (and when the units do not join back into the block) the block is one unit.
 */

const ATX_HEADING = /^#{1,6}(?:[ \t]|$)/;
const HTML_BLOCK_LINE = /^ {0,3}</m;
const FENCE = /^ {0,3}(`{3,}|~{3,})(.*)$/;

/** True when `text` ends inside a fenced code block opened at its top level. */
function endsInFence(text: string): boolean {
  let open: string | null = null;
  for (const line of text.split('\n')) {
    const fence = FENCE.exec(line);
    if (fence === null) continue;
    const marks = fence[1] ?? '';
    if (open === null) {
      // a backtick fence's info string has no backtick
      if (!(marks.startsWith('`') && (fence[2] ?? '').includes('`'))) open = marks;
    } else if (marks[0] === open[0] && marks.length >= open.length && (fence[2] ?? '').trim() === '') {
      open = null;
    }
  }
  return open !== null;
}

/**
 * The units of a block made as `[header, ...parts].join('\n\n')` (see the module comment), or
 * null when the block must be resolved whole.
 */
export function linkUnits(block: string, header: string, parts: readonly string[]): string[] | null {
  if (block.includes(']:') || HTML_BLOCK_LINE.test(block)) return null;
  if (parts.slice(1).some((part) => !ATX_HEADING.test(part))) return null;
  const [first, ...rest] = parts;
  const units = [first === undefined ? header : `${header}\n\n${first}`, ...rest];
  if (units.join('\n\n') !== block || units.some(endsInFence)) return null;
  return units;
}

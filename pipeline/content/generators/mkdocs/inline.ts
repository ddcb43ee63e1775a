import { AFTER_SHORTCODE, headingAttrList, idOfAttributes, inlineAttrLists, wholeLineAttrList, type AttrListSpan } from './attr-list.ts';

/**
 * Inline syntax of MkDocs sites that is not text, found within one line: attribute lists,
 * icon/emoji shortcodes (`:material-check:`, `:smile:`, pymdownx.emoji) and footnote marks, which
 * the live site renders as attributes, images without text and superscript numbers. Code spans
 * are left alone.
 */

/** A span `[start, end)` of a line. */
export type Span = readonly [number, number];

/** What of a line is markup, and the ids its attribute lists give to elements of the page. */
export interface LineMarkup {
  readonly spans: readonly Span[];
  readonly ids: readonly string[];
}

function idsOf(lists: readonly AttrListSpan[]): string[] {
  return lists.map((list) => idOfAttributes(list.attributes)).filter((id): id is string => id !== null);
}

/**
 * `:name:` with at least one letter, not glued to a letter, digit or another colon on either
 * side (pymdownx.emoji's `:[+\-\w]+:`, narrowed so `12:30:45` or `a:b:c` stay text), with the
 * attribute list an icon may carry (`:material-clock:{ .lg }`).
 */
const SHORTCODE = new RegExp(String.raw`(?<![\p{L}\p{N}:]):[a-z0-9_+-]*[a-z][a-z0-9_+-]*:(?![\p{L}\p{N}:])${AFTER_SHORTCODE}`, 'gu');

/** Code spans of a line: a run of backticks up to the next run of the same length. */
function codeSpans(text: string): Span[] {
  const runs = [...text.matchAll(/`+/g)];
  const spans: Span[] = [];
  for (let open = 0; open < runs.length; open += 1) {
    const opening = runs[open];
    if (!opening) continue;
    const close = runs.findIndex((run, at) => at > open && run[0].length === opening[0].length);
    const closing = runs[close];
    if (close === -1 || !closing) continue;
    spans.push([opening.index, closing.index + closing[0].length]);
    open = close;
  }
  return spans;
}

function outside(spans: readonly Span[], start: number, end: number): boolean {
  return spans.every(([from, to]) => end <= from || start >= to);
}

/** Icon and emoji shortcodes of a line, outside code spans. */
function shortcodeSpans(text: string, code: readonly Span[] = codeSpans(text)): Span[] {
  return [...text.matchAll(SHORTCODE)].map((match): Span => [match.index, match.index + match[0].length]).filter(([start, end]) => outside(code, start, end));
}

/**
 * A text with spans taken out, each with one blank after it when it stood at the start or after
 * a blank, so `- :icon: Text` becomes `- Text` (blanks left in its place would push a list item's
 * text four columns in, into code).
 */
export function withoutSpans(text: string, spans: readonly Span[]): string {
  let kept = text;
  for (const [start, end] of [...spans].sort((a, b) => b[0] - a[0])) {
    const spaceAfter = (start === 0 || /[ \t]/.test(kept[start - 1] ?? '')) && kept[end] === ' ' ? 1 : 0;
    kept = kept.slice(0, start) + kept.slice(end + spaceAfter);
  }
  return kept;
}

/** A text without its icon and emoji shortcodes (a tab label or admonition title), blanks folded. */
export function withoutShortcodes(text: string): string {
  return withoutSpans(text, shortcodeSpans(text)).replace(/[ \t]+/g, ' ').trim();
}

/** A footnote reference (`[^1]`), shown as a number in superscript. */
const FOOTNOTE_REFERENCE = /\[\^[^\]\s]+\]/g;

/**
 * Attribute lists, shortcodes and footnote references of a line of prose, outside code spans. A
 * line that is only an attribute list is one when it ends a block (`continuesBlock`: no blank
 * line above); on its own it is text.
 */
export function proseMarkup(text: string, continuesBlock: boolean): LineMarkup {
  const whole = continuesBlock ? wholeLineAttrList(text) : null;
  if (whole) return { spans: [[whole.start, whole.end]], ids: idsOf([whole]) };
  const code = codeSpans(text);
  const attrs = inlineAttrLists(text).filter((span) => outside(code, span.start, span.end));
  const notes = [...text.matchAll(FOOTNOTE_REFERENCE)].map((match): Span => [match.index, match.index + match[0].length]).filter(([start, end]) => outside(code, start, end));
  return { spans: [...attrs.map((span): Span => [span.start, span.end]), ...shortcodeSpans(text, code), ...notes], ids: idsOf(attrs) };
}

const ATX_OPENING = /^( {0,3}#{1,6})(?=[ \t]|\r?$)/;
const CLOSING_HASHES = /[ \t]+#+[ \t]*\r?$|[ \t]*\r?$/;

/** Where an ATX heading's own text lies in its line (after the `#` marks, before closing `#`s), or null for other lines. */
export function atxHeadingText(line: string): Span | null {
  const opening = ATX_OPENING.exec(line);
  if (!opening) return null;
  const start = opening[1]?.length ?? 0;
  const rest = line.slice(start);
  const closing = CLOSING_HASHES.exec(rest);
  return [start, start + (closing ? closing.index : rest.length)];
}

/** The attribute list ending a heading's text `[start, end)` of a line, in line offsets. */
export function headingAttrListIn(line: string, [start, end]: Span): AttrListSpan | null {
  const found = headingAttrList(line.slice(start, end));
  return found ? { ...found, start: start + found.start, end: start + found.end } : null;
}

/** What a heading line carries that is not its text: its trailing attribute list and its shortcodes. */
export function headingMarkup(line: string, text: Span): LineMarkup {
  const attrs = headingAttrListIn(line, text);
  const shortcodes = shortcodeSpans(line.slice(0, text[1])).filter(([from]) => from >= text[0]);
  if (!attrs) return { spans: shortcodes, ids: [] };
  return { spans: [[attrs.start, attrs.end], ...shortcodes.filter(([from]) => from < attrs.start)], ids: idsOf([attrs]) };
}

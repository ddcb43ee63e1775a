/**
 * Python-Markdown's `attr_list` syntax as MkDocs sites write it: `{ #id .class key="value" }`
 * (an optional `:` after the brace) at the end of a heading, on a line of its own after a block,
 * or right after an inline element (`[link](x){ .md-button }`, `![img](x){ width="300" }`).
 */

/** A `{...}` span within one line: `[start, end)` relative to the line, and its attribute text. */
export interface AttrListSpan {
  readonly start: number;
  readonly end: number;
  readonly attributes: string;
}

/** The attribute list body: optional `:`, blanks, then anything but `}` (Python-Markdown's BASE_RE). */
const BASE = String.raw`\{:?[ ]*([^}\n ][^}\n]*)[ ]*\}`;
/** At the end of a heading, after at least one space (HEADER_RE). */
const AT_HEADING_END = new RegExp(String.raw`[ ]+${BASE}[ ]*$`);
/** A line that is nothing but an attribute list (the last line of a block, BLOCK_RE). */
const WHOLE_LINE = new RegExp(String.raw`^[ \t]*${BASE}[ ]*\r?$`);
/** Right after an inline element: a link or image `)`/`]`, code, emphasis, mark, keys... */
const AFTER_INLINE = new RegExp(String.raw`(?<=[)\]\`*_~=^+])${BASE}`, 'g');
/** Right after an icon shortcode (`:material-check:{ .green }`). */
export const AFTER_SHORTCODE = String.raw`(?:${BASE})?`;

/** One token of the attribute scanner: `k="v"`, `k='v'`, `k=v` or a bare word (`#id`, `.class`, `flag`). */
const TOKEN = /([^ =]+)="(.*?)"|([^ =]+)='(.*?)'|([^ =]+)=([^ =]+)|([^ =]+)| /y;

/**
 * The id an attribute list sets (`#id`, `id=x`, `id="x"`); the last one wins, as each attribute
 * overwrites the one before. Scanning stops where the text stops looking like attributes, as
 * Python's `re.Scanner` does. Null when no id is set.
 */
export function idOfAttributes(attributes: string): string | null {
  let id: string | null = null;
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < attributes.length) {
    const token = TOKEN.exec(attributes);
    if (!token) break;
    const key = token[1] ?? token[3] ?? token[5];
    const value = token[2] ?? token[4] ?? token[6];
    const word = token[7];
    if (key === 'id' && value !== undefined) id = value;
    else if (word?.startsWith('#')) id = word.slice(1);
  }
  return id === '' ? null : id;
}

/**
 * The attribute list ending a heading's text (the heading's own text, without `#` marks), or
 * null: Python-Markdown wants at least one space before the brace, so `Title{#id}` keeps its
 * braces as text.
 */
export function headingAttrList(text: string): AttrListSpan | null {
  const match = AT_HEADING_END.exec(text);
  if (!match) return null;
  const braceAt = text.indexOf('{', match.index);
  return { start: braceAt, end: text.replace(/[ ]+$/, '').length, attributes: match[1] ?? '' };
}

/** The attribute list filling a whole line, or null. */
export function wholeLineAttrList(line: string): AttrListSpan | null {
  const match = WHOLE_LINE.exec(line);
  if (!match) return null;
  const start = line.indexOf('{');
  return { start, end: line.lastIndexOf('}') + 1, attributes: match[1] ?? '' };
}

/** Attribute lists written right after an inline element of the line. */
export function inlineAttrLists(line: string): AttrListSpan[] {
  return [...line.matchAll(AFTER_INLINE)].map((match) => ({ start: match.index, end: match.index + match[0].length, attributes: match[1] ?? '' }));
}

/**
 * The `{#id .class key=value}` block VitePress reads at the end of a heading (markdown-it-attrs):
 * where it is, and the id it sets. The rules are markdown-it-attrs' own: the block is the text from
 * the LAST `{` of the heading to a `}` that ends it, at least `{x}` long (`{#x}`, `{.x}` for an id
 * or a class), and the first `#name` or `id=name` in it is the heading's id.
 */

export interface TrailingAttrs {
  /** Offset of the `{` in the text searched. */
  readonly start: number;
  /** The id it sets, or null (`{.class}` only). */
  readonly id: string | null;
}

/** The first id an attribute block (`{`...`}`, braces included) sets, read the way markdown-it-attrs reads it. */
function idOfAttrs(block: string): string | null {
  let key = '';
  let value = '';
  let readingKey = true;
  let quoted = false;
  const pairs: [string, string][] = [];
  for (let at = 1; at < block.length; at += 1) {
    const char = block.charAt(at);
    if (char === '}') {
      if (key !== '') pairs.push([key, value]);
      break;
    }
    if (char === '=' && readingKey) {
      readingKey = false;
    } else if ((char === '.' || char === '#') && key === '') {
      key = char === '#' ? 'id' : 'class';
      if (char === '.' && block.charAt(at + 1) === '.') at += 1;
      readingKey = false;
    } else if (char === '"' && (quoted || value === '')) {
      quoted = !quoted;
    } else if (char === ' ' && !quoted) {
      if (key !== '') pairs.push([key, value]);
      key = '';
      value = '';
      readingKey = true;
    } else if (readingKey) {
      if (!/[\t\n\f />"'=]/.test(char)) key += char;
    } else {
      value += char;
    }
  }
  const id = pairs.find(([name]) => name === 'id');
  return id ? id[1] : null;
}

/**
 * The attribute block that ends `text` (a heading's inline content, already trimmed), else null.
 * A block inside a code span is not one (the text would end with a backtick, not `}`).
 */
export function trailingAttrs(text: string): TrailingAttrs | null {
  if (!text.endsWith('}')) return null;
  const start = text.lastIndexOf('{');
  if (start === -1) return null;
  const block = text.slice(start);
  if (block.indexOf('}') !== block.length - 1) return null;
  const marked = block.charAt(1) === '#' || block.charAt(1) === '.';
  if (block.length < (marked ? 4 : 3)) return null;
  return { start, id: idOfAttrs(block) };
}

/** Where an ATX heading's inline content lies in its line (`## Title ##` -> `Title`), or null if the line is not one. */
export function atxContentSpan(line: string): { start: number; end: number } | null {
  const opening = /^((?:[ \t]*>)*[ \t]*)(#{1,6})(?=[ \t]|$)/.exec(line);
  if (!opening) return null;
  let start = opening[0].length;
  while (start < line.length && /[ \t]/.test(line.charAt(start))) start += 1;
  let end = line.replace(/[ \t\r]+$/, '').length;
  const closing = /[ \t]+#+$/.exec(line.slice(start, end));
  if (closing) end = start + closing.index;
  else if (/^#+$/.test(line.slice(start, end))) end = start;
  while (end > start && /[ \t]/.test(line.charAt(end - 1))) end -= 1;
  return { start, end: Math.max(start, end) };
}

/** True for a setext underline (`===` or `---`), blockquote markers allowed before it. */
export function isSetextUnderline(line: string): boolean {
  return /^(?:[ \t]*>)*[ \t]{0,3}(?:=+|-+)[ \t\r]*$/.test(line);
}

/**
 * The custom id written in a heading's source (`## Title {#id}`, or a setext heading whose last
 * text line ends with `{#id}`), else null.
 */
export function headingCustomId(headingSource: string): string | null {
  const lines = headingSource.split('\n');
  const last = lines[lines.length - 1] ?? '';
  if (lines.length > 1 && isSetextUnderline(last)) {
    const text = (lines[lines.length - 2] ?? '').replace(/^(?:[ \t]*>)*[ \t]*/, '').trimEnd();
    return trailingAttrs(text)?.id ?? null;
  }
  const first = lines[0] ?? '';
  const span = atxContentSpan(first);
  if (!span) return null;
  return trailingAttrs(first.slice(span.start, span.end))?.id ?? null;
}

import { ATX_HEADING, markdownLines } from './markdown-lines.ts';
import { SourceEditor } from './source-editor.ts';

/**
 * Astro (Starlight) and Mintlify run remark-smartypants before they slug headings, so `What's
 * next?` is `What’s next?` on the page and in the id's input. This educates a heading's text the
 * same way outside inline code: straight quotes curled by their neighbours, `--` to an em dash,
 * `...` to an ellipsis. Never longer than its input, so a line can be overwritten in place.
 */

const WORD = /[\p{L}\p{N}]/u;

function isWord(char: string | undefined): boolean {
  return char !== undefined && WORD.test(char);
}

function curl(text: string, at: number, quote: '"' | "'"): string {
  const before = text[at - 1];
  const after = text[at + 1];
  const open = quote === '"' ? '\u201C' : '\u2018';
  const close = quote === '"' ? '\u201D' : '\u2019';
  if (quote === "'" && /^\d\ds/.test(text.slice(at + 1, at + 4))) return close; // the '80s
  if (before !== undefined && !/[\s([{\u2014\u2013-]/u.test(before)) return close; // after a word or a closing mark
  if (isWord(after)) return open;
  return close;
}

/** Smart punctuation in text that holds no code. */
function educateProse(text: string): string {
  let out = '';
  for (let at = 0; at < text.length; at += 1) {
    const char = text[at] ?? '';
    if (char === '"' || char === "'") out += curl(text, at, char);
    else if (text.startsWith('...', at)) {
      out += '\u2026';
      at += 2;
    } else if (text.startsWith('--', at) && text[at + 2] !== '-' && text[at - 1] !== '-') {
      out += '\u2014';
      at += 1;
    } else out += char;
  }
  return out;
}

/**
 * What smartypants never sees as prose: backtick code spans, HTML/JSX tags (`<Badge text="x" />`)
 * and MDX expressions (`{props.x}`). Rewriting a quote in those would change code or break MDX.
 */
const UNTOUCHED = /(`+)[\s\S]*?[^`]\1(?!`)|(`+)\2(?!`)|<[A-Za-z/!][^<>]*>|\{[^{}]*\}/g;

/** Educates a heading's text, leaving code spans, tags and expressions as written. */
export function educateHeadingText(text: string): string {
  let out = '';
  let at = 0;
  for (const span of text.matchAll(UNTOUCHED)) {
    out += educateProse(text.slice(at, span.index)) + span[0];
    at = span.index + span[0].length;
  }
  return out + educateProse(text.slice(at));
}

const HEADING_MARK = /^ {0,3}#{1,6}(?:[ \t]+|$)/;

/**
 * Educates the text of every ATX heading line outside code, each line overwritten in place and
 * padded at its end. `bodyEnd` may cut a line's text short (a custom id the caller blanks).
 */
export function educateHeadingLines(source: string, bodyEnd: (text: string) => number = (text) => text.replace(/\r$/, '').length): string {
  const editor = new SourceEditor(source);
  let changed = false;
  for (const line of markdownLines(source)) {
    if (line.inCode || !ATX_HEADING.test(line.text)) continue;
    const prefix = HEADING_MARK.exec(line.text)?.[0] ?? '';
    const end = bodyEnd(line.text);
    const body = line.text.slice(prefix.length, end);
    const educated = educateHeadingText(body);
    if (educated === body && end === line.text.replace(/\r$/, '').length) continue;
    editor.overwrite(line.start, line.end, prefix + educated);
    changed = true;
  }
  return changed ? editor.toString() : source;
}

import type { HeadingIds } from '../types.ts';

/** A trailing Goldmark attribute list on a heading: `{#id}`, `{.class #id key="v"}`. */
export const HEADING_ATTRIBUTES = /[ \t]*\{[ \t]*(?:[#.][\w-]+|[\w-]+[ \t]*=[ \t]*(?:"[^"\n]*"|'[^'\n]*'|[^\s}]+))(?:[ \t]+(?:[#.][\w-]+|[\w-]+[ \t]*=[ \t]*(?:"[^"\n]*"|'[^'\n]*'|[^\s}]+)))*[ \t]*\}[ \t]*$/;

/** The id an attribute list gives (`#id` or `id="..."`), else null. */
export function attributeId(attributes: string): string | null {
  const hash = /\{(?:[^}]*?\s)?#([\w-]+)/.exec(attributes);
  if (hash?.[1]) return hash[1];
  const named = /\bid[ \t]*=[ \t]*(?:"([^"\n]*)"|'([^'\n]*)'|([^\s}]+))/.exec(attributes);
  return named ? (named[1] ?? named[2] ?? named[3] ?? null) : null;
}

/**
 * The raw text Goldmark makes an automatic id from: a heading's last source line as written
 * (markup, link targets and entities included), without the `#` marks, a closing `#` sequence
 * or an attribute list; for a setext heading, the last line above its underline.
 */
export function goldmarkHeadingLine(source: string): string {
  const lines = source.replace(/\r/g, '').split('\n');
  const atx = /^ {0,3}#{1,6}(?=[ \t]|$)/.exec(lines[0] ?? '');
  let line = atx ? (lines[0] ?? '').slice(atx[0].length) : (lines.length > 1 ? lines[lines.length - 2] : lines[0]) ?? '';
  line = line.trim();
  if (atx) line = line.replace(/(?:^|[ \t]+)#+[ \t]*$/, '');
  return line.replace(HEADING_ATTRIBUTES, '').trim();
}

/**
 * Hugo's `autoHeadingIDType: github` sanitising: blanks and `-` become `-`, letters, digits and
 * `_` are kept lowercased, everything else is dropped; nothing left is `heading`.
 */
export function hugoAnchor(text: string): string {
  let id = '';
  for (const char of text.trim()) {
    if (char === ' ' || char === '-') id += '-';
    else if (/[\p{L}\p{Nd}_]/u.test(char)) id += char.toLowerCase();
  }
  return id === '' ? 'heading' : id;
}

/**
 * Hugo's heading ids for one page: a custom `{#id}` as written (and remembered), else the
 * sanitised raw line, a taken id getting `-1`, `-2`... (the first free one). Where the heading's
 * source cannot be found the rendered text stands in for the raw line.
 */
export function hugoHeadingIds(): HeadingIds {
  const taken = new Set<string>();
  return (heading) => {
    const source = heading.source === '' ? null : heading.source;
    if (heading.customId !== null) {
      taken.add(heading.customId);
      return heading.customId;
    }
    const base = hugoAnchor(source === null ? heading.text : goldmarkHeadingLine(source));
    let id = base;
    for (let suffix = 1; taken.has(id); suffix += 1) id = `${base}-${suffix}`;
    taken.add(id);
    return id;
  };
}

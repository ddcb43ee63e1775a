import type { PageLine, SectionLine } from './search-tables.ts';

/** An absent value (as in PostgreSQL's COPY text format). */
const ABSENT = '\\N';
const ESCAPES: Readonly<Record<string, string>> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };
const UNESCAPES: Readonly<Record<string, string>> = { '\\': '\\', t: '\t', n: '\n', r: '\r' };

function escapeField(value: string | null): string {
  return value === null ? ABSENT : value.replace(/[\\\t\n\r]/g, (character) => ESCAPES[character] ?? character);
}

/**
 * Undoes `escapeField`: a backslash and the character after it become what they stand for (both
 * kept when they stand for nothing); a lone backslash at the end stays. A section's text is
 * unescaped each time it is a result, so this is on the path of every query: with no escaped
 * backslash in the field every backslash opens a pair, and three native `replaceAll` give a flat
 * string (a loop of concatenations gives a rope that the snippet then pays to flatten).
 */
function unescapeField(field: string): string {
  let at = field.indexOf('\\');
  if (at === -1) return field;
  if (!field.includes('\\\\', at)) return field.replaceAll('\\n', '\n').replaceAll('\\t', '\t').replaceAll('\\r', '\r');
  const parts: string[] = [];
  let from = 0;
  while (at !== -1 && at + 1 < field.length) {
    const character = field.charAt(at + 1);
    parts.push(field.slice(from, at), UNESCAPES[character] ?? `\\${character}`);
    from = at + 2;
    at = field.indexOf('\\', from);
  }
  parts.push(field.slice(from));
  return parts.join('');
}

/** A field that may be absent (`\N`), unescaped: what the first field of a line (`LineTable.head`) holds. */
export function optionalField(field: string): string | null {
  return field === ABSENT ? null : unescapeField(field);
}

/** A table line: the fields escaped and tab-separated. */
function encodeLine(fields: readonly (string | null)[]): string {
  return fields.map(escapeField).join('\t');
}

/** The raw fields of a table line, or null when it does not have `count` of them (found with `indexOf`: `split` costs more). */
function fieldsOf(line: string, count: number): string[] | null {
  const fields: string[] = [];
  let from = 0;
  for (let tab = line.indexOf('\t'); tab !== -1; tab = line.indexOf('\t', from)) {
    if (fields.length === count - 1) return null;
    fields.push(line.slice(from, tab));
    from = tab + 1;
  }
  fields.push(line.slice(from));
  return fields.length === count ? fields : null;
}

export function encodeSectionLine(section: SectionLine): string {
  return encodeLine([section.anchor, section.heading, section.text]);
}

/** A line of `search/sections.txt`; null when it does not have its three fields. */
export function decodeSectionLine(line: string): SectionLine | null {
  const [anchor, heading, text] = fieldsOf(line, 3) ?? [];
  if (anchor === undefined || heading === undefined || text === undefined) return null;
  return { anchor: optionalField(anchor), heading: optionalField(heading), text: unescapeField(text) };
}

export function encodePageLine(page: PageLine): string {
  return encodeLine([page.slug, page.title, page.url, page.group]);
}

/** A line of `search/pages.txt`; null when it does not have its four fields. */
export function decodePageLine(line: string): PageLine | null {
  const [slug, title, url, group] = fieldsOf(line, 4) ?? [];
  if (slug === undefined || title === undefined || url === undefined || group === undefined) return null;
  return { slug: unescapeField(slug), title: unescapeField(title), url: unescapeField(url), group: optionalField(group) };
}

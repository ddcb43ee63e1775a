import type { PageLine, SectionLine } from './index-format.ts';

/** An absent value (as in PostgreSQL's COPY text format). */
const ABSENT = '\\N';
const ESCAPES: Readonly<Record<string, string>> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };
const UNESCAPES: Readonly<Record<string, string>> = { '\\': '\\', t: '\t', n: '\n', r: '\r' };

function escapeField(value: string | null): string {
  return value === null ? ABSENT : value.replace(/[\\\t\n\r]/g, (character) => ESCAPES[character] ?? character);
}

function unescapeField(field: string): string {
  return field.includes('\\') ? field.replace(/\\(.)/gs, (whole, character: string) => UNESCAPES[character] ?? whole) : field;
}

/** A field that may be absent (`\N`), unescaped: what the first field of a line (`LineTable.head`) holds. */
export function optionalField(field: string): string | null {
  return field === ABSENT ? null : unescapeField(field);
}

/** A table line: the fields escaped and tab-separated. */
function encodeLine(fields: readonly (string | null)[]): string {
  return fields.map(escapeField).join('\t');
}

/** The raw fields of a table line, or null when it does not have `count` of them. */
function fieldsOf(line: string, count: number): string[] | null {
  const fields = line.split('\t');
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

import type { SectionRow } from './index-format.ts';

/** An absent heading or group (as in PostgreSQL's COPY text format). */
const ABSENT = '\\N';
const ESCAPES: Readonly<Record<string, string>> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };
const UNESCAPES: Readonly<Record<string, string>> = { '\\': '\\', t: '\t', n: '\n', r: '\r' };

function escapeField(value: string | null): string {
  return value === null ? ABSENT : value.replace(/[\\\t\n\r]/g, (character) => ESCAPES[character] ?? character);
}

function unescapeField(field: string): string {
  return field.includes('\\') ? field.replace(/\\(.)/gs, (whole, character: string) => UNESCAPES[character] ?? whole) : field;
}

/** One line of `search/sections.txt`: the row's fields, tab-separated and escaped. */
export function encodeSectionRow(row: SectionRow): string {
  return [row.title, row.heading, row.url, row.group, row.text].map(escapeField).join('\t');
}

/** The row of one line of `search/sections.txt`; null when the line does not have its five fields. */
export function decodeSectionRow(line: string): SectionRow | null {
  const fields = line.split('\t');
  const [title, heading, url, group, text] = fields;
  if (fields.length !== 5 || title === undefined || heading === undefined || url === undefined || group === undefined || text === undefined) return null;
  return {
    title: unescapeField(title),
    heading: heading === ABSENT ? null : unescapeField(heading),
    url: unescapeField(url),
    group: group === ABSENT ? null : unescapeField(group),
    text: unescapeField(text),
  };
}

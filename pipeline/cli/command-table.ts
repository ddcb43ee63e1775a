import { commandAbout, commandUsage, type CommandSpec } from './command-spec.ts';

/** Opens and closes the README's generated command table. */
export const TABLE_MARKS = { start: '<!-- commands: generated from pipeline/cli/specs by `npm run docs:commands` -->', end: '<!-- /commands -->' } as const;

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

/** The README's command table: each command's usage (from its declared options) and what it does. */
export function commandTable(specs: readonly CommandSpec[]): string {
  return ['| command | what it does |', '|---|---|', ...specs.map((spec) => `| \`${cell(commandUsage(spec))}\` | ${cell(commandAbout(spec))} |`)].join('\n');
}

/** `readme` with the text between the table's marks replaced by `table`; null when the marks are missing. */
export function withCommandTable(readme: string, table: string): string | null {
  const start = readme.indexOf(TABLE_MARKS.start);
  const end = readme.indexOf(TABLE_MARKS.end);
  if (start === -1 || end < start) return null;
  return `${readme.slice(0, start + TABLE_MARKS.start.length)}\n${table}\n${readme.slice(end)}`;
}

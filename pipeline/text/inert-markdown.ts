/**
 * Text of a digest quoted in Markdown a reviewer reads (the `ask digest diff` comment): shown as
 * it is, never acted on. Quoted text is code (an inline code span, or a fenced block for lines of
 * a file), where GitHub makes no link, no autolink, no image, no HTML and no `@` mention; its
 * control characters and line breaks are escapes (`printable`), so it cannot end the span, start
 * a line of its own or forge a heading of the diff.
 */
import { printable } from './printable.ts';

/** The longest run of backticks in `text`. */
function longestTicks(text: string): number {
  let longest = 0;
  for (const run of text.match(/`+/g) ?? []) longest = Math.max(longest, run.length);
  return longest;
}

/**
 * `text` as one inline code span: a backtick in it is `ˋ` (a span cannot hold its own
 * delimiter reliably), line breaks and control characters escaped; `(none)` for no text.
 */
export function inlineCode(text: string): string {
  if (text === '') return '(none)';
  return `\`${printable(text).replace(/`/g, 'ˋ')}\``;
}

/** `lines` as a fenced block of plain text: its fence longer than any run of backticks in them, each line's control characters escaped. */
export function fencedBlock(lines: readonly string[]): string[] {
  const shown = lines.map((line) => printable(line));
  const fence = '`'.repeat(Math.max(3, longestTicks(shown.join('\n')) + 1));
  return [`${fence}text`, ...shown, fence];
}

/**
 * `ask digest diff --comment-out FILE`: the diff as a pull-request comment that never passes a
 * size cap (GitHub refuses a comment over 65,536 characters). A hidden marker line first (how the
 * workflow finds its own comment to update it), the diff's title, its "Edited by hand" part
 * (never left out: the warning a reviewer must not miss), the counts and the Search part, then as
 * many of the changes (each `## ` block: a section changed, added or removed, the glossary, the
 * suggestions, the context, the files) as fit, in the diff's order; when some are left out, a
 * last line says how many and where the full diff is.
 */
import type { DigestDiff } from '../digest/diff.ts';

/** The first line of every comment: the workflow updates the comment that starts with it. */
export const COMMENT_MARKER = '<!-- ask-digest-diff -->';

/** GitHub's cap on an issue or pull-request comment, in characters. */
export const GITHUB_COMMENT_CHARS = 65_536;

/** The smallest cap a comment can be asked to keep: the marker, a head and the closing line. */
export const MIN_COMMENT_CHARS = 1_000;

/** What the comment is made of: the digest parts of the diff (Markdown) and its Search part (lines). */
export interface DiffParts extends DigestDiff {
  readonly search: readonly string[];
}

/** The digest part split at its `## ` headings: the head before the first, then each block. */
function blocksOf(markdown: string): { readonly head: string; readonly blocks: string[] } {
  const lines = markdown.trimEnd().split('\n');
  const starts = lines.flatMap((line, at) => (line.startsWith('## ') ? [at] : []));
  const cut = starts[0] ?? lines.length;
  const blocks = starts.map((start, at) => lines.slice(start, starts[at + 1] ?? lines.length).join('\n').trimEnd());
  return { head: lines.slice(0, cut).join('\n').trimEnd(), blocks };
}

/** The line that closes a comment some changes were left out of. */
function omittedLine(omitted: number, total: number, maxChars: number, fullDiffAt: string): string {
  const changes = total === 1 ? 'change' : 'changes';
  return `_Cut to keep this comment under ${maxChars.toLocaleString('en-US')} characters: ${omitted} of ${total} ${changes} not shown; the full diff is in ${fullDiffAt}._`;
}

/** As many whole lines of `text` as fit in `room` characters (joined by newlines). */
function linesThatFit(text: string, room: number): string {
  const kept: string[] = [];
  let used = 0;
  for (const line of text.split('\n')) {
    const cost = line.length + (kept.length === 0 ? 0 : 1);
    if (used + cost > room) break;
    kept.push(line);
    used += cost;
  }
  return kept.join('\n');
}

/** The comment for `parts`, at most `maxChars` characters (UTF-16 code units, never fewer than GitHub counts). */
export function reviewComment(parts: DiffParts, maxChars: number, fullDiffAt: string): string {
  const { head, blocks } = blocksOf(parts.changes);
  const first = [parts.title, parts.handEdited].filter((text) => text !== '').join('\n\n');
  const top = [first, head, parts.search.join('\n').trimEnd()].filter((text) => text !== '').join('\n\n');
  const whole = [COMMENT_MARKER, top, ...blocks].join('\n\n');
  if (whole.length + 1 <= maxChars) return `${whole}\n`;
  // the closing line is counted at its longest (every change left out) so that it always fits,
  // with the blank line before it and the newline after it
  const room = maxChars - omittedLine(blocks.length, blocks.length, maxChars, fullDiffAt).length - 3;
  const pieces = [COMMENT_MARKER];
  let used = COMMENT_MARKER.length;
  const fits = (text: string): boolean => used + 2 + text.length <= room;
  const add = (text: string): void => {
    pieces.push(text);
    used += 2 + text.length;
  };
  if (fits(top)) add(top);
  else add(linesThatFit(top, room - used - 2));
  let shown = 0;
  for (const block of blocks) {
    if (!fits(block)) break;
    add(block);
    shown += 1;
  }
  pieces.push(omittedLine(blocks.length - shown, blocks.length, maxChars, fullDiffAt));
  return `${pieces.join('\n\n')}\n`;
}

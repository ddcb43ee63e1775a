/**
 * Heading ids as Docusaurus's MDX loader gives them (its `headings` remark plugin): an explicit
 * id written in the heading wins and is used as written; every other heading gets github-slugger's
 * slug of its text, one slugger per page (`createSlugger` in @docusaurus/utils wraps
 * github-slugger, whose rules and Unicode tables are the same in its 1.5 and 2.x releases).
 * An explicit id does not count as an occurrence for the slugger, so `## A {#x}` followed by
 * `## X` gives two headings with the id `x`, exactly as the site does.
 */
import GithubSlugger from 'github-slugger';
import type { HeadingIds } from '../types.ts';

/**
 * The classic syntax `{#id}` at the very end of a heading (MDX-escaped `\{#id}` too): the id is
 * everything between `{#` and the last `}`, with no `{#` or `}` inside, trimmed.
 */
export const CLASSIC_ID = /[ \t]*\\?\{#((?:.(?!\{#|\}))*.)\}$/;
/** An MDX comment as the heading's last part: `{/* #id *\/}`. */
export const MDX_COMMENT_ID = /[ \t]*\{[ \t]*\/\*((?:(?!\*\/).)*)\*\/[ \t]*\}$/;

/** The id of a comment's text: its first word when that starts with `#` (`#my-id note` -> `my-id`). */
function commentId(comment: string): string | null {
  const first = comment.trim().split(' ')[0] ?? '';
  return first.startsWith('#') && first.length > 1 ? first.slice(1) : null;
}

/**
 * The heading's own text line from its source: an ATX heading without its `#` marks (opening and
 * closing), a setext heading without its underline. Only its last line can carry an id.
 */
function headingLine(headingSource: string): string {
  const lines = headingSource.replace(/\r/g, '').split('\n');
  const isSetext = lines.length > 1 && /^ {0,3}(=+|-+)[ \t]*$/.test(lines[lines.length - 1] ?? '');
  const text = (isSetext ? lines[lines.length - 2] : lines[0]) ?? '';
  if (isSetext) return text.trim();
  return text
    .replace(/^ {0,3}#{1,6}(?=[ \t]|$)/, '')
    .replace(/[ \t]+#+[ \t]*$/, '')
    .trim();
}

/**
 * The explicit id of a heading from its original source, in Docusaurus's order: an MDX comment id
 * (`{/* #id *\/}`), else the classic `{#id}`; null when there is none. (Docusaurus also reads
 * `<!-- #id -->`, but only in pages compiled as CommonMark: its MDX pages, `.md` ones included by
 * default, drop HTML comments before ids are read.)
 */
export function docusaurusCustomId(headingSource: string): string | null {
  const line = headingLine(headingSource);
  const comment = MDX_COMMENT_ID.exec(line);
  if (comment) {
    const id = commentId(comment[1] ?? '');
    if (id !== null) return id;
  }
  const classic = CLASSIC_ID.exec(line)?.[1]?.trim() ?? '';
  return classic === '' ? null : classic;
}

/** A fresh id assigner for one page: the explicit id as written, else github-slugger's slug. */
export function docusaurusHeadingIds(): HeadingIds {
  const slugger = new GithubSlugger();
  return (heading) => heading.customId ?? slugger.slug(heading.text);
}

/**
 * In Docusaurus an imported partial is a separate MDX module: its headings get their ids from a
 * slugger of their own and take no id away from the page's headings (a page with `### --dry-run`
 * and a partial with the same heading serves both as `#--dry-run`). Once the partial's text is
 * inlined we would number its headings with the page's. So each heading of the partial without
 * an explicit id gets the id Docusaurus gives it, written after it as an explicit `{#id}`:
 * `prepare` blanks it and `customId` reads it like an author's own, so it stays out of the
 * page's slugger too.
 */
import type { Heading, Nodes } from 'mdast';
import { headingText } from '../../chunk.ts';
import { parseMarkdown } from '../../../markdown/parse.ts';
import { docusaurusCustomId, docusaurusHeadingIds } from './heading-id.ts';
import { prepareDocusaurus } from './prepare.ts';

function headingsOf(node: Nodes, out: Heading[]): Heading[] {
  if (node.type === 'heading') out.push(node);
  if ('children' in node) for (const child of node.children as Nodes[]) headingsOf(child, out);
  return out;
}

/** Where ` {#id}` goes: after the heading's last text line, before an ATX heading's closing `#`s and trailing blanks. */
function idOffset(text: string, start: number, end: number): number {
  const source = text.slice(start, end);
  const underline = source.lastIndexOf('\n');
  if (underline !== -1) return start + source.slice(0, underline).trimEnd().length; // setext: the text above the underline
  return start + source.replace(/[ \t]+#+[ \t]*$/, '').trimEnd().length;
}

/** The partial's text with the id Docusaurus gives each of its headings written as `{#id}`; the text itself when it does not parse. */
export function withPartialHeadingIds(text: string, format: 'md' | 'mdx'): string {
  let headings: Heading[];
  try {
    headings = headingsOf(parseMarkdown(prepareDocusaurus(text, format), format), []);
  } catch {
    return text;
  }
  const assign = docusaurusHeadingIds();
  const inserts: Array<{ at: number; id: string }> = [];
  for (const heading of headings) {
    const start = heading.position?.start.offset;
    const end = heading.position?.end.offset;
    if (start === undefined || end === undefined) continue;
    const source = text.slice(start, end);
    const customId = docusaurusCustomId(source);
    const id = assign({ text: headingText(heading), customId, depth: heading.depth, source });
    if (customId === null && id !== '') inserts.push({ at: idOffset(text, start, end), id });
  }
  let annotated = text;
  for (const { at, id } of inserts.reverse()) annotated = `${annotated.slice(0, at)} {#${id}}${annotated.slice(at)}`;
  return annotated;
}

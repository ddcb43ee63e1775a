import type { Heading } from 'mdast';
import { toString } from 'mdast-util-to-string';
import { parseMarkdown } from '../../../markdown/parse.ts';
import { educateHeadingText } from '../smart-punctuation.ts';

/**
 * The text Astro slugs for a heading, from the heading's original source: its text and code with
 * smart punctuation, raw HTML left out, and blanks exactly as written, not trimmed or folded (so
 * `` `<Content />` <Badge /> `` is `<Content /> `, whose slug keeps a hyphen for that space).
 * Null when the source does not parse as one heading.
 */
export function astroHeadingText(source: string): string | null {
  const tree = parseMarkdown(educateHeadingText(source), 'md');
  const heading = tree.children.find((node): node is Heading => node.type === 'heading');
  return heading ? toString(heading, { includeHtml: false }) : null;
}

import type { Heading } from 'mdast';
import { toString } from 'mdast-util-to-string';
import { parseMarkdown } from '../../../markdown/parse.ts';

/** Parses one heading's source as MDX (as Nextra compiles pages), else as Markdown. */
function parseHeading(source: string): Heading | null {
  for (const format of ['mdx', 'md'] as const) {
    try {
      const heading = parseMarkdown(source, format).children.find((node): node is Heading => node.type === 'heading');
      if (heading) return heading;
    } catch {
      // not valid MDX on its own: try Markdown
    }
  }
  return null;
}

/**
 * The text Nextra slugs for a heading (its `getFlattenedValue`): every text, inline code and
 * expression value of the heading's source, blanks as written (` <Badge />` leaves its space),
 * the `[#id]` already blanked by the caller. Null when the source does not parse as a heading.
 */
export function nextraHeadingText(source: string): string | null {
  const heading = parseHeading(source);
  return heading ? toString(heading, { includeHtml: false }) : null;
}

import type { Heading, Nodes } from 'mdast';
import { toString } from 'mdast-util-to-string';
import { parseMarkdown } from '../parse.ts';
import type { HeadingInput, PageHeadings } from './types.ts';

interface SourcedHeading {
  /** The heading's text folded as the pipeline folds it (to match the text it hands the assigner). */
  readonly text: string;
  /** The heading's original source. */
  readonly source: string;
}

function foldedText(heading: Heading): string {
  return toString(heading, { includeHtml: false }).replace(/\s+/g, ' ').trim();
}

/** The page's headings in document order (nested ones too), parsed from its prepared text; null when it does not parse so. */
function headingsOf(source: string, prepared: string, format: 'md' | 'mdx'): SourcedHeading[] | null {
  let tree: Nodes;
  try {
    tree = parseMarkdown(prepared, format);
  } catch {
    return null;
  }
  const found: SourcedHeading[] = [];
  const walk = (node: Nodes): void => {
    if (node.type === 'heading') {
      const start = node.position?.start.offset ?? 0;
      const end = node.position?.end.offset ?? start;
      found.push({ text: foldedText(node), source: source.slice(start, end) });
    }
    if ('children' in node) for (const child of node.children as Nodes[]) walk(child);
  };
  walk(tree);
  return found;
}

/**
 * Finds each heading's original Markdown source (`## The [x](y) option`), which generators that
 * make ids from the raw line (Hugo's Goldmark) or from unfolded text (Astro) need: the heading's
 * own `source` when the pipeline passes one, else the page's headings re-parsed from the page's
 * text the same way (as Markdown, then as MDX) and matched in document order by their text (the next one with the same text). Null
 * for a heading that cannot be matched: the caller falls back on the heading's text.
 */
export function headingSourceFinder(page: PageHeadings, prepare: (source: string, format: 'md' | 'mdx') => string): (heading: HeadingInput) => string | null {
  const lists = new Map<'md' | 'mdx', { readonly headings: SourcedHeading[] | null; next: number }>();
  const listFor = (format: 'md' | 'mdx') => {
    let list = lists.get(format);
    if (!list) {
      list = { headings: headingsOf(page.source, prepare(page.source, format), format), next: 0 };
      lists.set(format, list);
    }
    return list;
  };
  return (heading) => {
    if ('source' in heading && typeof heading.source === 'string') return heading.source;
    for (const format of ['md', 'mdx'] as const) {
      const list = listFor(format);
      const headings = list.headings ?? [];
      const at = headings.findIndex((candidate, index) => index >= list.next && candidate.text === heading.text);
      if (at !== -1) {
        list.next = at + 1;
        return headings[at]?.source ?? null;
      }
    }
    return null;
  };
}

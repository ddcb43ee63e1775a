import type { Nodes, Root } from 'mdast';
import { toString } from 'mdast-util-to-string';
import { readContentBytes } from '../../content/inside-folder.ts';
import { chunkPage, expandedText, firstTitleHeading, parseMarkdown, resolveSite, type FileSource } from '../../content/index.ts';
import type { Page } from '../../types.ts';
import { placeSourceBlocks } from './block-elements.ts';
import { cleanTree } from './clean-tree.ts';
import { sectionAnchors, setHeadingIds } from './heading-ids.ts';
import { resolvePageLinks, type PreviewLinks } from './page-links.ts';
import { focusableScrollers } from './scroll-focus.ts';
import { withoutPreparedBlanks } from './prepared-whitespace.ts';
import { sourceBlocks } from './source-blocks.ts';
import { mdastToHtml } from './to-html.ts';

/** One entry of a page's table of contents: a `##` (depth 2) or `###` (depth 3) heading with its anchor. */
export interface TocEntry {
  readonly depth: 2 | 3;
  readonly id: string;
  readonly text: string;
}

export interface RenderedMarkdown {
  /** The page's body as HTML. */
  readonly html: string;
  /** True when the Markdown has its own `#` title heading. */
  readonly hasTitle: boolean;
  /** The `##`/`###` headings that carry their section's anchor, in order. */
  readonly toc: readonly TocEntry[];
  /** True when the body has tabs (the page then loads the script that switches them). */
  readonly hasTabs: boolean;
  /** Link targets that are no page of the site, shown as their text. */
  readonly droppedLinks: readonly string[];
}

/** Whether an offset of the page is inside one of the tree's code blocks. */
function codeRanges(tree: Root): (offset: number) => boolean {
  const ranges: [number, number][] = [];
  const walk = (node: Nodes): void => {
    const { start, end } = node.position ?? {};
    if (node.type === 'code' && start?.offset !== undefined && end?.offset !== undefined) ranges.push([start.offset, end.offset]);
    if ('children' in node) for (const child of node.children) walk(child);
  };
  walk(tree);
  return (offset) => ranges.some(([start, end]) => offset >= start && offset < end);
}

function tableOfContents(tree: Root): TocEntry[] {
  const entries: TocEntry[] = [];
  for (const node of tree.children) collect(node, entries);
  return entries;
}

function collect(node: Nodes, entries: TocEntry[]): void {
  if (node.type === 'heading') {
    const id = node.data?.hProperties?.['id'];
    if ((node.depth === 2 || node.depth === 3) && typeof id === 'string') entries.push({ depth: node.depth, id, text: toString(node).trim() });
    return;
  }
  if ('children' in node) for (const child of node.children) collect(child, entries);
}

/**
 * One page's Markdown as HTML, read as the content stage reads it (includes expanded, the
 * generator's syntax prepared, the same parser), so that every `##`/`###` heading that starts a
 * section carries the anchor the digest gives that section (custom `{#id}` ids included). Its
 * admonitions and tabs are shown as such (`sourceBlocks`), its links are the site's own
 * (`resolvePageLinks` against `links`) and its code is highlighted.
 */
export async function renderPageMarkdown(source: FileSource, page: Page, links: PreviewLinks): Promise<RenderedMarkdown> {
  const text = (await readContentBytes(source.contentDir, page.file)).toString('utf8');
  const expanded = await expandedText(source, page.file, text);
  const { generator } = resolveSite(source);
  const prepared = generator.prepare(expanded, page.format);
  const tree = parseMarkdown(prepared, page.format);
  setHeadingIds(tree, sectionAnchors(chunkPage({ source: expanded, prepared, tree, page, generator })));
  const hasTitle = firstTitleHeading(tree) !== null;
  placeSourceBlocks(withoutPreparedBlanks(tree, expanded), sourceBlocks(expanded, generator.name, codeRanges(tree)));
  const droppedLinks = resolvePageLinks(tree, page, links);
  const cleaned = focusableScrollers(cleanTree(tree));
  const html = mdastToHtml(cleaned);
  return { html, hasTitle, toc: tableOfContents(cleaned), hasTabs: html.includes('role="tablist"'), droppedLinks };
}

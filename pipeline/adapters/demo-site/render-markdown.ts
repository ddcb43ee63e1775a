import { readContentBytes } from '../../content/inside-folder.ts';
import { chunkPage, expandedText, firstTitleHeading, parseMarkdown, resolveSite, type FileSource } from '../../content/index.ts';
import type { Page } from '../../types.ts';
import { cleanTree } from './clean-tree.ts';
import { sectionAnchors, setHeadingIds } from './heading-ids.ts';
import { focusableScrollers } from './scroll-focus.ts';
import { mdastToHtml } from './to-html.ts';

export interface RenderedMarkdown {
  /** The page's body as HTML. */
  readonly html: string;
  /** True when the Markdown has its own `#` title heading. */
  readonly hasTitle: boolean;
}

/**
 * One page's Markdown as HTML, read as the content stage reads it (includes expanded, the
 * generator's syntax prepared, the same parser), so that every `##`/`###` heading that starts a
 * section carries the anchor the digest gives that section (custom `{#id}` ids included).
 */
export async function renderPageMarkdown(source: FileSource, page: Page): Promise<RenderedMarkdown> {
  const text = (await readContentBytes(source.contentDir, page.file)).toString('utf8');
  const expanded = await expandedText(source, page.file, text);
  const { generator } = resolveSite(source);
  const prepared = generator.prepare(expanded, page.format);
  const tree = parseMarkdown(prepared, page.format);
  setHeadingIds(tree, sectionAnchors(chunkPage({ source: expanded, prepared, tree, page, generator })));
  const hasTitle = firstTitleHeading(tree) !== null;
  return { html: mdastToHtml(focusableScrollers(cleanTree(tree))), hasTitle };
}

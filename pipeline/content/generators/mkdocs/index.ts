import { atxHeadingText, headingAttrListIn } from './inline.ts';
import { idOfAttributes } from './attr-list.ts';
import { blogPostRoute } from './blog.ts';
import { prepareMkdocs } from './prepare.ts';
import { pythonMarkdownSlug, uniqueHeadingId } from './slugify.ts';
import { expandSnippets } from './snippets.ts';
import { frontmatterFlag } from '../path-route.ts';
import type { Generator, HeadingIds, PageHeadings } from '../types.ts';
import { SLASHED_URLS, styledPath } from '../url-style.ts';

/**
 * MkDocs (and Material for MkDocs): every `.md` file of `docs/` is a page at its path
 * (`use_directory_urls`: `a/b.md` -> `a/b/`, `index.md` and `README.md` name their folder),
 * blog posts at their date and slug, ids by Python-Markdown's `toc` slugify with `_1`, `_2` for
 * duplicates and attr_list `{ #id }` winning, admonitions, details, tabs and snippets read as the
 * site shows them.
 */

const FOLDER_PAGES = new Set(['index', 'README']);

/** MkDocs' default `exclude_docs`: dot files and folders, and a top-level `templates/` folder. */
function excludedByDefault(file: string): boolean {
  return file.startsWith('templates/') || file.split('/').some((part) => part.startsWith('.'));
}

/** The page's route from its path, and whether it names its folder (`index.md`, `README.md`, case as written). */
function pathRoute(file: string): { readonly route: string; readonly folderPage: boolean } {
  const parts = file.split('/');
  const stem = (parts.pop() ?? '').replace(/\.md$/i, '');
  return FOLDER_PAGES.has(stem) ? { route: parts.join('/'), folderPage: true } : { route: [...parts, stem].join('/'), folderPage: false };
}

/** The id written in a heading's source: a trailing attribute list (`## Title { #id }`), else null. */
function headingSourceId(headingSource: string): string | null {
  const lines = headingSource.split('\n');
  const first = (lines[0] ?? '').replace(/\r$/, '').trimStart();
  const text = atxHeadingText(first) ?? [0, first.replace(/[ \t]+$/, '').length];
  const attrs = headingAttrListIn(first, text);
  return attrs ? idOfAttributes(attrs.attributes) : null;
}

/**
 * Python-Markdown's toc ids for one page: an author's id as written, every other one slugified
 * and made unique against all before it and every id an attribute list sets anywhere on the
 * page (headings and other elements, even further down).
 */
function tocHeadingIds(page: PageHeadings): HeadingIds {
  const used = new Set<string>([...page.customIds, ...prepareMkdocs(page.source).authorIds]);
  return (heading) => {
    if (heading.customId !== null) {
      used.add(heading.customId);
      return heading.customId;
    }
    return uniqueHeadingId(pythonMarkdownSlug(heading.text), used);
  };
}

export const mkdocs: Generator = {
  name: 'mkdocs',
  markers: ['mkdocs.yml', 'mkdocs.yaml'],
  urlStyle: SLASHED_URLS,
  isPage: (file) => /\.md$/i.test(file) && !excludedByDefault(file),
  route(page, style) {
    const post = blogPostRoute(page);
    if (post !== null) return styledPath(post, style, false);
    const { route, folderPage } = pathRoute(page.file);
    return styledPath(route, style, folderPage);
  },
  hidden(frontmatter) {
    const search = frontmatter['search'];
    const searchExcluded = typeof search === 'object' && search !== null && frontmatterFlag(search as Record<string, unknown>, 'exclude');
    return searchExcluded || frontmatterFlag(frontmatter, 'draft');
  },
  prepare: (source) => prepareMkdocs(source).text,
  customId: headingSourceId,
  headingIds: tocHeadingIds,
  expandIncludes: (file, source, read) => expandSnippets(file, source, read),
};

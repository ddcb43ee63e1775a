import type { Page } from '../../types.ts';
import { escapeHtml } from './html-escape.ts';
import { readingOrder, type NavGroup } from './navigation.ts';
import type { TocEntry } from './render-markdown.ts';

/**
 * The navigation parts of a demo-site page around its content: the sidebar, the breadcrumbs, the
 * on-page table of contents and the previous/next links, each as HTML.
 */

/** The url path a page's link uses (its url with site url `''`). */
function hrefOf(page: Page): string {
  return page.url === '' ? '/' : page.url;
}

function link(page: Page): string {
  return `<a href="${escapeHtml(hrefOf(page))}">${escapeHtml(page.title)}</a>`;
}

/** The sidebar of pages by group, `current` (if any) marked. */
export function sidebar(groups: readonly NavGroup[], current: Page | null): string {
  return groups
    .map((group, index) => {
      const links = group.pages
        .map((page) => `<li><a href="${escapeHtml(hrefOf(page))}"${page === current ? ' aria-current="page"' : ''}>${escapeHtml(page.title)}</a></li>`)
        .join('');
      if (group.label === null) return `<div class="nav-group"><ul>${links}</ul></div>`;
      return `<div class="nav-group"><p class="nav-group-label" id="ask-demo-group-${index}">${escapeHtml(group.label)}</p><ul aria-labelledby="ask-demo-group-${index}">${links}</ul></div>`;
    })
    .join('\n');
}

/** Home, then the page's sidebar group (when it has a label), then the page itself. */
export function breadcrumbs(groups: readonly NavGroup[], page: Page): string {
  const group = groups.find((candidate) => candidate.pages.includes(page))?.label ?? null;
  const items = ['<li><a href="/">Home</a></li>', ...(group === null ? [] : [`<li>${escapeHtml(group)}</li>`]), `<li aria-current="page">${escapeHtml(page.title)}</li>`];
  return `<nav class="breadcrumbs" aria-label="Breadcrumbs"><ol>${items.join('')}</ol></nav>\n`;
}

/** The page's `##`/`###` headings as links to their anchors; empty when it has none. */
export function tableOfContents(entries: readonly TocEntry[]): string {
  if (entries.length === 0) return '';
  const items = entries.map((entry) => `<li class="toc-h${entry.depth}"><a href="#${escapeHtml(entry.id)}">${escapeHtml(entry.text)}</a></li>`);
  return `<nav class="toc" aria-labelledby="ask-demo-toc-title"><p class="toc-title" id="ask-demo-toc-title">On this page</p><ul>${items.join('')}</ul></nav>\n`;
}

/** Links to the pages before and after `page` in sidebar order; empty when there is neither. */
export function pager(groups: readonly NavGroup[], page: Page): string {
  const order = readingOrder(groups);
  const at = order.indexOf(page);
  const previous = at > 0 ? order[at - 1] : undefined;
  const next = at === -1 ? undefined : order[at + 1];
  if (previous === undefined && next === undefined) return '';
  const parts = [
    previous === undefined ? '' : `<a class="pager-previous" rel="prev" href="${escapeHtml(hrefOf(previous))}"><span>Previous</span>${escapeHtml(previous.title)}</a>`,
    next === undefined ? '' : `<a class="pager-next" rel="next" href="${escapeHtml(hrefOf(next))}"><span>Next</span>${escapeHtml(next.title)}</a>`,
  ];
  return `<nav class="pager" aria-label="Previous and next page">${parts.join('')}</nav>\n`;
}

/** The body of `/` for a site without a root page: each group with links to its pages. */
export function overviewBody(groups: readonly NavGroup[]): string {
  const sections = groups.map((group) => {
    const items = `<ul>${group.pages.map((page) => `<li>${link(page)}${page.description === null ? '' : ` — ${escapeHtml(page.description)}`}</li>`).join('')}</ul>`;
    return group.label === null ? items : `<h2>${escapeHtml(group.label)}</h2>\n${items}`;
  });
  return sections.join('\n');
}

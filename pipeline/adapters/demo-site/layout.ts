import type { Page } from '../../types.ts';
import { escapeHtml } from './html-escape.ts';
import { breadcrumbs, pager, sidebar, tableOfContents } from './layout-parts.ts';
import type { NavGroup } from './navigation.ts';
import type { TocEntry } from './render-markdown.ts';
import { SITE_CSS } from './style.ts';
import { TABS_SCRIPT_PATH } from './tabs-script.ts';

export interface LayoutInput {
  readonly siteName: string;
  /** The ask endpoint the `<ask-search>` element talks to. */
  readonly endpoint: string;
  /** The digest's site url: the element maps result links under it to this server (`site-url`); null for none. */
  readonly siteUrl: string | null;
  readonly groups: readonly NavGroup[];
  /** The page shown, null for a page of the site's own (the overview, the 404 page). */
  readonly page: Page | null;
  /** The page's title (the h1 when the body has none, and the document's title). */
  readonly title: string;
  readonly description: string | null;
  /** The page's body as HTML (trusted: made by `renderPageMarkdown` or the site). */
  readonly body: string;
  /** Whether the body has its own `#` title; if not, `title` is shown as the h1. */
  readonly hasTitle: boolean;
  /** The on-page table of contents (none for an empty list). */
  readonly toc: readonly TocEntry[];
  /** Whether the body has tabs: the page then loads the script that switches them. */
  readonly hasTabs: boolean;
}

/**
 * A whole page of the demo docs site: the header with the site name and the `<ask-search>`
 * element (its module and stylesheet from `/ask-search.js` and `/ask-search.css`), the sidebar
 * of pages by group with the current one marked, the breadcrumbs, the page's content, the
 * previous/next links in sidebar order, and the page's table of contents.
 */
export function renderLayout(input: LayoutInput): string {
  const { page, siteName } = input;
  const title = input.title === siteName ? siteName : `${input.title} · ${siteName}`;
  const description = input.description === null ? '' : `\n<meta name="description" content="${escapeHtml(input.description)}">`;
  const heading = input.hasTitle ? '' : `<h1>${escapeHtml(input.title)}</h1>\n`;
  const siteUrl = input.siteUrl === null || input.siteUrl === '' ? '' : ` site-url="${escapeHtml(input.siteUrl)}"`;
  const tabs = input.hasTabs ? `\n<script type="module" src="${TABS_SCRIPT_PATH}"></script>` : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<link rel="icon" href="data:,">
<title>${escapeHtml(title)}</title>${description}
<link rel="stylesheet" href="/ask-search.css">
<style>${SITE_CSS}</style>
<script type="module" src="/ask-search.js"></script>${tabs}
</head>
<body>
<a class="skip-link" href="#ask-demo-main">Skip to content</a>
<header class="site-header">
<button class="menu-button" type="button" popovertarget="ask-demo-nav">Pages</button>
<a class="site-name" href="/">${escapeHtml(siteName)}</a>
<ask-search endpoint="${escapeHtml(input.endpoint)}"${siteUrl} placeholder="Search the docs" hotkey="k"></ask-search>
</header>
<div class="site-body">
<nav class="sidebar" id="ask-demo-nav" aria-label="Pages" popover>
${sidebar(input.groups, page)}
</nav>
<main class="content" id="ask-demo-main">
${page === null ? '' : breadcrumbs(input.groups, page)}<article>
${heading}${input.body}
</article>
${page === null ? '' : pager(input.groups, page)}</main>
${tableOfContents(input.toc)}</div>
</body>
</html>
`;
}

import type { Page } from '../../types.ts';
import { escapeHtml } from './html-escape.ts';
import type { NavGroup } from './navigation.ts';
import { SITE_CSS } from './style.ts';

export interface LayoutInput {
  readonly siteName: string;
  /** The ask endpoint the `<ask-search>` element talks to. */
  readonly endpoint: string;
  readonly groups: readonly NavGroup[];
  readonly page: Page;
  /** The page's body as HTML (trusted: made by `renderPageMarkdown`). */
  readonly body: string;
  /** Whether the body has its own `#` title; if not, the page's title is shown as the h1. */
  readonly hasTitle: boolean;
}

/** The url path a page's link uses (its url with site url `''`). */
function hrefOf(page: Page): string {
  return page.url === '' ? '/' : page.url;
}

function sidebar(groups: readonly NavGroup[], current: Page): string {
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

/**
 * A whole page of the demo docs site: the header with the site name and the `<ask-search>`
 * element (its module and stylesheet from `/ask-search.js` and `/ask-search.css`), the sidebar
 * of pages by group with the current one marked, and the page's content.
 */
export function renderLayout(input: LayoutInput): string {
  const { page, siteName } = input;
  const title = page.title === siteName ? siteName : `${page.title} · ${siteName}`;
  const description = page.description === null ? '' : `\n<meta name="description" content="${escapeHtml(page.description)}">`;
  const heading = input.hasTitle ? '' : `<h1>${escapeHtml(page.title)}</h1>\n`;
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
<script type="module" src="/ask-search.js"></script>
</head>
<body>
<a class="skip-link" href="#ask-demo-main">Skip to content</a>
<header class="site-header">
<button class="menu-button" type="button" popovertarget="ask-demo-nav">Pages</button>
<a class="site-name" href="/">${escapeHtml(siteName)}</a>
<ask-search endpoint="${escapeHtml(input.endpoint)}" placeholder="Search the docs" hotkey="k"></ask-search>
</header>
<div class="site-body">
<nav class="sidebar" id="ask-demo-nav" aria-label="Pages" popover>
${sidebar(input.groups, page)}
</nav>
<main class="content" id="ask-demo-main">
<article>
${heading}${input.body}
</article>
</main>
</div>
</body>
</html>
`;
}

/**
 * Where a page's clean Markdown is served, as llmstxt.org asks: the page's url with `.md`
 * appended, `index.html.md` for a url without a file name (the home page `/`, a `/guide/` url).
 * llms.txt links there; `ask serve`, the worker and the Astro integration answer it.
 */
export function pageMarkdownUrl(pageUrl: string): string {
  const path = pageUrl.replace(/[#?].*$/, '');
  return path === '' || path.endsWith('/') ? `${path === '' ? '/' : path}index.html.md` : `${path}.md`;
}

/** The path part of a url (absolute, or a path already), as a request's `pathname` spells it. */
export function urlPathname(url: string): string {
  return URL.canParse(url) ? new URL(url).pathname : url;
}

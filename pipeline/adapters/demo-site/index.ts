import type { Page } from '../../types.ts';
import { escapeHtml } from './html-escape.ts';
import { renderLayout, type LayoutInput } from './layout.ts';
import { overviewBody } from './layout-parts.ts';
import { renderPageMarkdown } from './render-markdown.ts';
import { demoSiteHtmlHeaders } from './security-headers.ts';
import { loadDemoContent, lookupPath, type DemoContent } from './site-content.ts';
import { TABS_SCRIPT, TABS_SCRIPT_PATH } from './tabs-script.ts';

export interface DemoSiteOptions {
  readonly contentDir: string;
  /** The digest whose site options (generator, url style, excluded files) place pages and anchors. */
  readonly digestDir: string;
  /** The ask endpoint the pages' `<ask-search>` element uses (`/api/ask`). */
  readonly endpoint: string;
  /** Shown in the header and the titles (default: the digest's site name). */
  readonly siteName?: string;
  /** Where a content folder that cannot be read, and a page's links to no page, are reported (default: stderr). */
  readonly log?: (line: string) => void;
}

/** Answers a request when it is for a page of the site, else null (the next handler's turn). */
export interface DemoSite {
  (request: Request): Promise<Response | null>;
  /** The site's "page not found" page (status 404) for a request no one answered. */
  notFound(request: Request): Promise<Response>;
}

function decodedPath(url: string): string | null {
  try {
    return lookupPath(decodeURIComponent(new URL(url).pathname));
  } catch {
    return null;
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * The page shown when a page cannot be: what could not be shown (`what`: a content-relative file
 * name at most), never the error's message, which may hold the server's absolute paths: that goes
 * to the server's log.
 */
function errorPage(what: string): string {
  return `<!doctype html>\n<html lang="en"><meta charset="utf-8"><title>Docs error</title><h1>This page cannot be shown</h1><p>${escapeHtml(what)} The server's log says why.</p></html>\n`;
}

/**
 * The demo docs site of `ask serve --content`: GET/HEAD of `/` (the root `index` page, else an
 * overview of the sidebar's groups), of each page's url path (with or without a trailing `/`) and
 * of the tabs script answer; anything else is null (`notFound` makes the 404 page). The page list
 * is read once, when the site is made (a folder that cannot be read is logged once, and `/` says
 * why); each page is rendered on its first request and kept, its links to no page logged then.
 */
export function createDemoSite(options: DemoSiteOptions): DemoSite {
  const log = options.log ?? ((line: string) => console.warn(line));
  const headers = demoSiteHtmlHeaders(options.endpoint);
  const htmlResponse = (request: Request, html: string, status = 200): Response => new Response(request.method === 'HEAD' ? null : html, { status, headers });
  // read once: a content folder with a problem stays unshown (said once) until the server restarts
  const content = loadDemoContent(options.contentDir, options.digestDir);
  content.catch((error: unknown) => log(`ask: the docs pages of '${options.contentDir}' cannot be shown: ${messageOf(error)}`));

  const frame = (site: DemoContent): Pick<LayoutInput, 'siteName' | 'endpoint' | 'siteUrl' | 'groups'> => ({
    siteName: options.siteName ?? site.siteName,
    endpoint: options.endpoint,
    siteUrl: site.siteUrl,
    groups: site.groups,
  });
  const ownPage = (site: DemoContent, title: string, body: string): string =>
    renderLayout({ ...frame(site), page: null, title, description: null, body, hasTitle: false, toc: [], hasTabs: false });

  const pages = new Map<string, Promise<string>>();
  const pageHtml = (site: DemoContent, page: Page): Promise<string> => {
    let html = pages.get(page.file);
    if (html === undefined) {
      html = renderPageMarkdown(site.source, page, site.links).then(({ html: body, hasTitle, toc, hasTabs, droppedLinks }) => {
        if (droppedLinks.length > 0) log(`ask: ${page.file}: links to no page of the site shown as text: ${droppedLinks.join(', ')}`);
        return renderLayout({ ...frame(site), page, title: page.title, description: page.description, body, hasTitle, toc, hasTabs });
      });
      html.catch(() => pages.delete(page.file));
      pages.set(page.file, html);
    }
    return html;
  };

  const notFound = async (request: Request): Promise<Response> => {
    const site = await content.catch(() => null);
    const path = new URL(request.url).pathname;
    const body = `<p>There is no page at <code>${escapeHtml(path)}</code>.</p>\n<p><a href="/">Go to the home page</a> or search the docs.</p>`;
    if (site === null) return htmlResponse(request, errorPage('There is no such page.'), 404);
    return htmlResponse(request, ownPage(site, 'Page not found', body), 404);
  };

  const answer = async (request: Request): Promise<Response | null> => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return null;
    const path = decodedPath(request.url);
    if (path === null) return null;
    if (path === TABS_SCRIPT_PATH) {
      return new Response(request.method === 'HEAD' ? null : TABS_SCRIPT, { headers: { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-cache', 'x-content-type-options': 'nosniff' } });
    }
    let site: DemoContent;
    try {
      site = await content;
    } catch {
      return path === '/' ? htmlResponse(request, errorPage('The docs pages cannot be read.'), 500) : null;
    }
    if (path === '/' && site.home === null) return htmlResponse(request, ownPage(site, site.siteName, overviewBody(site.groups)));
    const page = path === '/' ? site.home : site.byPath.get(path);
    if (page === undefined || page === null) return null;
    try {
      return htmlResponse(request, await pageHtml(site, page));
    } catch (error) {
      log(`ask: cannot show the page of '${page.file}': ${messageOf(error)}`);
      return htmlResponse(request, errorPage(`The page of '${page.file}' cannot be rendered.`), 500);
    }
  };
  return Object.assign(answer, { notFound });
}

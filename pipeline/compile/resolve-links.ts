/**
 * The one rewriting of a page's links for the files an agent reads outside the site
 * (`llms.txt`, `llms-full.txt`, `pages/<slug>.md`), where a relative link has nothing to be
 * relative to:
 * - a link to another content file (`./install.md#x`, `../guide/x.mdx`; next to the page, else
 *   from the content folder's root, as Docusaurus reads them), or a site path
 *   (`/guide/x`, `../x/`, read against the page's own url), becomes that page's digest url, with
 *   `#anchor` when the anchor is a section of it;
 * - a link whose target is not a page or section of the digest (an image file, a page left out,
 *   another scheme) becomes its plain text, and an image its alt text;
 * - absolute `http`, `https` and `mailto` links stay as written.
 *
 * The rewriting itself (`rewriteLinks`: source spans replaced, the rest kept byte for byte) is
 * markdown/rewrite-links.ts; this file says where each link goes.
 */
import { rewriteLinks, type LinkTarget } from '../markdown/rewrite-links.ts';
import type { Page } from '../types.ts';

/** Schemes whose links are kept as they are. */
const EXTERNAL = /^(?:https?|mailto):/i;
/** Any other scheme (`ftp:`, `javascript:`, `tel:`), or a protocol-relative `//host`: not the digest's. */
const OTHER_SCHEME = /^(?:[a-z][a-z\d+.-]*:|\/\/)/i;
const CONTENT_EXTENSION = /\.mdx?$/i;
/** A base for reading url paths; its host is never used. */
const BASE = 'http://ask.invalid';

/** What a link is resolved against: the digest's pages, by content file and by url path, and every url it has. */
export interface DigestSite {
  readonly pagesByFile: ReadonlyMap<string, Page>;
  /** Each page by its url's path (`urlPath`). */
  readonly byPath: ReadonlyMap<string, Page>;
  /** Every page url and section url of the digest. */
  readonly urls: ReadonlySet<string>;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** A path as pages are matched by it: no `.html`, no `/index`, no trailing `/`. */
function urlPath(pathname: string): string {
  return pathname
    .replace(/\.html$/, '')
    .replace(/(?:^|\/)index$/, '')
    .replace(/\/+$/, '');
}

/** The index `resolveUrl` reads: `pages` by content file and by url path, and `urls` (every page and section url). */
export function siteOf(pages: readonly Page[], urls: ReadonlySet<string>): DigestSite {
  const byPath = new Map<string, Page>();
  for (const page of pages) {
    const pathname = resolvedPath(page.url, `${BASE}/`);
    const key = pathname === null ? null : urlPath(pathname);
    if (key !== null && !byPath.has(key)) byPath.set(key, page);
  }
  return { pagesByFile: new Map(pages.map((page) => [page.file, page])), byPath, urls };
}

/** The page a content-file path names: as written, else with `.md`/`.mdx`, else its folder's index or README. */
function pageOfFile(file: string, pagesByFile: ReadonlyMap<string, Page>): Page | undefined {
  const plain = file.replace(/\/+$/, '');
  const folder = plain === '' ? '' : `${plain}/`;
  const candidates = CONTENT_EXTENSION.test(plain)
    ? [plain]
    : [`${plain}.md`, `${plain}.mdx`, `${folder}index.md`, `${folder}index.mdx`, `${folder}README.md`, `${folder}README.mdx`];
  for (const candidate of candidates) {
    const page = pagesByFile.get(candidate);
    if (page) return page;
  }
  return undefined;
}

/** `link` read against `base` as a url path (`./`, `../` and `/` as a browser reads them), decoded; null when it is no url. */
function resolvedPath(link: string, base: string): string | null {
  try {
    return safeDecode(new URL(link, base).pathname);
  } catch {
    return null;
  }
}

/** A page url made absolute (a site without `--site-url` has root-relative urls). */
function absolute(url: string): string {
  try {
    return new URL(url, `${BASE}/`).href;
  } catch {
    return `${BASE}/`;
  }
}

/** The page a link's path part names, from `fromPage`: a content file next to it, or a url path read against its url. */
function targetPage(linkPath: string, fromPage: Page, { pagesByFile, byPath }: DigestSite): Page | undefined {
  if (linkPath === '') return fromPage;
  // next to the page, else (as Docusaurus reads a `.md` link) from the content folder's root
  const asFile = (): Page | undefined => {
    const beside = resolvedPath(linkPath, `${BASE}/${fromPage.file.split('/').map(encodeURIComponent).join('/')}`);
    const fromRoot = resolvedPath(linkPath, `${BASE}/`);
    return (beside === null ? undefined : pageOfFile(beside.slice(1), pagesByFile)) ?? (fromRoot === null ? undefined : pageOfFile(fromRoot.slice(1), pagesByFile));
  };
  const asUrl = (): Page | undefined => {
    const resolved = resolvedPath(linkPath, absolute(fromPage.url));
    const key = resolved === null ? null : urlPath(resolved);
    return key === null ? undefined : byPath.get(key);
  };
  return CONTENT_EXTENSION.test(safeDecode(linkPath)) ? (asFile() ?? asUrl()) : (asUrl() ?? asFile());
}

/**
 * Where a link of `fromPage` goes in the digest: `external` (kept as written), the digest url of
 * its page or section, or null (not a page or section of the digest).
 */
export function resolveUrl(url: string, fromPage: Page, site: DigestSite): LinkTarget {
  const trimmed = url.trim();
  if (EXTERNAL.test(trimmed)) return 'external';
  if (OTHER_SCHEME.test(trimmed)) return null;
  const hash = trimmed.indexOf('#');
  const fragment = hash === -1 ? '' : safeDecode(trimmed.slice(hash + 1));
  const linkPath = (hash === -1 ? trimmed : trimmed.slice(0, hash)).replace(/\?.*$/, '');
  const page = targetPage(linkPath, fromPage, site);
  if (page === undefined || !site.urls.has(page.url)) return null;
  const section = `${page.url}#${fragment}`;
  return { url: fragment !== '' && site.urls.has(section) ? section : page.url };
}

/** Rewrites the links of one page's Markdown (`createLinkResolver`). */
export type LinkResolver = (markdown: string, fromPage: Page) => string;

/**
 * The link rewriting of one digest (see the module comment), its page index made once:
 * `resolve(markdown, fromPage)` is `markdown` of `fromPage` with its links made the digest's own.
 * Reference links are resolved through their definitions: a definition whose target is in the
 * digest gets its url, one whose target is not is removed and its references become their text.
 *
 * @param pages every page of the digest
 * @param urlsOfDigest every page url and section url of the digest
 */
export function createLinkResolver(pages: readonly Page[], urlsOfDigest: ReadonlySet<string>): LinkResolver {
  const site = siteOf(pages, urlsOfDigest);
  return (markdown, fromPage) => rewriteLinks(markdown, (url) => resolveUrl(url, fromPage, site));
}

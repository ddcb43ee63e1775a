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
 * Link and image nodes come from the content stage's own parser, and only their source spans are
 * replaced: the rest of the text is kept byte for byte.
 *
 * What the runtime serves of one section (`/sections/{id}?format=markdown`, the budget route's
 * `text`) keeps its links as written but goes through `withoutUnsafeLinks`: a link or image whose
 * target is no safe url (`isSafeUrl`: `javascript:`, `data:`, `vbscript:`...) becomes its text.
 */
import type { Definition, Nodes, Parents } from 'mdast';
import { parseMarkdown } from '../content/parse.ts';
import { isSafeUrl } from '../text/safe-url.ts';
import type { Page } from '../types.ts';

/** Schemes whose links are kept as they are. */
const EXTERNAL = /^(?:https?|mailto):/i;
/** Any other scheme (`ftp:`, `javascript:`, `tel:`), or a protocol-relative `//host`: not the digest's. */
const OTHER_SCHEME = /^(?:[a-z][a-z\d+.-]*:|\/\/)/i;
const CONTENT_EXTENSION = /\.mdx?$/i;
/** A base for reading url paths; its host is never used. */
const BASE = 'http://ask.invalid';

/** What a link is resolved against: the digest's pages, by content file and by url path, and every url it has. */
interface DigestSite {
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

function siteOf(pages: readonly Page[], urls: ReadonlySet<string>): DigestSite {
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

/** Where a link goes: kept as written (`external`), a url of the digest, or nowhere (null). */
type Target = 'external' | { readonly url: string } | null;

/**
 * Where a link of `fromPage` goes in the digest: `external` (kept as written), the digest url of
 * its page or section, or null (not a page or section of the digest).
 */
function resolveUrl(url: string, fromPage: Page, site: DigestSite): Target {
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

/** A url as a Markdown link destination: in `<…>` when it holds what would end a bare one. */
export function linkDestination(url: string): string {
  return /[\s()<>]/.test(url) ? `<${url.replace(/[<>]/g, (char) => encodeURIComponent(char))}>` : url;
}

function titlePart(title: string | null | undefined): string {
  return title ? ` "${title.replace(/["\\]/g, '\\$&')}"` : '';
}

function startOf(node: Nodes): number {
  return node.position?.start.offset ?? 0;
}

function endOf(node: Nodes): number {
  return node.position?.end.offset ?? startOf(node);
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

/**
 * `markdown` with every link and image whose target is no safe url (`isSafeUrl`) made its text
 * (an image its alt text); every other link kept as written.
 */
export function withoutUnsafeLinks(markdown: string): string {
  return rewriteLinks(markdown, (url) => (isSafeUrl(url) ? 'external' : null));
}

/** An inline link or image (`](`), a definition (`]:`) or an autolink (`<scheme:`): where a link may be. */
const MAY_HAVE_LINK = /\]\(|\]:|<[a-z][a-z\d+.-]{1,31}:/i;

/** `markdown` with each link, image, reference and definition rewritten by where `resolve` says it goes. */
function rewriteLinks(markdown: string, resolve: (url: string) => Target): string {
  if (!MAY_HAVE_LINK.test(markdown)) return markdown;
  const tree = parseMarkdown(markdown, 'md');
  const definitions = new Map<string, Definition>();
  const stack: Nodes[] = [tree];
  for (let node = stack.pop(); node; node = stack.pop()) {
    if (node.type === 'definition' && !definitions.has(node.identifier)) definitions.set(node.identifier, node);
    if ('children' in node) stack.push(...(node.children as Nodes[]));
  }

  const childrenText = (node: Parents): string => {
    const first = node.children[0];
    const last = node.children[node.children.length - 1];
    return first && last ? spliced(node.children, startOf(first), endOf(last)) : '';
  };

  /** The new text of a node, or null to keep it (its children still looked at). */
  const rewrite = (node: Nodes): string | null => {
    switch (node.type) {
      case 'link': {
        const target = resolve(node.url);
        if (target === 'external') return null;
        return target === null ? childrenText(node) : `[${childrenText(node)}](${linkDestination(target.url)}${titlePart(node.title)})`;
      }
      case 'image':
        return resolve(node.url) === 'external' ? null : (node.alt ?? '');
      case 'linkReference':
      case 'imageReference': {
        const definition = definitions.get(node.identifier);
        const target = definition === undefined ? null : resolve(definition.url);
        if (target !== null) return null;
        return node.type === 'linkReference' ? childrenText(node) : (node.alt ?? '');
      }
      case 'definition': {
        const target = resolve(node.url);
        if (target === 'external') return null;
        return target === null ? '' : `[${node.label ?? node.identifier}]: ${linkDestination(target.url)}${titlePart(node.title)}`;
      }
      default:
        return null;
    }
  };

  /** The source from `start` to `end` with `nodes` (and their descendants) rewritten. */
  const spliced = (nodes: readonly Nodes[], start: number, end: number): string => {
    let out = '';
    let at = start;
    for (const node of nodes) {
      const replacement = rewrite(node);
      if (replacement === '' && node.type === 'definition') {
        // a removed definition takes its line with it when nothing else is on it
        const lineStart = markdown.lastIndexOf('\n', startOf(node) - 1) + 1;
        const newline = markdown.indexOf('\n', endOf(node));
        const lineEnd = newline === -1 ? markdown.length : newline + 1;
        const alone = lineStart >= at && markdown.slice(lineStart, startOf(node)).trim() === '' && markdown.slice(endOf(node), lineEnd).trim() === '';
        out += markdown.slice(at, alone ? lineStart : startOf(node));
        at = alone ? lineEnd : endOf(node);
      } else if (replacement !== null) {
        out += markdown.slice(at, startOf(node)) + replacement;
        at = endOf(node);
      } else if ('children' in node && node.children.length > 0) {
        out += markdown.slice(at, startOf(node)) + spliced(node.children, startOf(node), endOf(node));
        at = endOf(node);
      }
    }
    return out + markdown.slice(at, end);
  };

  return spliced(tree.children, 0, markdown.length);
}

import type { Nodes, Parent, Root, RootContent } from 'mdast';
import { resolveUrl, siteOf, type DigestSite } from '../../compile/resolve-links.ts';
import type { Page } from '../../types.ts';

/**
 * The links of a demo-site page made the preview's own, by the digest's one link resolver
 * (`resolveUrl` of compile/resolve-links.ts, as `pages/*.md` are written): a link to a content
 * file or a site path becomes that page's url on this server (with its `#anchor` when it is a
 * section of it), a link to no page its text; http(s) and mailto links stay as written, and so
 * do images. The pages are served at the root here: a root-relative link under the path of the
 * digest's site url (`/docs/x` of a site at `https://example.com/docs`) is read as the digest
 * reads it, a path of the site.
 */

/** What links are resolved against: the resolver's index of the site's pages (urls with site url `''`), and the digest's base path. */
export interface PreviewLinks {
  readonly site: DigestSite;
  /** The path of the digest's site url (`/docs` of `https://example.com/docs/`), '' for none: root-relative links under it are links to its pages. */
  readonly basePath: string;
}

/** The `PreviewLinks` of the site's pages and their section urls (site url `''`), for a digest built for `siteUrl`. */
export function linkSiteOf(pages: readonly Page[], sectionUrls: readonly string[], siteUrl: string | null): PreviewLinks {
  let basePath = '';
  try {
    basePath = siteUrl === null || siteUrl === '' ? '' : new URL(siteUrl).pathname.replace(/\/+$/, '');
  } catch {
    basePath = '';
  }
  return { site: siteOf(pages, new Set([...pages.map((page) => page.url), ...sectionUrls])), basePath };
}

/** A root-relative link under the base path as the digest reads it against its site url: the same path without the base. */
function withoutBase(url: string, basePath: string): string {
  if (basePath === '' || !url.startsWith(basePath)) return url;
  const rest = url.slice(basePath.length);
  return rest === '' ? '/' : /^[/?#]/.test(rest) ? rest : url;
}

/** A digest url with site url `''` as an href of this server: the root page is `/`. */
function hrefOf(url: string): string {
  if (url === '') return '/';
  return url.startsWith('#') ? `/${url}` : url;
}

/** Where a link goes: its new href, the same href (external), or null (to no page). */
function targetOf(url: string, page: Page, { site, basePath }: PreviewLinks): string | null {
  const target = resolveUrl(withoutBase(url.trim(), basePath), page, site);
  if (target === 'external') return url;
  return target === null ? null : hrefOf(target.url);
}

/**
 * Rewrites the links and link definitions of `tree` (the page `page`) in place; a link (or a
 * reference to a definition) whose target is no page becomes its children. Returns the targets
 * that were dropped, each once.
 */
export function resolvePageLinks(tree: Root, page: Page, site: PreviewLinks): string[] {
  const dropped = new Set<string>();
  const droppedDefinitions = new Set<string>();
  const definitions = (node: Nodes): void => {
    if (node.type === 'definition') {
      const href = targetOf(node.url, page, site);
      if (href === null) {
        dropped.add(node.url);
        droppedDefinitions.add(node.identifier.toLowerCase());
      } else node.url = href;
    }
    if ('children' in node) for (const child of node.children) definitions(child);
  };
  const links = (parent: Parent): void => {
    parent.children = parent.children.flatMap((child: RootContent): RootContent[] => {
      if (child.type === 'definition' && droppedDefinitions.has(child.identifier.toLowerCase())) return [];
      if (child.type === 'link') {
        const href = targetOf(child.url, page, site);
        if (href === null) {
          dropped.add(child.url);
          links(child);
          return child.children;
        }
        child.url = href;
      }
      if (child.type === 'linkReference' && droppedDefinitions.has(child.identifier.toLowerCase())) {
        links(child);
        return child.children;
      }
      if ('children' in child) links(child);
      return [child];
    });
  };
  definitions(tree);
  links(tree);
  return [...dropped];
}

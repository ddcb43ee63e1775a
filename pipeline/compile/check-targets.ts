/**
 * What an expected entry of a search check names, as section ids of a digest: a section id
 * (`guide/setup#install`), a page or section url (absolute, or its path under the site url), or
 * a content file path with an optional `#anchor` (`guide/setup.md#install`), so that a team writes
 * its checks against its own files. A file's anchor is the section's anchor as the site serves it,
 * else GitHub's slug of the heading text (what a reader copies from a repository's rendering);
 * no anchor, or the slug of the page title, names the page's intro.
 */
import GithubSlugger from 'github-slugger';
import type { Page, Section } from '../types.ts';

export interface CheckTargets {
  /** The section ids an entry names (one, or none when it names nothing of the digest). */
  resolve(entry: string): string | null;
}

const ORIGIN = /^[a-z][a-z0-9+.-]*:\/\/[^/]+/i;

/** The path and fragment of a url (absolute, or a path), without an origin or the site url's base path. */
function sitePath(url: string, siteUrl: string): string {
  const basePath = siteUrl.replace(ORIGIN, '').replace(/\/+$/, '');
  const path = url.replace(ORIGIN, '');
  const rooted = path.startsWith('/') ? path : `/${path}`;
  if (basePath === '' || !(rooted === basePath || rooted.startsWith(`${basePath}/`) || rooted.startsWith(`${basePath}#`))) return rooted;
  const rest = rooted.slice(basePath.length);
  return rest.startsWith('/') ? rest : `/${rest}`;
}

/** A url path compared without its trailing slash or `.html`, and without `index`. */
function urlKey(pathAndFragment: string): string {
  const hash = pathAndFragment.indexOf('#');
  const pathPart = hash === -1 ? pathAndFragment : pathAndFragment.slice(0, hash);
  const fragment = hash === -1 ? '' : pathAndFragment.slice(hash);
  const trimmed = pathPart.replace(/\/index(?:\.html)?$/, '/').replace(/\.html$/, '').replace(/\/+$/, '');
  return `${trimmed === '' ? '/' : trimmed}${fragment}`;
}

/** The targets of a digest's sections, read with its content's pages. */
export function checkTargets(pages: readonly Pick<Page, 'file' | 'slug'>[], sections: readonly Pick<Section, 'id' | 'pageSlug' | 'anchor' | 'heading' | 'title' | 'url'>[], siteUrl: string): CheckTargets {
  const ids = new Set(sections.map((section) => section.id));
  const byUrl = new Map<string, string>();
  for (const section of sections) {
    const key = urlKey(sitePath(section.url, siteUrl));
    if (!byUrl.has(key)) byUrl.set(key, section.id);
  }
  const slugOfFile = new Map(pages.map((page) => [page.file, page.slug]));
  const sectionsOfPage = new Map<string, (typeof sections)[number][]>();
  for (const section of sections) {
    const list = sectionsOfPage.get(section.pageSlug);
    if (list) list.push(section);
    else sectionsOfPage.set(section.pageSlug, [section]);
  }
  const inFile = (file: string, anchor: string | null): string | null => {
    const slug = slugOfFile.get(file);
    const ofPage = slug === undefined ? undefined : sectionsOfPage.get(slug);
    const intro = ofPage?.[0];
    if (ofPage === undefined || intro === undefined) return null;
    if (anchor === null || anchor === '') return intro.id;
    const exact = ofPage.find((section) => section.anchor === anchor);
    if (exact) return exact.id;
    const slugger = new GithubSlugger();
    const byHeading = ofPage.find((section) => section.heading !== null && slugger.slug(section.heading) === anchor);
    if (byHeading) return byHeading.id;
    return new GithubSlugger().slug(intro.title) === anchor ? intro.id : null;
  };
  return {
    resolve(entry) {
      if (ids.has(entry)) return entry;
      const hash = entry.indexOf('#');
      const before = hash === -1 ? entry : entry.slice(0, hash);
      if (/\.mdx?$/i.test(before)) return inFile(before.replace(/^\.?\//, ''), hash === -1 ? null : entry.slice(hash + 1));
      if (/^[a-z][a-z0-9+.-]*:\/\//i.test(entry) || entry.startsWith('/')) return byUrl.get(urlKey(sitePath(entry, siteUrl))) ?? null;
      return null;
    },
  };
}

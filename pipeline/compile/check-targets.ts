/**
 * What an expected entry of a search check names, as section ids of a digest: a section id
 * (`guide/setup#install`), a page or section url (absolute, or its path under the site url), or
 * a content file path with an optional `#anchor` (`guide/setup.md#install`), so that a team writes
 * its checks against its own files. An anchor is the anchor of any heading of the page as the site
 * serves it: a `####` heading, which opens no section, names the section that holds it (in a url or
 * a page id too, once the pages are read). A file's anchor may also be GitHub's slug of a heading's
 * text (what a reader copies from a repository's rendering, duplicates counted over every heading of
 * the page); no anchor, or the slug of the page title, names the page's intro.
 */
import GithubSlugger from 'github-slugger';
import type { PageHeading } from '../content/chunk.ts';
import type { Page, Section } from '../types.ts';

/** What an entry that names a file needs of its page: the file, its slug and its headings (any depth, in order). */
export interface CheckPage extends Pick<Page, 'file' | 'slug'> {
  readonly headings: readonly PageHeading[];
}

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

type TargetSection = Pick<Section, 'id' | 'pageSlug' | 'anchor' | 'heading' | 'title' | 'url'>;

/**
 * The section of a page an anchor names: a section's own anchor, else any heading's (the section
 * that holds it); for a file, GitHub's slug of a heading's text or of the page title too.
 */
function anchorInPage(page: CheckPage, ofPage: readonly TargetSection[], ids: ReadonlySet<string>, anchor: string, asFile: boolean): string | null {
  const exact = ofPage.find((section) => section.anchor === anchor);
  if (exact) return exact.id;
  // a heading of any depth, in a section the digest has (a stale digest may lack one the content has)
  const byAnchor = page.headings.find((heading) => heading.anchor === anchor && ids.has(heading.section));
  if (byAnchor) return byAnchor.section;
  if (!asFile) return null;
  const slugger = new GithubSlugger();
  const byGithub = page.headings.find((heading) => slugger.slug(heading.text) === anchor);
  if (byGithub && ids.has(byGithub.section)) return byGithub.section;
  const intro = ofPage[0];
  return intro !== undefined && new GithubSlugger().slug(intro.title) === anchor ? intro.id : null;
}

/**
 * The targets of a digest's sections, read with its content's pages (none: entries that name a
 * file, or an anchor no section has, name nothing).
 */
export function checkTargets(pages: readonly CheckPage[], sections: readonly TargetSection[], siteUrl: string): CheckTargets {
  const ids = new Set(sections.map((section) => section.id));
  const byUrl = new Map<string, TargetSection>();
  const sectionsOfPage = new Map<string, TargetSection[]>();
  for (const section of sections) {
    const key = urlKey(sitePath(section.url, siteUrl));
    if (!byUrl.has(key)) byUrl.set(key, section);
    const list = sectionsOfPage.get(section.pageSlug);
    if (list) list.push(section);
    else sectionsOfPage.set(section.pageSlug, [section]);
  }
  const pageOfFile = new Map(pages.map((page) => [page.file, page]));
  const pageOfSlug = new Map(pages.map((page) => [page.slug, page]));
  const inPage = (page: CheckPage | undefined, anchor: string | null, asFile: boolean): string | null => {
    const ofPage = page === undefined ? undefined : sectionsOfPage.get(page.slug);
    const intro = ofPage?.[0];
    if (page === undefined || ofPage === undefined || intro === undefined) return null;
    return anchor === null || anchor === '' ? intro.id : anchorInPage(page, ofPage, ids, anchor, asFile);
  };
  return {
    resolve(entry) {
      if (ids.has(entry)) return entry;
      const hash = entry.indexOf('#');
      const before = hash === -1 ? entry : entry.slice(0, hash);
      const anchor = hash === -1 ? null : entry.slice(hash + 1);
      if (/\.mdx?$/i.test(before)) return inPage(pageOfFile.get(before.replace(/^\.?\//, '')), anchor, true);
      if (/^[a-z][a-z0-9+.-]*:\/\//i.test(entry) || entry.startsWith('/')) {
        const exact = byUrl.get(urlKey(sitePath(entry, siteUrl)));
        if (exact !== undefined || anchor === null) return exact?.id ?? null;
        // an anchor of a deeper heading: the section of the page at that url that holds it
        const pageSection = byUrl.get(urlKey(sitePath(before, siteUrl)));
        return pageSection === undefined ? null : inPage(pageOfSlug.get(pageSection.pageSlug), anchor, false);
      }
      // a page's id with the anchor of a deeper heading
      return anchor === null ? null : inPage(pageOfSlug.get(before), anchor, false);
    },
  };
}

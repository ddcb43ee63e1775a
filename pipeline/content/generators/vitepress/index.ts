import type { Generator } from '../types.ts';
import { BARE_URLS, styledPath } from '../url-style.ts';
import { headingCustomId } from './attrs.ts';
import { expandVitepressIncludes } from './include.ts';
import { prepareVitepress } from './prepare.ts';
import { vitepressHeadingIds } from './slug.ts';

/**
 * VitePress (vitepress.dev): every `.md` file of the source folder is a page at its own path,
 * `index.md` standing for its folder (`guide/index.md` -> `/guide/`); `README.md` is an ordinary
 * page. There is no per-page url field in the frontmatter (only the site config's `rewrites`,
 * which we cannot read), so the frontmatter never moves a page.
 *
 * Urls are clean (`/guide/intro`) by default, as hono.dev and vitepress.dev serve them
 * (`cleanUrls: true`); VitePress's own default, `/guide/intro.html`, is `--html-extension`.
 */

/** Folders VitePress never reads pages from. */
const IGNORED_FOLDERS = new Set(['node_modules', 'dist']);
/** `[param].md` is a dynamic route's template, a page only through its `.paths.js` loader. */
const DYNAMIC_ROUTE = /\[\w+?\]/;

function isFolderIndex(file: string): boolean {
  return file === 'index.md' || file.endsWith('/index.md');
}

/** A landing page's `hero.name` (`layout: home`), the name its hero shows; VitePress titles such a page with the site's title, which it usually is. */
function heroName(frontmatter: Readonly<Record<string, unknown>>): string | undefined {
  const hero = frontmatter['hero'];
  if (typeof hero !== 'object' || hero === null || !('name' in hero) || typeof hero.name !== 'string') return undefined;
  const name = hero.name.replace(/\s+/g, ' ').trim();
  return name === '' ? undefined : name;
}

export const vitepress: Generator = {
  name: 'vitepress',
  markers: ['.vitepress'],
  urlStyle: BARE_URLS,
  untitledName: heroName,
  isPage(file) {
    if (!file.endsWith('.md')) return false;
    const segments = file.split('/');
    return !segments.some((segment) => IGNORED_FOLDERS.has(segment)) && !DYNAMIC_ROUTE.test(file);
  },
  route(page, style) {
    const folderIndex = isFolderIndex(page.file);
    const route = folderIndex ? page.file.slice(0, -'index.md'.length) : page.file.slice(0, -'.md'.length);
    return styledPath(route, style, folderIndex);
  },
  /** `search: false` (the boolean) keeps a page out of VitePress's search index; the page is still served. */
  hidden: (frontmatter) => frontmatter.search === false,
  prepare: (source) => prepareVitepress(source),
  customId: headingCustomId,
  headingIds: vitepressHeadingIds,
  expandIncludes: expandVitepressIncludes,
};

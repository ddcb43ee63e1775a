import type { UrlStyle } from './types.ts';

/**
 * A page's url path from its route without decoration (`guide/intro`, `''` for the home page):
 * `.html` or a trailing `/` as the style asks. A folder's index page (`isFolderIndex`) ends in `/`
 * whatever the style, as every generator serves it; the home page is always `''`.
 */
export function styledPath(route: string, style: UrlStyle, isFolderIndex: boolean): string {
  const bare = route.replace(/^\/+|\/+$/g, '');
  if (bare === '') return '';
  if (isFolderIndex) return `${bare}/`;
  if (style.htmlExtension) return `${bare}.html`;
  return style.trailingSlash ? `${bare}/` : bare;
}

/** The id base of a page (its slug in section ids): the url path without `/` ends and `.html`; `index` for the home page. */
export function slugOfPath(urlPath: string): string {
  const bare = urlPath.replace(/\.html$/i, '').replace(/^\/+|\/+$/g, '');
  return bare === '' ? 'index' : bare;
}

export const BARE_URLS: UrlStyle = { trailingSlash: false, htmlExtension: false };
export const SLASHED_URLS: UrlStyle = { trailingSlash: true, htmlExtension: false };

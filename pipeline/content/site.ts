import { generatorNamed } from './generators/registry.ts';
import type { Generator, GeneratorName, UrlStyle } from './generators/types.ts';

/** The site-wide inputs that decide a page's id, url and anchors. */
export interface PageSite {
  /** Joined before every url (`https://docs.example.com`, or `''`). */
  readonly siteUrl: string;
  /** Default `plain`. */
  readonly generator?: GeneratorName;
  /** Default: the generator's own. */
  readonly urlStyle?: UrlStyle;
}

export interface ResolvedSite {
  readonly siteUrl: string;
  readonly generator: Generator;
  readonly urlStyle: UrlStyle;
}

/** Fills in the defaults of a PageSite; a bare string is a site URL under `plain`. */
export function resolveSite(site: PageSite | string): ResolvedSite {
  const given = typeof site === 'string' ? { siteUrl: site } : site;
  const generator = generatorNamed(given.generator ?? 'plain');
  return { siteUrl: given.siteUrl, generator, urlStyle: given.urlStyle ?? generator.urlStyle };
}

/** Joins the site URL and a url path with exactly one `/` between them (`''` is the home page, `<site>/`). */
export function pageUrl(siteUrl: string, urlPath: string): string {
  return `${siteUrl.replace(/\/+$/, '')}/${urlPath.replace(/^\/+/, '')}`;
}

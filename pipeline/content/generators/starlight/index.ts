import GithubSlugger, { slug as githubSlug } from 'github-slugger';
import { directivesAsProse } from '../directives.ts';
import { expandMdxPartials } from '../mdx-partials.ts';
import { astroHeadingText } from './heading-text.ts';
import { educateHeadingLines } from '../smart-punctuation.ts';
import { frontmatterFlag, frontmatterString, withoutExtension } from '../path-route.ts';
import type { Generator, HeadingIds } from '../types.ts';
import { SLASHED_URLS, styledPath } from '../url-style.ts';

/** Where a Starlight site keeps its pages, stripped when the content folder given is the project root. */
const DOCS_FOLDER = 'src/content/docs/';
/** No-break spaces count as spaces in Astro's heading ids. */
const NBSP = /[\u00A0\u2007\u202F]/g;

function docsPath(file: string): string {
  return file.startsWith(DOCS_FOLDER) ? file.slice(DOCS_FOLDER.length) : file;
}

/**
 * Astro's entry id from a path: each segment through github-slugger (lowercase, spaces to
 * hyphens, punctuation dropped), a trailing `/index` dropped; the top-level index is the home page.
 */
export function starlightRoute(file: string): string {
  const slug = withoutExtension(docsPath(file))
    .split('/')
    .map((segment) => githubSlug(segment))
    .join('/')
    .replace(/\/index$/, '');
  return slug === 'index' ? '' : slug;
}

/**
 * Astro 5's heading ids (rehype heading-ids): github-slugger over the heading's text with smart
 * punctuation, blanks as written (from the heading's source when it can be found; else the folded
 * text, which `prepare` educated), one slugger per page, then one trailing hyphen removed;
 * the slugger counts the slug before that, as Astro's does.
 */
function astroHeadingIds(): HeadingIds {
  const slugger = new GithubSlugger();
  return (heading) => {
    const source = heading.source === '' ? null : heading.source;
    const text = (source === null ? null : astroHeadingText(source)) ?? heading.text;
    return slugger.slug(text.replace(NBSP, ' ')).replace(/-$/, '');
  };
}

/** Starlight's syntax made prose: directives as remark-directive reads them (asides' titles and labels kept), heading punctuation educated. */
function prepareStarlight(source: string, format: 'md' | 'mdx'): string {
  return educateHeadingLines(directivesAsProse(source, format));
}

/**
 * Starlight (Astro): pages are `src/content/docs/**` files whose name does not start with `_`,
 * served with a trailing slash; `slug` in the frontmatter replaces the path; `draft: true` and
 * `pagefind: false` pages are not in the built or searchable site; asides (`:::tip[Title]`) and
 * every other directive are read with remark-directive (see directives.ts); MDX imports of Markdown partials are expanded where used.
 */
export const starlight: Generator = {
  name: 'starlight',
  markers: ['astro.config.*'],
  confirms: (_marker, text) => text !== null && text.includes('@astrojs/starlight'),
  urlStyle: SLASHED_URLS,
  isPage: (file) => !(file.split('/').pop() ?? '').startsWith('_'),
  route(page, style) {
    const slug = frontmatterString(page.frontmatter, 'slug');
    if (slug !== null) return styledPath(slug === 'index' ? '' : slug, style, false);
    return styledPath(starlightRoute(page.file), style, false);
  },
  hidden: (frontmatter) => frontmatterFlag(frontmatter, 'draft') || frontmatter['pagefind'] === false,
  prepare: prepareStarlight,
  customId: () => null,
  headingIds: astroHeadingIds,
  expandIncludes: (file, source, read) => expandMdxPartials(file, source, read, { absoluteRoot: null }),
};

/**
 * Docusaurus (v3, docs plugin): its page urls, heading ids, visibility flags, admonitions and
 * partials, as @docusaurus/plugin-content-docs, @docusaurus/mdx-loader and @docusaurus/utils
 * define them. The site url given to `ask` is the docs plugin's base (`https://site` when the docs
 * are served at the root, `https://site/docs` by default).
 */
import { docusaurusFormat } from './format.ts';
import { docusaurusCustomId, docusaurusHeadingIds } from './heading-id.ts';
import { expandDocusaurusIncludes } from './includes.ts';
import { prepareDocusaurus } from './prepare.ts';
import { docusaurusRoute } from './route.ts';
import { frontmatterFlag } from '../path-route.ts';
import type { Generator } from '../types.ts';
import { BARE_URLS } from '../url-style.ts';

/**
 * Files the docs plugin never turns into pages (its default `exclude`): partials named `_x.md`,
 * anything in a `_folder/`, and tests.
 */
function isDocusaurusPage(file: string): boolean {
  const parts = file.split('/');
  if (parts.some((part) => part.startsWith('_'))) return false;
  return !parts.includes('__tests__');
}

export const docusaurus: Generator = {
  name: 'docusaurus',
  markers: ['docusaurus.config.*'],
  // `trailingSlash` unset: every permalink is served as its slug spells it.
  urlStyle: BARE_URLS,
  isPage: isDocusaurusPage,
  format: docusaurusFormat,
  route: docusaurusRoute,
  // Drafts are left out of the production build; unlisted pages are built but kept out of
  // sitemaps, lists and search.
  hidden: (frontmatter) => frontmatterFlag(frontmatter, 'draft') || frontmatterFlag(frontmatter, 'unlisted'),
  prepare: prepareDocusaurus,
  customId: docusaurusCustomId,
  headingIds: docusaurusHeadingIds,
  expandIncludes: expandDocusaurusIncludes,
};

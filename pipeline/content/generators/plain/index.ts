import GithubSlugger from 'github-slugger';
import { frontmatterFlag, frontmatterString, routeFromPath } from '../path-route.ts';
import type { Generator, HeadingIds } from '../types.ts';
import { BARE_URLS, styledPath } from '../url-style.ts';

/** GitHub's anchors: github-slugger over the heading text, one slugger per page, duplicates `-1`, `-2`. */
function githubHeadingIds(): HeadingIds {
  const slugger = new GithubSlugger();
  return (heading) => slugger.slug(heading.text);
}

/**
 * The contract's own content model: `slug` from the frontmatter else the path (`index`/`README`
 * naming the folder, the top-level one the home page), GitHub's anchors, `draft: true` hidden,
 * nothing but Markdown and MDX.
 */
export const plain: Generator = {
  name: 'plain',
  markers: [],
  urlStyle: BARE_URLS,
  isPage: () => true,
  route(page, style) {
    const slug = frontmatterString(page.frontmatter, 'slug');
    if (slug !== null) return styledPath(slug, style, false);
    return styledPath(routeFromPath(page.file), style, false);
  },
  hidden: (frontmatter) => frontmatterFlag(frontmatter, 'draft'),
  prepare: (source) => source,
  customId: () => null,
  headingIds: githubHeadingIds,
};

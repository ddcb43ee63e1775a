import { attributeId, HEADING_ATTRIBUTES, hugoHeadingIds } from './ids.ts';
import { prepareHugo } from './markup.ts';
import { hugoField, hugoRoute } from './route.ts';
import type { Generator } from '../types.ts';
import { SLASHED_URLS } from '../url-style.ts';

const NOT_RENDERED = new Set(['never', 'link', 'false']);

/** True when front matter keeps a page out of the built site: a draft, a headless bundle, `_build`/`build` with `render: never`. */
function hugoHidden(frontmatter: Readonly<Record<string, unknown>>): boolean {
  const draft = hugoField(frontmatter, 'draft');
  if (draft === true || draft === 'true') return true;
  const headless = hugoField(frontmatter, 'headless');
  if (headless === true || headless === 'true') return true;
  for (const key of ['_build', 'build']) {
    const build = hugoField(frontmatter, key);
    if (typeof build !== 'object' || build === null) continue;
    const render = hugoField(build as Record<string, unknown>, 'render');
    if (render === false || (typeof render === 'string' && NOT_RENDERED.has(render.toLowerCase()))) return true;
  }
  return false;
}

/** Hugo's config file names (`hugo.*` since 0.110, `config.*` before); a `config.*` must look like Hugo's. */
const HUGO_CONFIG = /(?:^|[\\/])hugo\.(?:toml|ya?ml|json)$/;

/**
 * Hugo: Markdown (`.md`, not `.mdx`) pages under `content/`, `_index.md` sections and `index.md`
 * leaf bundles naming their folder, urls lowercased with a trailing slash (`uglyURLs`: `.html`), `slug`/`url` front matter;
 * drafts, headless bundles and `render: never` pages are not built; YAML, TOML or JSON front
 * matter; Goldmark's ids from the raw heading line with `{#id}` attribute lists; shortcode
 * markers are not text.
 */
export const hugo: Generator = {
  name: 'hugo',
  markers: ['hugo.toml', 'hugo.yaml', 'hugo.yml', 'hugo.json', 'config.toml', 'config.yaml', 'config.yml'],
  confirms: (marker, text) => HUGO_CONFIG.test(marker) || (text !== null && /\bbase_?url\b/i.test(text) && /\b(?:title|theme|languageCode)\b/i.test(text)),
  urlStyle: SLASHED_URLS,
  isPage: (file) => !/\.mdx$/i.test(file), // MDX is not a Hugo content format: Hugo copies it as a static file
  route: hugoRoute,
  hidden: hugoHidden,
  prepare: (source) => prepareHugo(source),
  customId(headingSource) {
    const firstLine = (headingSource.split('\n')[0] ?? '').replace(/\r$/, '').replace(/[ \t]+#+[ \t]*$/, '');
    const attributes = HEADING_ATTRIBUTES.exec(firstLine);
    return attributes ? attributeId(attributes[0]) : null;
  },
  headingIds: hugoHeadingIds,
};

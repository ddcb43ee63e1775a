import { expandMdxPartials } from '../mdx-partials.ts';
import { mintlifyHeadingIds } from './slug.ts';
import { ATX_HEADING, markdownLines } from '../markdown-lines.ts';
import { educateHeadingLines } from '../smart-punctuation.ts';
import { SourceEditor } from '../source-editor.ts';
import { frontmatterFlag, withoutExtension } from '../path-route.ts';
import type { Generator } from '../types.ts';
import { BARE_URLS, styledPath } from '../url-style.ts';

/** `## Title {#custom-id}` (Mintlify's own syntax; MDX would read the braces as an expression). */
const CUSTOM_ID = /[ \t]*\{[ \t]*#([^}\n]+?)[ \t]*\}[ \t]*\r?$/;

/** The url path of a page: its path without extension, an `index` file naming its folder, case kept. */
export function mintlifyRoute(file: string): string {
  const segments = withoutExtension(file).split('/');
  if (segments[segments.length - 1] === 'index') segments.pop();
  return segments.join('/');
}

/**
 * Rewrites each heading line (outside code) as Mintlify renders it: the `{#id}` blanked, quotes,
 * dashes and ellipses educated as its smartypants step does, padded to the same length.
 */
function prepareHeadings(source: string, format: 'md' | 'mdx'): string {
  const educated = educateHeadingLines(source, (text) => CUSTOM_ID.exec(text)?.index ?? text.replace(/\r$/, '').length);
  return format === 'md' ? blankHeadingExpressions(educated) : educated;
}

/**
 * Mintlify compiles `.md` pages as MDX too, so braces in a heading are an expression, not text
 * (`### 4.53 { id="x" }` is titled `4.53`). Blanks them in `.md` heading lines, outside code.
 */
function blankHeadingExpressions(source: string): string {
  const editor = new SourceEditor(source);
  let changed = false;
  for (const line of markdownLines(source)) {
    if (line.inCode || !ATX_HEADING.test(line.text)) continue;
    for (const span of line.text.matchAll(/(`+)[^`]*?\1|\{[^{}]*\}/g)) {
      if (span[0].startsWith('`')) continue;
      editor.blank(line.start + span.index, line.start + span.index + span[0].length);
      changed = true;
    }
  }
  return changed ? editor.toString() : source;
}

/**
 * Mintlify: every `.md`/`.mdx` outside `snippets/` is a page at its path (no trailing slash, case
 * kept, `index` naming its folder); `noindex: true` or `hidden: true` pages are kept out of
 * search; ids are Mintlify's own slugs (not GitHub's) with `{#id}` custom ids; snippets imported
 * from `/snippets/...` or relative paths are expanded where `<Snippet />` is used.
 */
export const mintlify: Generator = {
  name: 'mintlify',
  markers: ['docs.json', 'mint.json'],
  confirms: (marker, text) => marker.endsWith('mint.json') || (text !== null && /"navigation"\s*:/.test(text) && /"(?:theme|name)"\s*:/.test(text)),
  urlStyle: BARE_URLS,
  isPage: (file) => !file.startsWith('snippets/'),
  route: (page, style) => styledPath(mintlifyRoute(page.file), style, false),
  hidden: (frontmatter) => frontmatterFlag(frontmatter, 'noindex') || frontmatterFlag(frontmatter, 'hidden'),
  prepare: (source, format) => prepareHeadings(source, format),
  customId(headingSource) {
    const firstLine = headingSource.split('\n')[0] ?? '';
    return CUSTOM_ID.exec(firstLine)?.[1]?.trim() ?? null;
  },
  headingIds: mintlifyHeadingIds,
  expandIncludes: (file, source, read) => expandMdxPartials(file, source, read, { absoluteRoot: '' }),
};

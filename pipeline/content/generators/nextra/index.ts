import GithubSlugger from 'github-slugger';
import { ATX_HEADING, markdownLines } from '../markdown-lines.ts';
import { expandMdxPartials } from '../mdx-partials.ts';
import { nextraHeadingText } from './heading-text.ts';
import { withoutExtension } from '../path-route.ts';
import { SourceEditor } from '../source-editor.ts';
import type { Generator, HeadingIds } from '../types.ts';
import { BARE_URLS, styledPath } from '../url-style.ts';

/** The folders a Nextra project keeps its pages in, stripped when the content folder given is the project root. */
const PAGE_ROOTS = /^(?:src\/)?(?:app|pages|content)\//;
/** `## Title [#custom-id]`: the custom id at the end of a heading's text. */
const CUSTOM_ID = /[ \t]*\[#([^\]\n]+?)\][ \t]*(?:#+[ \t]*)?\r?$/;

function routeSegments(file: string): string[] {
  return withoutExtension(file.replace(PAGE_ROOTS, '')).split('/');
}

/**
 * True for files Next.js and Nextra route: not under a private `_folder` or a dynamic `[segment]`
 * (whose url we cannot know), not the pages router's `_app`/`_document`/`_error`, and under an
 * `app/` folder only `page.md(x)`. In a `content/` folder every Markdown file is a page, `_` or not.
 */
function isRouted(file: string): boolean {
  const segments = withoutExtension(file).split('/');
  const name = segments[segments.length - 1] ?? '';
  if (segments.some((segment) => segment.startsWith('['))) return false;
  if (/^(?:src\/)?app\//.test(file)) return name === 'page' && !segments.some((segment) => segment.startsWith('_'));
  if (/^(?:src\/)?pages\//.test(file)) return !['_app', '_document', '_error'].includes(name);
  return true;
}

/**
 * When the content folder is a Next.js project (it holds `app/`, `pages/` or `content/`), only
 * the files in those folders are routed: the others (`components/shared.mdx`, imported by pages)
 * are partials whose urls would 404.
 */
function filesBesideRoutedFolders(files: readonly string[]): ReadonlySet<string> {
  if (!files.some((file) => PAGE_ROOTS.test(file))) return new Set();
  return new Set(files.filter((file) => !PAGE_ROOTS.test(file)));
}

/**
 * The url path of a Nextra page: its path below `app/`, `pages/` or `content/`, route groups
 * `(group)` and parallel-route slots `@slot` dropped, `index` and the app router's `page`
 * naming their folder. Case is kept, as Next.js serves it.
 */
export function nextraRoute(file: string): string {
  const segments = routeSegments(file).filter((segment) => !/^\(.*\)$/.test(segment) && !segment.startsWith('@'));
  const last = segments[segments.length - 1];
  if (last === 'index' || last === 'page') segments.pop();
  return segments.join('/');
}

/**
 * Nextra's heading ids (remark-headings): github-slugger over the heading's flattened text, blanks
 * as written (from its source when it can be found), or over the custom id when `[#id]` gives one
 * (so it is slugged and counted too), one slugger per page; `#` titles get none and are not counted.
 */
function nextraHeadingIds(): HeadingIds {
  const slugger = new GithubSlugger();
  return (heading) => {
    const source = heading.source === '' ? null : heading.source;
    const text = heading.customId ?? (source === null ? null : nextraHeadingText(blankCustomIds(source))) ?? heading.text;
    if (heading.depth === 1) return new GithubSlugger().slug(text);
    return slugger.slug(text);
  };
}

/** Blanks the `[#id]` of every heading line (outside code), so it never shows in the heading text. */
function blankCustomIds(source: string): string {
  const editor = new SourceEditor(source);
  let changed = false;
  for (const line of markdownLines(source)) {
    if (line.inCode || !ATX_HEADING.test(line.text)) continue;
    const match = CUSTOM_ID.exec(line.text);
    if (!match) continue;
    editor.blank(line.start + match.index, line.end);
    changed = true;
  }
  return changed ? editor.toString() : source;
}

/**
 * Nextra (Next.js): `pages/**`, `content/**` and the app router's `app/**\/page.mdx` (the files
 * beside those folders are partials, not pages), urls without
 * a trailing slash and in the file's case; `searchable: false` pages are left out of search;
 * custom heading ids `## Title [#id]`; MDX imports of Markdown partials are expanded where used.
 */
export const nextra: Generator = {
  name: 'nextra',
  markers: ['next.config.*', 'theme.config.*'],
  confirms: (marker, text) => /theme\.config\.[^/\\]+$/.test(marker) || (text !== null && text.includes('nextra')),
  urlStyle: BARE_URLS,
  isPage: isRouted,
  unservedFiles: filesBesideRoutedFolders,
  route: (page, style) => styledPath(nextraRoute(page.file), style, false),
  hidden: (frontmatter) => frontmatter['searchable'] === false,
  prepare: (source) => blankCustomIds(source),
  customId(headingSource) {
    const firstLine = headingSource.split('\n')[0] ?? '';
    return CUSTOM_ID.exec(firstLine)?.[1]?.trim() ?? null;
  },
  headingIds: nextraHeadingIds,
  expandIncludes: (file, source, read) => expandMdxPartials(file, source, read, { absoluteRoot: null }),
};

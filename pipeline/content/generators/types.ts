/**
 * The seam between the content stage and a documentation generator's conventions.
 *
 * `plain` is the contract's own model (GitHub's anchors, `--site-url` + `/` + slug). Every other
 * generator replaces, as that generator does it: which files are pages, their urls, which pages
 * are hidden, the syntax that is not Markdown (containers, admonitions, tabs, custom heading ids),
 * includes, and how a heading becomes its id. So every url and anchor we emit is the one the live
 * site serves.
 */

import type { GeneratorName } from '../../format/manifest.ts';

// the names are a format fact (the manifest records the generator): defined in format/, named here for the generators
export { GENERATOR_NAMES, type GeneratorName } from '../../format/manifest.ts';

/** How a site spells its page urls. */
export interface UrlStyle {
  /** `/guide/intro/` rather than `/guide/intro`. */
  readonly trailingSlash: boolean;
  /** `/guide/intro.html` (wins over a trailing slash). */
  readonly htmlExtension: boolean;
}

/** What a generator is told of a page to place it. */
export interface PageInput {
  /** Path relative to the content folder, POSIX separators (`guide/intro.md`). */
  readonly file: string;
  /** The page's frontmatter as parsed (YAML, or TOML/JSON where the generator reads those); `{}` when none. */
  readonly frontmatter: Readonly<Record<string, unknown>>;
  /** The page's text after its frontmatter, as written (includes expanded): some urls come from its first line. */
  readonly body: string;
}

/** What an id assigner is told of its page before the first heading. */
export interface PageHeadings {
  /** Every custom id written on the page's headings (any depth), so automatic ids can keep clear of them. */
  readonly customIds: ReadonlySet<string>;
  /** The page's text as written (includes expanded), for ids a generator reserves elsewhere on it. */
  readonly source: string;
}

/** One heading as the id assigner sees it. */
interface HeadingInput {
  /**
   * The heading's text: its text and inline code, without raw HTML (`<Badge>`) and without the
   * custom-id syntax. MDX elements' text children are included.
   */
  readonly text: string;
  /** The id the author gave it with the generator's custom-id syntax, else null. */
  readonly customId: string | null;
  /** 1 to 6. */
  readonly depth: number;
  /**
   * The heading's original source (`## The [x](y) option {#id}`), for generators that make ids
   * from the raw line (Hugo) or from unfolded text (Astro); `''` when unknown.
   */
  readonly source: string;
}

/** Gives each heading of one page its id, in document order (duplicates are counted per page). */
export type HeadingIds = (heading: HeadingInput) => string;

/** Reads another content file for an include: path relative to the content folder; null when it is not there. */
export type ReadContentFile = (file: string) => Promise<string | null>;

export interface Generator {
  readonly name: GeneratorName;
  /**
   * File or folder names that mark a site of this generator when found in the content folder or
   * a parent up to the repository root (`mkdocs.yml`, `.vitepress`, `docusaurus.config.js`...).
   */
  readonly markers: readonly string[];
  /**
   * Optional stronger check of a found marker (e.g. an `astro.config.mjs` is Starlight only when
   * it mentions `@astrojs/starlight`): given the marker's path and its text (null for a folder).
   */
  readonly confirms?: (markerPath: string, text: string | null) => boolean;
  /** The url style the generator uses out of the box; `--trailing-slash`/`--html-extension` override it. */
  readonly urlStyle: UrlStyle;
  /** False for files the generator does not turn into pages (Docusaurus `_partial.mdx`, Hugo `_index` data...). */
  isPage(file: string): boolean;
  /**
   * The files that are no page once the whole content folder is known, though `isPage` alone
   * cannot tell (Nextra: files beside `pages/`, `app/` or `content/`, such as the partials and
   * components the pages import). Their text reaches readers only where a page includes them.
   */
  unservedFiles?(files: readonly string[]): ReadonlySet<string>;
  /**
   * The dialect the generator reads a page in (its text given, frontmatter first). Omitted: by
   * the extension, `.mdx` as MDX and anything else as CommonMark. Docusaurus reads `.md` as MDX.
   */
  format?(file: string, source: string): 'md' | 'mdx';
  /**
   * The page's url path below the site url, without a leading `/`: `''` for the home page,
   * `guide/intro`, `guide/intro/` or `guide/intro.html` as `style` asks. Frontmatter `slug`,
   * `permalink`, `id`, number prefixes, blog dates: as the generator reads them.
   */
  route(page: PageInput, style: UrlStyle): string;
  /**
   * The title of a page that names itself in no `title` and no `#` heading, from what the live site
   * shows for it (VitePress: a landing page's `hero.name`); omitted or undefined: the file name.
   */
  untitledName?(frontmatter: Readonly<Record<string, unknown>>): string | undefined;
  /** True when the generator leaves the page out of the built or searchable site (draft, unlisted, `search: false`...). */
  hidden(frontmatter: Readonly<Record<string, unknown>>): boolean;
  /**
   * Rewrites what is not Markdown into Markdown that reads the same as prose: container and
   * admonition markers, tab labels, indented bodies, custom heading ids. The result MUST have
   * exactly the length of `source` and a line break at exactly the same offsets (replace markup
   * with spaces, move indentation to the end of its line), so positions in the parsed result are
   * positions in the original and every section's source stays byte-for-byte the file's.
   */
  prepare(source: string, format: 'md' | 'mdx'): string;
  /**
   * The custom id written in a heading's ORIGINAL source line(s) (`## Title {#id}`), else null.
   * `prepare` blanks the same syntax out.
   */
  customId(headingSource: string): string | null;
  /** A fresh id assigner for one page. */
  headingIds(page: PageHeadings): HeadingIds;
  /**
   * Follows the page's includes (`<!--@include: x.md-->`, `--8<-- "x.md"`, an MDX import of a
   * partial used as `<X />`) and returns the page text with each include replaced by the included
   * text; `source` itself when there is none. Included text is part of the page from then on (its
   * sections' source and hash). Missing targets are left as they are.
   */
  expandIncludes?(file: string, source: string, read: ReadContentFile): Promise<string>;
}


/**
 * Where the Docusaurus docs plugin serves a page, as its own rules decide (plugin-content-docs:
 * the doc id, `getSlug`, the category-index convention, number prefixes). The result is the
 * permalink below the plugin's route base path (which the site url given to `ask` includes).
 */
import { frontmatterString } from '../path-route.ts';
import type { PageInput, UrlStyle } from '../types.ts';
import { styledPath } from '../url-style.ts';

/** `7.0-foo`, `2021-11-foo`: versions and dates, never read as number prefixes. */
const IGNORED_PREFIX = /^\d+[-_.]\d+/;
/** `01-intro`, `3 - Setup`, `2_guide`: a number, separators, then the real name. */
const NUMBER_PREFIX = /^\d+\s*[-_.]+\s*([^-_.\s].*)$/;

/** A file or folder name without its number prefix (`01-intro` -> `intro`), as Docusaurus's default parser reads it. */
export function withoutNumberPrefix(name: string): string {
  if (IGNORED_PREFIX.test(name)) return name;
  return NUMBER_PREFIX.exec(name)?.[1] ?? name;
}

/**
 * Resolves a relative slug against a folder url (`/guide/`), the way a browser resolves a
 * relative link: `.` and `..` segments folded, a trailing `/` (or a final `.`/`..`) kept.
 */
function resolveAgainstFolder(slug: string, folderUrl: string): string {
  const parts = `${folderUrl}${slug}`.split('/');
  const last = parts[parts.length - 1];
  const trailingSlash = last === '' || last === '.' || last === '..';
  const kept: string[] = [];
  for (const part of parts) {
    if (part === '' || part === '.') continue;
    if (part === '..') kept.pop();
    else kept.push(part);
  }
  if (kept.length === 0) return '/';
  return `/${kept.join('/')}${trailingSlash ? '/' : ''}`;
}

/** Splits `guide/01-intro.md` into its folders and its file name without extension. */
function splitPath(file: string): { folders: string[]; name: string } {
  const parts = file.split('/');
  const base = parts.pop() ?? '';
  return { folders: parts, name: base.replace(/\.[^.]*$/, '') };
}

/**
 * A file that stands for its folder (Docusaurus calls it a category index): `index`, `README`, or
 * a file named like the folder holding it (`guide/guide.md`), compared without case and with any
 * number prefix still on.
 */
function isCategoryIndex(name: string, folders: readonly string[]): boolean {
  const lower = name.toLowerCase();
  const folder = folders[folders.length - 1]?.toLowerCase();
  return lower === 'index' || lower === 'readme' || (folder !== undefined && lower === folder);
}

/**
 * The page's permalink below the docs route base, starting with `/`: an absolute frontmatter
 * `slug` as written; else a category index's folder url; else the frontmatter `slug` (or the doc
 * id: frontmatter `id`, else the file name without number prefix) resolved against the folder
 * url (folders without number prefixes). `parse_number_prefixes: false` keeps the prefixes.
 */
function docusaurusPermalink(page: PageInput): string {
  const { folders, name } = splitPath(page.file);
  const stripPrefixes = page.frontmatter['parse_number_prefixes'] !== false;
  const slug = frontmatterString(page.frontmatter, 'slug');
  if (slug?.startsWith('/')) return slug;
  const folderNames = stripPrefixes ? folders.map(withoutNumberPrefix) : folders;
  const folderUrl = folderNames.length === 0 ? '/' : `/${folderNames.join('/')}/`;
  if (slug === null && isCategoryIndex(name, folders)) return folderUrl;
  const baseId = frontmatterString(page.frontmatter, 'id') ?? (stripPrefixes ? withoutNumberPrefix(name) : name);
  return resolveAgainstFolder(slug ?? baseId, folderUrl);
}

/**
 * The url path (no leading `/`) from a permalink: `''` for `/`; a permalink ending in `/` keeps
 * it whatever the style (Docusaurus serves it so when `trailingSlash` is left unset); others as
 * the style asks.
 */
export function docusaurusRoute(page: PageInput, style: UrlStyle): string {
  const permalink = docusaurusPermalink(page).replace(/\/{2,}/g, '/');
  return styledPath(permalink, style, permalink.endsWith('/'));
}

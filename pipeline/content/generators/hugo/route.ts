import { frontmatterString, withoutExtension } from '../path-route.ts';
import type { PageInput, UrlStyle } from '../types.ts';

/** Hugo's own content folder, stripped when the content folder given is the site root. */
const CONTENT_FOLDER = 'content/';

/** A frontmatter field read case-insensitively, as Hugo reads its front matter keys. */
export function hugoField(frontmatter: Readonly<Record<string, unknown>>, name: string): unknown {
  if (name in frontmatter) return frontmatter[name];
  const key = Object.keys(frontmatter).find((candidate) => candidate.toLowerCase() === name);
  return key === undefined ? undefined : frontmatter[key];
}

function isAllowedPathCharacter(char: string): boolean {
  return /[\p{L}\p{Nd}\p{M}./\\_#+~@]/u.test(char);
}

/**
 * Hugo's path sanitising (its `MakePath` with the default `disablePathToLower: false`): letters,
 * digits, marks and `. / _ # + ~ @` kept, a run of blanks and `-` before a kept character
 * becomes one `-` (none at the start or end), anything else dropped, then lowercased.
 */
export function hugoPathSegment(text: string): string {
  let out = '';
  let hyphen = false;
  for (const char of text) {
    if (isAllowedPathCharacter(char)) {
      if (hyphen) out += '-';
      hyphen = false;
      out += char;
    } else if (out.length > 0 && (char === '-' || /\s/u.test(char))) {
      hyphen = true;
    }
  }
  return out.toLowerCase();
}

/** A front matter `url`: taken as written (case kept); a path without a file extension is a folder. */
function explicitUrl(url: string): string {
  const bare = url.trim().replace(/^\/+/, '');
  if (bare === '' || bare.endsWith('/') || /\.[a-z0-9]+$/i.test(bare)) return bare;
  return `${bare}/`;
}

/**
 * The url path of a Hugo page: `url` from front matter as written, else the sanitised folders and
 * file name, `_index.md` (a section) and `index.md` (a leaf bundle) naming their folder, `slug`
 * replacing the last segment of anything but a section. Served with a trailing slash, or every
 * page (sections too) as `path.html` with `uglyURLs`.
 */
export function hugoRoute(page: PageInput, style: UrlStyle): string {
  const url = frontmatterString(page.frontmatter, Object.keys(page.frontmatter).find((key) => key.toLowerCase() === 'url') ?? 'url');
  if (url !== null) return explicitUrl(url);
  const relative = page.file.startsWith(CONTENT_FOLDER) ? page.file.slice(CONTENT_FOLDER.length) : page.file;
  const segments = withoutExtension(relative).split('/');
  const name = segments.pop() ?? '';
  const isSection = name.toLowerCase() === '_index';
  if (!isSection && name.toLowerCase() !== 'index') segments.push(name);
  const slugValue = hugoField(page.frontmatter, 'slug');
  const slug = typeof slugValue === 'string' || typeof slugValue === 'number' ? String(slugValue).trim() : '';
  if (slug !== '' && !isSection && segments.length > 0) segments[segments.length - 1] = slug;
  const path = segments.map(hugoPathSegment).filter((segment) => segment !== '').join('/');
  if (path === '') return '';
  if (style.htmlExtension) return `${path}.html`;
  return style.trailingSlash ? `${path}/` : path;
}

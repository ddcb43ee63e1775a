import { ContentError } from './errors.ts';

const FOLDER_PAGE_NAMES = new Set(['index', 'readme']);

/**
 * The slug of a page from its path: the path without extension, with an `index` or `README`
 * file naming its folder (`guide/index.md` -> `guide`). A top-level index has the empty slug.
 */
export function slugFromPath(file: string): string {
  const parts = file.replace(/\.mdx?$/i, '').split('/');
  const last = parts[parts.length - 1];
  if (last !== undefined && FOLDER_PAGE_NAMES.has(last.toLowerCase())) parts.pop();
  return parts.join('/');
}

/**
 * Checks a slug is a safe relative path of non-empty segments: no `.`/`..`, no backslash,
 * no leading `@` (reserved in the digest tree), no control characters.
 */
export function validateSlug(slug: string, file: string): string {
  const cleaned = slug.replace(/^\/+|\/+$/g, '');
  if (cleaned === '') {
    throw new ContentError(file, "the page has an empty slug (a top-level index page); set 'slug' in its frontmatter");
  }
  for (const segment of cleaned.split('/')) {
    // eslint-disable-next-line no-control-regex
    if (segment === '' || segment === '.' || segment === '..' || segment.startsWith('@') || /[\\\u0000-\u001f#?]/.test(segment)) {
      throw new ContentError(file, `slug '${slug}' is not a plain path (no empty, '.', '..' or '@' segments, no '#', '?' or '\\')`);
    }
  }
  return cleaned;
}

/** The group of a page: the frontmatter's, else the first folder of its path, else null. */
export function groupFromPath(file: string): string | null {
  const slash = file.indexOf('/');
  return slash > 0 ? file.slice(0, slash) : null;
}

/** The file name without folder and extension, the title of last resort. */
export function fileTitle(file: string): string {
  const name = file.split('/').pop() ?? file;
  return name.replace(/\.mdx?$/i, '');
}

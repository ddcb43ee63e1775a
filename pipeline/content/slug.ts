import { ContentError } from './errors.ts';

/**
 * Checks a page's id base is a safe relative path of non-empty segments: no `.`/`..`, no
 * backslash, no leading `@` (reserved in the digest tree), no control characters, `#` or `?`.
 */
export function validateSlug(slug: string, file: string): string {
  const cleaned = slug.replace(/^\/+|\/+$/g, '');
  if (cleaned === '') throw new ContentError(file, "the page's url is empty; give it a 'slug' in its frontmatter");
  for (const segment of cleaned.split('/')) {
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

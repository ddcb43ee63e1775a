const FOLDER_PAGE_NAMES = new Set(['index', 'readme']);

/** A content path without its `.md`/`.mdx` extension. */
export function withoutExtension(file: string): string {
  return file.replace(/\.mdx?$/i, '');
}

/** True for `index`/`README` files, which stand for their folder. */
function isFolderPage(file: string): boolean {
  const name = withoutExtension(file).split('/').pop() ?? '';
  return FOLDER_PAGE_NAMES.has(name.toLowerCase());
}

/**
 * The route of a page from its path: the path without extension, an `index` or `README` file
 * naming its folder (`guide/index.md` -> `guide`, a top-level index -> `''`).
 */
export function routeFromPath(file: string): string {
  const parts = withoutExtension(file).split('/');
  if (isFolderPage(file)) parts.pop();
  return parts.join('/');
}

/** A frontmatter field as a trimmed non-empty string, else null. */
export function frontmatterString(frontmatter: Readonly<Record<string, unknown>>, field: string): string | null {
  const value = frontmatter[field];
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const text = String(value).trim();
  return text === '' ? null : text;
}

/** True when a frontmatter field is `true` (or the string `'true'`). */
export function frontmatterFlag(frontmatter: Readonly<Record<string, unknown>>, field: string): boolean {
  const value = frontmatter[field];
  return value === true || value === 'true';
}

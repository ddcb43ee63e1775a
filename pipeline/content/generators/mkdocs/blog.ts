import { pymdownxSlug } from './slugify.ts';
import { frontmatterString } from '../path-route.ts';
import type { PageInput } from '../types.ts';

/** MkDocs' `get_markdown_title`: the first non-blank line, if it is a `# ` heading, without its `#`s. */
function leadingHeading(body: string): string | null {
  for (const line of body.split('\n')) {
    const text = line.trim();
    if (text === '') continue;
    return text.startsWith('# ') ? text.replace(/^[# ]+/, '') : null;
  }
  return null;
}

/**
 * Material for MkDocs' blog plugin with its defaults (`blog_dir: blog`, posts under
 * `blog/posts/`, `post_url_format: "{date}/{slug}"`, `post_url_date_format: yyyy/MM/dd`): a post
 * is served at `blog/2024/01/31/<slug>/`, the slug being the frontmatter's `slug`, else
 * pymdownx's `slugify(case="lower")` of its title: the frontmatter's `title`, else the `# `
 * line the post starts with (its raw text, as MkDocs reads it before rendering), else a title
 * made of the file name.
 */

const POSTS_FOLDER = 'blog/posts/';

/** `YYYY/MM/DD` of the post's `date` (a date, a date-time, or `{ created: ... }`) as written, else null. */
function postDatePath(date: unknown): string | null {
  const created = typeof date === 'object' && date !== null && !(date instanceof Date) ? (date as Record<string, unknown>)['created'] : date;
  if (created instanceof Date) {
    const pad = (value: number) => String(value).padStart(2, '0');
    return `${created.getUTCFullYear()}/${pad(created.getUTCMonth() + 1)}/${pad(created.getUTCDate())}`;
  }
  const written = typeof created === 'string' ? /^(\d{4})-(\d{2})-(\d{2})/.exec(created.trim()) : null;
  return written ? `${written[1]}/${written[2]}/${written[3]}` : null;
}

/** MkDocs' title from a file name: `-`/`_` as spaces, capitalised when all lower case. */
function fileNameTitle(file: string): string {
  const name = (file.split('/').pop() ?? file).replace(/\.[^.]+$/, '').replace(/[-_]/g, ' ');
  return name.toLowerCase() === name ? name.charAt(0).toUpperCase() + name.slice(1) : name;
}

/** The route of a blog post (`blog/2024/01/31/my-post`), or null when the file is no post or has no usable date. */
export function blogPostRoute({ file, frontmatter, body }: PageInput): string | null {
  if (!file.startsWith(POSTS_FOLDER)) return null;
  const date = postDatePath(frontmatter['date']);
  if (date === null) return null;
  const title = frontmatterString(frontmatter, 'title') ?? leadingHeading(body) ?? fileNameTitle(file);
  const slug = frontmatterString(frontmatter, 'slug') ?? pymdownxSlug(title);
  return `blog/${date}/${slug}`.split('/').filter((part) => part !== '' && part !== '.').join('/');
}

/**
 * What a page is for, from the conventions generators share: the documentation itself (guides,
 * reference, concepts) or a page beside it that dates (a blog post, a changelog, release notes,
 * news) or only lists (tag and author pages, the 404 page). The kind places a page in llms.txt
 * (`## Optional`) and gives keyword ranking its prior (search/page-priors.ts).
 */

import type { PageKind } from '../types.ts';

/** What the kind is decided from: the page's file, url path, title and frontmatter. */
export interface PageKindInput {
  /** Content path, POSIX separators. */
  readonly file: string;
  /** The url path the generator serves the page at, without the site's path (no leading `/`). */
  readonly urlPath: string;
  readonly title: string;
  readonly frontmatter: Readonly<Record<string, unknown>>;
}

/** Folder or file names (without extension) that name a kind wherever they sit in the path. */
const NAMED_ANYWHERE: readonly (readonly [RegExp, PageKind])[] = [
  [/^(?:changelogs?|change-?log)$/i, 'changelog'],
  [/^release-?notes$/i, 'release-notes'],
];

/**
 * Folders that name a kind as the first segment of the path or url (Docusaurus serves its blog at
 * `/blog`, Material for MkDocs keeps posts in `blog/posts`, Starlight's blog plugin in `blog/`).
 * Deeper, the same words name a guide about the thing: `tutorials/blogs/` teaches writing one,
 * `publishing/releases` how to make one.
 */
const NAMED_FIRST: readonly (readonly [RegExp, PageKind])[] = [
  [/^(?:blog|blogs|posts)$/i, 'blog'],
  [/^releases$/i, 'release-notes'],
  [/^(?:news|announcements)$/i, 'news'],
];

/** Under a blog folder, the listing pages the blog plugins generate or expect. */
const BLOG_LISTINGS: readonly (readonly [RegExp, PageKind])[] = [
  [/^(?:tags?|categories|category|archive)$/i, 'tag'],
  [/^authors?$/i, 'author'],
];

const TITLES: readonly (readonly [RegExp, PageKind])[] = [
  [/^change-?log\b/i, 'changelog'],
  [/^(?:release notes|what's new|what is new)\b/i, 'release-notes'],
];

/** Path segments without extension: the folders, then the file's name (`index`/`README` dropped). */
function segments(path: string): string[] {
  const parts = path.split('/').filter((part) => part !== '');
  const last = parts.pop();
  if (last !== undefined) {
    const name = last.replace(/\.(?:mdx?|html?)$/i, '');
    if (!/^(?:index|readme|_index)$/i.test(name)) parts.push(name);
  }
  return parts;
}

function matchOf(rules: readonly (readonly [RegExp, PageKind])[], text: string | undefined): PageKind | null {
  if (text === undefined) return null;
  for (const [pattern, kind] of rules) if (pattern.test(text)) return kind;
  return null;
}

/** A dated post: frontmatter with a date and an author, as blog plugins of every generator write it. */
function isDatedPost(frontmatter: Readonly<Record<string, unknown>>): boolean {
  const dated = frontmatter['date'] !== undefined && frontmatter['date'] !== null;
  const authored = ['authors', 'author', 'authors_url'].some((field) => frontmatter[field] !== undefined && frontmatter[field] !== null);
  return dated && authored;
}

/** The kind of a page; `guide` unless a convention says otherwise. */
export function pageKind({ file, urlPath, title, frontmatter }: PageKindInput): PageKind {
  const paths = [segments(file), segments(urlPath)];
  for (const parts of paths) if (parts.at(-1) === '404') return 'not-found';
  for (const parts of paths) {
    const first = matchOf(NAMED_FIRST, parts[0]);
    if (first === null) continue;
    if (first === 'blog') {
      for (const part of parts.slice(1)) {
        const listing = matchOf(BLOG_LISTINGS, part);
        if (listing !== null) return listing;
      }
    }
    return first;
  }
  for (const parts of paths) {
    for (const part of parts) {
      const named = matchOf(NAMED_ANYWHERE, part);
      if (named !== null) return named;
    }
  }
  if (isDatedPost(frontmatter)) return 'blog';
  return matchOf(TITLES, title.trim()) ?? 'guide';
}

import { describe, expect, it } from 'vitest';
import { pageKind, type PageKindInput } from '../../pipeline/content/page-kind.ts';

const kindOf = (file: string, extra: Partial<PageKindInput> = {}): string =>
  pageKind({ file, urlPath: file.replace(/\.mdx?$/, '').replace(/(?:^|\/)index$/, ''), title: 'A page', frontmatter: {}, ...extra });

describe('page kinds from the conventions of generators', () => {
  it.each([
    ['guide/getting-started.md', 'guide'],
    ['reference/cli.mdx', 'guide'],
    ['blog/knip-v5.mdx', 'blog'],
    ['blog/posts/zensical.md', 'blog'],
    ['blog/index.md', 'blog'],
    ['blog/tags/release.md', 'tag'],
    ['blog/authors/lars.md', 'author'],
    ['changelog/index.md', 'changelog'],
    ['documentation/changelog.mdx', 'changelog'],
    ['CHANGELOG.md', 'changelog'],
    ['docs/release-notes/v3.md', 'release-notes'],
    ['releases/2024.md', 'release-notes'],
    ['news/launch.md', 'news'],
    ['announcements/v2.md', 'news'],
    ['404.md', 'not-found'],
  ])('%s is a %s page', (file, kind) => {
    expect(kindOf(file)).toBe(kind);
  });

  it('reads the same words deeper in the path as a guide about the thing', () => {
    // Material for MkDocs teaches writing a blog under tutorials/blogs/; a guide on publishing releases
    expect(kindOf('tutorials/blogs/basic.md')).toBe('guide');
    expect(kindOf('publishing/releases.md')).toBe('guide');
    expect(kindOf('plugins/blog.md')).toBe('guide');
  });

  it('reads a dated, authored post as a blog post wherever it lives', () => {
    expect(kindOf('updates/v2.md', { frontmatter: { date: '2024-02-10', authors: ['lars'] } })).toBe('blog');
    // a date alone (a "last updated" field) does not make a post
    expect(kindOf('guide/install.md', { frontmatter: { date: '2024-02-10' } })).toBe('guide');
  });

  it('reads the served url as well as the file, and a changelog or release-notes title', () => {
    expect(kindOf('content/posts-2024.md', { urlPath: 'blog/posts-2024' })).toBe('blog');
    expect(kindOf('history.md', { title: 'Changelog' })).toBe('changelog');
    expect(kindOf('whats-new.md', { title: "What's new in 3.0" })).toBe('release-notes');
    expect(kindOf('guide/changing-logs.md', { title: 'Changing log levels' })).toBe('guide');
  });
});

import { describe, expect, it } from 'vitest';
import { resolveIdentity, siteNavigation, type SidebarData } from '../../../pipeline/content/site-config/index.ts';
import type { Page } from '../../../pipeline/types.ts';

function page(file: string, group: string | null = file.includes('/') ? (file.split('/')[0] ?? null) : null): Page {
  const slug = file.replace(/\.mdx?$/, '').replace(/(?:^|\/)index$/, '') || 'index';
  return { file, format: 'md', slug, url: slug === 'index' ? '/' : `/${slug}`, title: slug, description: null, group, kind: 'guide' };
}

const NO_DATA: SidebarData = { folders: new Map(), pagePositions: new Map() };

function shape(groups: ReturnType<typeof siteNavigation>): [string | null, string[]][] {
  return groups.map((group) => [group.label, group.pages.map((entry) => entry.file)]);
}

describe('the site navigation: pages grouped and ordered as the live sidebar shows them', () => {
  it('without sidebar data: the pages outside any group first, groups by name, a folder index first, then by name', () => {
    const pages = ['zeta.md', 'index.md', 'guide/b.md', 'guide/index.md', 'guide/a.md', 'api/x.md', 'getting-started/one.md'].map((file) => page(file));
    expect(shape(siteNavigation({ pages, sidebar: null, data: NO_DATA }))).toEqual([
      [null, ['index.md', 'zeta.md']],
      ['Api', ['api/x.md']],
      ['Getting started', ['getting-started/one.md']],
      ['Guide', ['guide/index.md', 'guide/a.md', 'guide/b.md']],
    ]);
  });

  it('positions and labels from the data (frontmatter, _category_, _meta) order groups, folders and pages; none last', () => {
    const pages = ['guide/a.md', 'guide/b.md', 'guide/c.md', 'guide/deep/d.md', 'api/x.md', 'tools/t.md'].map((file) => page(file));
    const data: SidebarData = {
      folders: new Map([
        ['api', { label: 'API reference', position: 2 }],
        ['guide', { position: 1 }],
        ['guide/deep', { position: 0 }],
      ]),
      pagePositions: new Map([
        ['guide/c.md', 1],
        ['guide/a.md', 5],
      ]),
    };
    expect(shape(siteNavigation({ pages, sidebar: null, data }))).toEqual([
      ['Guide', ['guide/deep/d.md', 'guide/c.md', 'guide/a.md', 'guide/b.md']],
      ['API reference', ['api/x.md']],
      ['Tools', ['tools/t.md']],
    ]);
  });

  it("a config's sidebar decides groups and order; pages it matches by path, slug or url; the rest follow by folder, the home page first", () => {
    const pages = ['index.md', 'intro.md', 'guide/a.md', 'guide/b.md', 'ref/x.md', 'ref/y.md', 'blog/post.md'].map((file) => page(file));
    const sidebar = [
      { page: './intro.md' },
      { label: 'Guides', entries: [{ page: '/guide/b' }, { label: 'Nested', entries: [{ page: 'guide/a.md#top' }] }, { page: 'missing' }] },
      { label: 'Reference', entries: [{ folder: 'ref' }] },
    ];
    expect(shape(siteNavigation({ pages, sidebar, data: NO_DATA }))).toEqual([
      [null, ['index.md', 'intro.md']],
      ['Guides', ['guide/b.md', 'guide/a.md']],
      ['Reference', ['ref/x.md', 'ref/y.md']],
      ['Blog', ['blog/post.md']],
    ]);
  });
});

describe("the site's name and description", () => {
  const home = { ...page('index.md'), title: 'Welcome', description: null };

  it('the command line or config first, then the home hero, title, description, tagline and intro text, then the context', () => {
    const context = 'These docs have 3 pages.';
    expect(resolveIdentity({ name: 'Acme', description: 'Tools.' }, { page: home, frontmatter: {}, intro: 'Intro.' }, context)).toEqual({ name: 'Acme', description: 'Tools.' });
    expect(resolveIdentity({}, { page: { ...home, description: 'Made  for\nteams.' }, frontmatter: { hero: { tagline: 'Fast' } }, intro: 'Intro.' }, context)).toEqual({ name: 'Welcome', description: 'Made for teams.' });
    expect(resolveIdentity({}, { page: home, frontmatter: { hero: { name: 'Acme', tagline: 'Build  fast' } }, intro: 'Intro.' }, context)).toEqual({ name: 'Acme', description: 'Build fast' });
    expect(resolveIdentity({}, { page: home, frontmatter: {}, intro: 'Intro text.' }, context)).toEqual({ name: 'Welcome', description: 'Intro text.' });
    // a home page with no prose in its intro, or no home page: the context's first sentence
    expect(resolveIdentity({}, { page: home, frontmatter: {}, intro: null }, context)).toEqual({ name: 'Welcome', description: context });
    expect(resolveIdentity({}, null, context)).toEqual({ name: 'Documentation', description: context });
    expect(resolveIdentity({}, null, null)).toEqual({ name: 'Documentation', description: null });
  });
});

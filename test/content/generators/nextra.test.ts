import { readFile } from 'node:fs/promises';
import path from 'node:path';
import GithubSlugger from 'github-slugger';
import { describe, expect, it } from 'vitest';
import { detectGenerator } from '../../../pipeline/content/generators/detect.ts';
import { nextra, nextraRoute } from '../../../pipeline/content/generators/nextra/index.ts';
import { loadContent } from '../../../pipeline/content/index.ts';
import { tempFoldersPerTest } from '../../support/temp-folder.ts';
import { expectNoMarkup, expectPrepareKeepsShape, idsByUrl } from './generator-checks.ts';

const freshFolder = tempFoldersPerTest();

const site = path.resolve(import.meta.dirname, '../../fixtures/generators/nextra');
const contentDir = path.join(site, 'content');

interface Expected {
  readonly pages: readonly { readonly url: string; readonly ids: readonly string[] }[];
}

describe('nextra generator', () => {
  it('builds the fixture with exactly the expected urls and ids (expected.json)', async () => {
    const content = await loadContent({ contentDir, siteUrl: '', generator: 'nextra' });
    const expected = JSON.parse(await readFile(path.join(site, 'expected.json'), 'utf8')) as Expected;
    expect(idsByUrl(content.sections)).toEqual(Object.fromEntries(expected.pages.map((page) => [page.url, page.ids])));
  });

  it('gives the ids github-slugger gives over the same headings, custom ids slugged and counted', async () => {
    const content = await loadContent({ contentDir, siteUrl: '', generator: 'nextra' });
    const home = content.sections.filter((section) => section.pageSlug === 'index' && section.heading !== null);
    const slugger = new GithubSlugger();
    const expected = home.map((section) => slugger.slug(section.anchor === 'setup' ? 'setup' : (section.heading ?? '')));
    expect(home.map((section) => section.anchor)).toEqual(expected);
    const assign = nextra.headingIds({ customIds: new Set(), source: '' });
    expect(assign({ text: 'Title', customId: null, depth: 1, source: '' })).toBe('title');
    expect(assign({ text: 'Title', customId: null, depth: 2, source: '' })).toBe('title');
    expect(assign({ text: 'Other', customId: 'Title', depth: 2, source: '' })).toBe('title-1');
  });

  it('routes app/, pages/ and content/ files as Next.js does', () => {
    expect(nextraRoute('app/blog/page.mdx')).toBe('blog');
    expect(nextraRoute('app/(marketing)/about/page.md')).toBe('about');
    expect(nextraRoute('app/page.mdx')).toBe('');
    expect(nextraRoute('pages/guide/index.mdx')).toBe('guide');
    expect(nextraRoute('content/docs/API-Keys.mdx')).toBe('docs/API-Keys');
    expect(nextra.isPage('app/blog/notes.mdx')).toBe(false);
    expect(nextra.isPage('app/_drafts/page.mdx')).toBe(false);
    expect(nextra.isPage('pages/_app.mdx')).toBe(false);
    expect(nextra.isPage('docs/[slug].mdx')).toBe(false);
    expect(nextra.isPage('docs/_partial.mdx')).toBe(true);
  });

  it('makes no page of the partials beside pages/ in a Next.js project, and shows their text where imported', async () => {
    const { dir } = await freshFolder({
      'pages/index.mdx': "import Intro from '../components/intro.mdx'\n\n# Lamp\n\n<Intro />\n\n## Install\n\nRun `lamp setup`.\n",
      'pages/guide.md': '# Guide\n\n## Dim\n\nRun `lamp dim 40`.\n',
      'components/intro.mdx': '---\ntitle: Intro\n---\n\nThe lamp lights any room in seconds.\n',
      'src/components/notes.md': '# Notes for maintainers\n',
    });
    const content = await loadContent({ contentDir: dir, siteUrl: '', generator: 'nextra' });
    expect(content.pages.map((page) => page.url)).toEqual(['/guide', '/']);
    expect(content.sections.find((section) => section.id === 'index')?.text).toContain('lights any room');
    expect(Object.keys(content.fileHashes).sort()).toEqual(['components/intro.mdx', 'pages/guide.md', 'pages/index.mdx', 'src/components/notes.md']);
    // a folder that is itself the pages folder routes every file in it
    expect(nextra.unservedFiles?.(['index.mdx', 'components/intro.mdx'])).toEqual(new Set());
  });

  it('leaves searchable: false pages out', () => {
    expect(nextra.hidden({ searchable: false })).toBe(true);
    expect(nextra.hidden({ draft: true })).toBe(false);
  });

  it('is detected from a next.config that uses nextra, and not from a bare Next.js one', async () => {
    expect(await detectGenerator(contentDir)).toEqual({ generator: 'nextra', marker: path.join(site, 'next.config.mjs') });
    expect(nextra.confirms?.('next.config.mjs', 'export default {}')).toBe(false);
  });

  it('keeps no custom-id or component markup in headings and text', async () => {
    const content = await loadContent({ contentDir, siteUrl: '', generator: 'nextra' });
    expectNoMarkup(content.sections, [/\[#/, /<\/?[A-Z]/]);
    expect(content.sections.find((section) => section.anchor === 'stable-link')?.heading).toBe('Custom anchor');
    expect(content.sections.find((section) => section.id === 'docs/Getting-Started#from-the-partial')?.text).toContain('every guide repeats');
  });

  it('prepare keeps length and line breaks', () => {
    expectPrepareKeepsShape(nextra, ['## Title [#custom]', '### A [#b] ##', '[#not-a-heading]', '## [#only]', '<Callout>']);
  });
});

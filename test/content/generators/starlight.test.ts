import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { detectGenerator } from '../../../pipeline/content/generators/detect.ts';
import { starlight, starlightRoute } from '../../../pipeline/content/generators/starlight/index.ts';
import { slugOfPath } from '../../../pipeline/content/generators/url-style.ts';
import { loadContent } from '../../../pipeline/content/index.ts';
import { expectNoMarkup, expectPrepareKeepsShape, idsByUrl } from './generator-checks.ts';

const site = path.resolve(import.meta.dirname, '../../fixtures/generators/starlight');
const contentDir = path.join(site, 'src/content/docs');

interface Expected {
  readonly pages: readonly { readonly url: string; readonly searchable: boolean; readonly anchors: readonly { readonly id: string }[] }[];
}

/** The ids the real Starlight build served (expected.json), for the pages in its search index. */
async function expectedIds(): Promise<Record<string, string[]>> {
  const expected = JSON.parse(await readFile(path.join(site, 'expected.json'), 'utf8')) as Expected;
  const byUrl: Record<string, string[]> = {};
  for (const page of expected.pages.filter((candidate) => candidate.searchable && candidate.url !== '/404/')) {
    const slug = slugOfPath(page.url);
    byUrl[page.url] = [slug, ...page.anchors.map((anchor) => `${slug}#${anchor.id}`)];
  }
  return byUrl;
}

describe('starlight generator', () => {
  it('builds the fixture with the urls and ids of the real Starlight build (expected.json)', async () => {
    const content = await loadContent({ contentDir, siteUrl: '', generator: 'starlight' });
    expect(idsByUrl(content.sections)).toEqual(await expectedIds());
  });

  it('slugs each path segment as Astro does, index naming its folder', () => {
    expect(starlightRoute('guides/Getting Started.md')).toBe('guides/getting-started');
    expect(starlightRoute('reference/index.md')).toBe('reference');
    expect(starlightRoute('index.mdx')).toBe('');
    expect(starlightRoute('src/content/docs/v1.2/Intro.mdx')).toBe('v12/intro');
    expect(starlight.isPage('guides/_shared.mdx')).toBe(false);
  });

  it('leaves drafts and pagefind: false pages out', () => {
    expect(starlight.hidden({ draft: true })).toBe(true);
    expect(starlight.hidden({ pagefind: false })).toBe(true);
    expect(starlight.hidden({ title: 'x' })).toBe(false);
  });

  it('keeps an aside title as text and blanks its markers, not inside code', () => {
    const source = ':::tip[Did you know?]\nBody.\n:::\n```\n:::note\n```\n';
    expect(starlight.prepare(source, 'md')).toBe('Did you know?        \nBody.\n   \n```\n:::note\n```\n');
  });

  it('is detected from an astro.config that uses Starlight, and not from a bare Astro one', async () => {
    expect(await detectGenerator(contentDir)).toEqual({ generator: 'starlight', marker: path.join(site, 'astro.config.mjs') });
    expect(starlight.confirms?.('astro.config.mjs', "import { defineConfig } from 'astro/config';")).toBe(false);
  });

  it('keeps no aside or component markup in headings and text', async () => {
    const content = await loadContent({ contentDir, siteUrl: '', generator: 'starlight' });
    expectNoMarkup(content.sections, [/:::/, /<\/?[A-Z]/, /\[!/]);
    const tip = content.sections.find((section) => section.anchor === 'configure-the-basics-part-1');
    expect(tip?.text).toContain('Did you know?');
    const shared = content.sections.find((section) => section.anchor === 'shared-setup');
    expect(shared?.text).toContain('lantern init');
  });

  it('prepare keeps length and line breaks', () => {
    expectPrepareKeepsShape(starlight, [':::note', ':::tip[A title]', '::::caution{icon="x"}', ':::', "## What's next -- and...", '## "quoted" `code --x`', ':::danger[]']);
  });
});

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import slugify from '@sindresorhus/slugify';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { detectGenerator } from '../../../pipeline/content/generators/detect.ts';
import { mintlify, mintlifyRoute } from '../../../pipeline/content/generators/mintlify/index.ts';
import { mintlifyRawSlug } from '../../../pipeline/content/generators/mintlify/slug.ts';
import { educateHeadingText } from '../../../pipeline/content/generators/smart-punctuation.ts';
import { slugOfPath } from '../../../pipeline/content/generators/url-style.ts';
import { loadContent } from '../../../pipeline/content/index.ts';
import { expectNoMarkup, expectPrepareKeepsShape, idsByUrl } from './generator-checks.ts';

/** The site's root is its content folder; our README.md beside the pages is left out of it. */
const site = path.resolve(import.meta.dirname, '../../fixtures/generators/mintlify');

interface Expected {
  readonly pages: readonly { readonly file: string; readonly url: string; readonly anchors: readonly { readonly id: string }[] }[];
}

/** Mintlify's title slug written with the library it calls (`@sindresorhus/slugify` 2.2.0), for comparison. */
function librarySlug(title: string): string {
  const encoded = encodeURIComponent(title.toLowerCase().trim().replace(/\s+/g, '-'));
  if (/%[0-9A-F]{2}/.test(encoded)) return slugify(encoded, { decamelize: false, preserveCharacters: ['%', '_'], lowercase: false });
  return slugify(encoded, { decamelize: false, preserveCharacters: ['_'] });
}

describe('mintlify generator', () => {
  it("builds the fixture with the ids Mintlify's own code gives (expected.json)", async () => {
    const content = await loadContent({ contentDir: site, siteUrl: '', generator: 'mintlify', exclude: ['README.md'] });
    const expected = JSON.parse(await readFile(path.join(site, 'expected.json'), 'utf8')) as Expected;
    const visible = expected.pages.filter((page) => page.file !== 'guides/hidden.mdx'); // noindex: true
    const byUrl = Object.fromEntries(
      visible.map((page) => {
        const slug = slugOfPath(page.url);
        return [page.url, [slug, ...page.anchors.map((anchor) => `${slug}#${anchor.id}`)]];
      }),
    );
    expect(idsByUrl(content.sections)).toEqual(byUrl);
  });

  it('slugs titles as @sindresorhus/slugify does on the percent-encoded title', () => {
    const titles = ["What’s next?", 'Release v1.2 (beta)', 'A/B & C testing', 'Café au lait', 'getUserName API', "Don't stop", 'it s', '__init__ files', '100% done', 'Ünïcödé — “quoted”', '--force flag', 'a  -  b'];
    for (const title of titles) expect(mintlifyRawSlug(title), title).toBe(librarySlug(title));
    fc.assert(
      fc.property(fc.string({ maxLength: 24 }), (title) => {
        expect(mintlifyRawSlug(title)).toBe(librarySlug(title));
      }),
      { numRuns: 500 },
    );
  });

  it('educates quotes, dashes and ellipses in prose but not in code or tags', () => {
    expect(educateHeadingText("What's next?")).toBe('What’s next?');
    expect(educateHeadingText('"Quoted" -- ok...')).toBe('“Quoted” — ok…');
    expect(educateHeadingText("The `--force` and `it's` code")).toBe("The `--force` and `it's` code");
    expect(educateHeadingText('Badge <Badge text="New" />')).toBe('Badge <Badge text="New" />');
    expect(educateHeadingText("the '90s")).toBe('the ’90s');
  });

  it('routes by path, index naming its folder, and keeps snippets out', () => {
    expect(mintlifyRoute('index.mdx')).toBe('');
    expect(mintlifyRoute('guides/index.mdx')).toBe('guides');
    expect(mintlifyRoute('api-reference/Users.mdx')).toBe('api-reference/Users');
    expect(mintlify.isPage('snippets/shared.mdx')).toBe(false);
    expect(mintlify.hidden({ noindex: true })).toBe(true);
  });

  it('is detected from docs.json (a Mintlify one) or mint.json', async () => {
    expect(await detectGenerator(site)).toEqual({ generator: 'mintlify', marker: path.join(site, 'docs.json') });
    expect(mintlify.confirms?.('/x/docs.json', '{"title": "something else"}')).toBe(false);
    expect(mintlify.confirms?.('/x/mint.json', null)).toBe(true);
  });

  it('keeps no custom-id or component markup in headings and text, and reads component titles', async () => {
    const content = await loadContent({ contentDir: site, siteUrl: '', generator: 'mintlify', exclude: ['README.md'] });
    expectNoMarkup(content.sections, [/\{#/, /<\/?[A-Z]/]);
    expect(content.sections.find((section) => section.anchor === 'my-anchor')?.heading).toBe('Stable anchor');
    expect(content.sections.find((section) => section.anchor === 'troubleshooting')?.text).toContain('The login fails');
    expect(content.sections.find((section) => section.anchor === 'from-a-snippet')?.text).toContain('imports this snippet');
  });

  it('prepare keeps length and line breaks', () => {
    expectPrepareKeepsShape(mintlify, ['## Title {#custom}', "## What's new -- in 2.0...", '## "a" `b "c"`', '{#x}', '<Note>', '## <Badge text="x" /> y']);
  });
});

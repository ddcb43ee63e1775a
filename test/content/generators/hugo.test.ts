import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { detectGenerator } from '../../../pipeline/content/generators/detect.ts';
import { hugo } from '../../../pipeline/content/generators/hugo/index.ts';
import { goldmarkHeadingLine, hugoAnchor, hugoHeadingIds } from '../../../pipeline/content/generators/hugo/ids.ts';
import { hugoPathSegment } from '../../../pipeline/content/generators/hugo/route.ts';
import { loadContent, readPage } from '../../../pipeline/content/index.ts';
import { slugOfPath } from '../../../pipeline/content/generators/url-style.ts';
import { expectNoMarkup, expectPrepareKeepsShape, idsByUrl } from './generator-checks.ts';

const site = path.resolve(import.meta.dirname, '../../fixtures/generators/hugo');
const contentDir = path.join(site, 'content');

interface Expected {
  readonly pages: readonly { readonly url: string; readonly anchors: readonly { readonly depth: number; readonly id: string }[] }[];
}

async function expectedIds(): Promise<Record<string, string[]>> {
  const expected = JSON.parse(await readFile(path.join(site, 'expected.json'), 'utf8')) as Expected;
  const byUrl: Record<string, string[]> = {};
  for (const page of expected.pages) {
    const slug = slugOfPath(page.url);
    byUrl[page.url] = [slug, ...page.anchors.map((anchor) => `${slug}#${anchor.id}`)];
  }
  return byUrl;
}

describe('hugo generator', () => {
  it('builds the fixture with the urls and ids the real Hugo gave (expected.json)', async () => {
    const content = await loadContent({ contentDir, siteUrl: '', generator: 'hugo' });
    expect(idsByUrl(content.sections)).toEqual(await expectedIds());
  });

  it('makes ids from the raw heading line as Goldmark does (link targets, `__`, entities included)', () => {
    const read = readPage('raw.md', '## See [a](https://b.org)\n\n## Use __init__\n', { siteUrl: '', generator: 'hugo' });
    expect(read?.sections.map((section) => section.anchor)).toEqual([null, 'see-ahttpsborg', 'use-__init__']);
    expect(hugoAnchor(goldmarkHeadingLine('## See [the guide](https://example.org/guide)'))).toBe('see-the-guidehttpsexampleorgguide');
    expect(hugoAnchor(goldmarkHeadingLine('## Use __init__ files'))).toBe('use-__init__-files');
    expect(hugoAnchor(goldmarkHeadingLine('## Fish &amp; chips'))).toBe('fish-amp-chips');
    expect(hugoAnchor(goldmarkHeadingLine('## Trailing hashes ##'))).toBe('trailing-hashes');
    expect(hugoAnchor(goldmarkHeadingLine('## Styled heading {.wide}'))).toBe('styled-heading');
    expect(hugoAnchor(goldmarkHeadingLine('Setext heading\n--------------'))).toBe('setext-heading');
    expect(hugoAnchor('')).toBe('heading');
  });

  it('counts ids in document order: a custom id is remembered for later headings only, as Goldmark does', () => {
    const assign = hugoHeadingIds();
    expect(assign({ text: 'my-id', customId: null, depth: 2, source: '' })).toBe('my-id');
    expect(assign({ text: 'Custom', customId: 'my-id', depth: 2, source: '' })).toBe('my-id');
    expect(assign({ text: 'my-id', customId: null, depth: 2, source: '' })).toBe('my-id-1');
  });

  it('sanitises path segments as Hugo does', () => {
    expect(hugoPathSegment('A - B (c)')).toBe('a-b-c');
    expect(hugoPathSegment('Foo!Bar')).toBe('foobar');
    expect(hugoPathSegment('x  y')).toBe('x-y');
    expect(hugoPathSegment('UPPER_case.v2')).toBe('upper_case.v2');
    expect(hugoPathSegment('Über Café')).toBe('über-café');
  });

  it('serves every page as .html with uglyURLs, sections included', () => {
    const ugly = { trailingSlash: false, htmlExtension: true };
    expect(hugo.route({ file: 'docs/_index.md', frontmatter: {}, body: '' }, ugly)).toBe('docs.html');
    expect(hugo.route({ file: 'docs/Intro.md', frontmatter: {}, body: '' }, ugly)).toBe('docs/intro.html');
    expect(hugo.route({ file: '_index.md', frontmatter: {}, body: '' }, ugly)).toBe('');
  });

  it('leaves drafts, headless bundles and render: never pages out', () => {
    expect(hugo.hidden({ draft: true })).toBe(true);
    expect(hugo.hidden({ headless: true })).toBe(true);
    expect(hugo.hidden({ _build: { render: 'never' } })).toBe(true);
    expect(hugo.hidden({ build: { render: false } })).toBe(true);
    expect(hugo.hidden({ build: { list: 'never' } })).toBe(false);
  });

  it('is detected from the hugo.toml of the site', async () => {
    const detected = await detectGenerator(contentDir);
    expect(detected).toEqual({ generator: 'hugo', marker: path.join(site, 'hugo.toml') });
  });

  it('keeps no shortcode or attribute markup in headings and text', async () => {
    const content = await loadContent({ contentDir, siteUrl: '', generator: 'hugo' });
    expectNoMarkup(content.sections, [/\{\{[<%]/, /[>%]\}\}/, /\{#/, /\{\./]);
    const configure = content.sections.find((section) => section.anchor === 'configure-it-step-1-of-3');
    expect(configure?.text).toContain('Linux');
  });

  it('prepare keeps length and line breaks', () => {
    expectPrepareKeepsShape(hugo, ['{{< note title="T" >}}', '{{< /note >}}', '{{% tab name="x" %}}', '{{</* note */>}}', '## A {#id}', '## B {.c #d k="v"}', '{{< x', 'y >}}']);
  });
});

import { describe, expect, it } from 'vitest';
import { createLinkResolver, type LinkResolver } from '../../pipeline/compile/resolve-links.ts';
import type { Page } from '../../pipeline/types.ts';

function page(file: string, url: string, title = file): Page {
  return { file, format: file.endsWith('.mdx') ? 'mdx' : 'md', slug: url.replace(/^\/|\/$/g, '') || 'index', url, title, description: null, group: null, kind: 'guide' };
}

/** A small site of plain urls: the link rewriting of its pages and their section urls. */
function site(pages: readonly Page[], anchors: Readonly<Record<string, readonly string[]>> = {}): LinkResolver {
  const urls = new Set(pages.flatMap((one) => [one.url, ...(anchors[one.url] ?? []).map((anchor) => `${one.url}#${anchor}`)]));
  return createLinkResolver(pages, urls);
}

const home = page('index.md', '/', 'Home');
const install = page('guide/install.md', '/guide/install', 'Install');
const configure = page('guide/configure.mdx', '/guide/configure', 'Configure');
const flags = page('reference/flags.md', '/reference/flags', 'Flags');
const plain = site([home, install, configure, flags], { '/guide/install': ['download', 'café'], '/reference/flags': ['global-flags'] });

function resolved(markdown: string, from: Page = install, where = plain): string {
  return where(markdown, from);
}

describe('createLinkResolver', () => {
  it('turns links to content files into page urls, with the anchor when it is a section', () => {
    expect(resolved('[a](./configure.mdx) [b](../reference/flags.md#global-flags) [c](configure.mdx)')).toBe('[a](/guide/configure) [b](/reference/flags#global-flags) [c](/guide/configure)');
    expect(resolved('[home](../index.md) [self](#download) [self2](install.md#caf%C3%A9)')).toBe('[home](/) [self](/guide/install#download) [self2](/guide/install#café)');
  });

  it('reads a content-file link that is not next to the page from the content root, as Docusaurus does', () => {
    expect(resolved('[f](reference/flags.md) [i](index.md)')).toBe('[f](/reference/flags) [i](/)');
  });

  it('links to the page alone when the anchor is not one of its sections', () => {
    expect(resolved('[deep](./install.md#a-deep-heading) [here](#nowhere)')).toBe('[deep](/guide/install) [here](/guide/install)');
  });

  it('reads site paths and extensionless links as the browser does, against the page url', () => {
    expect(resolved('[a](/reference/flags) [b](/reference/flags/) [c](../reference/flags#global-flags) [d](configure) [e](/guide/configure.html?x=1)')).toBe(
      '[a](/reference/flags) [b](/reference/flags) [c](/reference/flags#global-flags) [d](/guide/configure) [e](/guide/configure)',
    );
  });

  it('reads relative links of a trailing-slash site against the page url, and keeps the site url of absolute pages', () => {
    const slashed = [page('guide/install.md', 'https://docs.example.com/guide/install/'), page('reference/flags.md', 'https://docs.example.com/reference/flags/')];
    const where = site(slashed);
    expect(resolved('[f](../../reference/flags/) [g](/reference/flags/) [h](../../reference/flags.md)', slashed[0], where)).toBe(
      '[f](https://docs.example.com/reference/flags/) [g](https://docs.example.com/reference/flags/) [h](https://docs.example.com/reference/flags/)',
    );
  });

  it('turns a link to anything that is not a page of the digest into its text', () => {
    expect(resolved('See [the **old** page](./old.md), [a file](./setup.sh) and [ftp](ftp://x.example/y).')).toBe('See the **old** page, a file and ftp.');
  });

  it('keeps http, https and mailto links, and autolinks, as written', () => {
    const text = 'Mail [us](mailto:a@example.com), read [it](https://example.com/x.md "The title") or <https://example.com>.';
    expect(resolved(text)).toBe(text);
  });

  it('makes a local image its alt text and keeps a remote one, also inside a link', () => {
    expect(resolved('![diagram](./d.png) ![remote](https://example.com/d.png) [![logo](./logo.svg)](./configure.mdx)')).toBe(
      'diagram ![remote](https://example.com/d.png) [logo](/guide/configure)',
    );
  });

  it('resolves reference links through their definitions, and drops a definition that goes nowhere', () => {
    const text = ['Read [the flags][flags] and [the old page][old].', '', '[flags]: ../reference/flags.md "Flags"', '[old]: ./old.md', '', 'End.', ''].join('\n');
    expect(resolved(text)).toBe(['Read [the flags][flags] and the old page.', '', '[flags]: /reference/flags "Flags"', '', 'End.', ''].join('\n'));
  });

  it('keeps a title and puts a url with spaces in angle brackets', () => {
    const spaced = [page('guide/a.md', '/guide/a'), page('guide/Getting Started.md', '/guide/Getting Started')];
    expect(resolved('[s](<./Getting Started.md> "Start")', spaced[0], site(spaced))).toBe('[s](</guide/Getting Started> "Start")');
  });

  it('leaves code untouched', () => {
    const text = 'Write `[x](./configure.mdx)` or\n\n```md\n[x](./configure.mdx)\n```\n';
    expect(resolved(text)).toBe(text);
  });

  it('changes nothing else of the text', () => {
    const text = '# Title\n\n| a | b |\n|---|---|\n| [x](./configure.mdx) | *y* |\n\n- item  \n  next\n';
    expect(resolved(text)).toBe(text.replace('./configure.mdx', '/guide/configure'));
  });
});

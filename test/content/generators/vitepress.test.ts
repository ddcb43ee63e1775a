import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { slugify as mditVueSlugify } from '@mdit-vue/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { detectGenerator } from '../../../pipeline/content/generators/detect.ts';
import { vitepress } from '../../../pipeline/content/generators/vitepress/index.ts';
import { slugOfPath } from '../../../pipeline/content/generators/url-style.ts';
import { loadContent } from '../../../pipeline/content/index.ts';
import { readPage } from '../../../pipeline/content/page.ts';
import type { Section } from '../../../pipeline/types.ts';

const fixture = fileURLToPath(new URL('../../fixtures/generators/vitepress/', import.meta.url));
const siteDir = `${fixture}site`;
const SITE_URL = 'https://lantern.example';

/** expected.json: what the real VitePress build made of the fixture site (see the README beside it). */
interface ExpectedPage {
  readonly file: string;
  readonly url: string;
  readonly inSearchIndex: boolean;
  readonly headings: readonly { readonly depth: number; readonly id: string; readonly text: string }[];
}

async function expectedPages(): Promise<ExpectedPage[]> {
  return (JSON.parse(await readFile(`${fixture}expected.json`, 'utf8')) as { pages: ExpectedPage[] }).pages;
}

/** The fixture as VitePress sees it: `parts/` is the config's `srcExclude`. */
function loadFixture(urlStyle?: { trailingSlash: boolean; htmlExtension: boolean }) {
  return loadContent({ contentDir: siteDir, siteUrl: SITE_URL, generator: 'vitepress', exclude: ['parts/**'], ...(urlStyle ? { urlStyle } : {}) });
}

function sectionNamed(sections: readonly Section[], id: string): Section {
  const section = sections.find((candidate) => candidate.id === id);
  if (!section) throw new Error(`no section ${id}`);
  return section;
}

describe('vitepress fixture site', () => {
  it('builds with the urls and ##/### anchors of the real VitePress build, the search-hidden page left out', async () => {
    const { pages, sections } = await loadFixture();
    const expected = (await expectedPages()).filter((page) => page.inSearchIndex);
    expect(pages.map((page) => [page.file, page.url])).toEqual(expected.map((page) => [page.file, `${SITE_URL}${page.url}`]));
    const wanted = expected.flatMap((page) => {
      const slug = slugOfPath(page.url);
      const intro = [slug, `${SITE_URL}${page.url}`];
      const headings = page.headings.filter((heading) => heading.depth === 2 || heading.depth === 3);
      return [intro, ...headings.map((heading) => [`${slug}#${heading.id}`, `${SITE_URL}${page.url}#${heading.id}`])];
    });
    expect(sections.map((section) => [section.id, section.url])).toEqual(wanted);
  });

  it('gives the heading texts VitePress shows, without badges, emoji codes or {#id}', async () => {
    const { sections } = await loadFixture();
    const headings = new Map(sections.map((section) => [section.id, section.heading]));
    expect(headings.get('guide/config#output')).toBe('The output option');
    expect(headings.get('guide/config#cache')).toBe('Cache');
    expect(headings.get('guide/config#watch-boolean')).toBe('watch: boolean');
    expect(headings.get('guide/config#plugins')).toBe('Plugins');
    expect(headings.get('guide/config#setext-custom')).toBe('Setext style heading');
    expect(headings.get('guide/config#defaults')).toBe('Defaults');
    expect(headings.get('guide#_1-install')).toBe('1. Install');
  });

  it('reads containers and alerts as prose: markers gone, custom titles kept', async () => {
    const { sections } = await loadFixture();
    const requirements = sectionNamed(sections, 'guide/install#requirements').text;
    expect(requirements).toContain('Before you start\nRemove any older global install first.');
    expect(requirements).toContain('Version matrix');
    expect(requirements).not.toContain('{open}');
    const managers = sectionNamed(sections, 'guide/install#package-managers').text;
    expect(managers).toContain('npm install lantern');
    expect(managers).toContain('The package has no native dependencies.');
    expect(managers).toContain('Proxy users');
    expect(managers).toContain('Nested boxes');
    expect(managers).toContain('Careful\nNever run the installer as root.');
    expect(sectionNamed(sections, 'guide/install').text).toBe('Use the current long-term support release of Node.js.');
  });

  it('expands includes: whole files without their frontmatter, regions, heading sections and line ranges', async () => {
    const { sections } = await loadFixture();
    const text = (id: string) => sectionNamed(sections, id).text;
    expect(text('guide/install#shared-setup')).toBe('Create a lantern.config.js file at the root of the project.');
    expect(text('guide/install#configure-the-output')).toContain('Pick the folder the built files go to.\nCheck the Node.js version');
    expect(text('guide/install#only-the-checklist')).toBe('Check the Node.js version\nCheck write access to the output folder');
    expect(text('guide/install#troubleshooting-steps')).toBe('If a build stops halfway, run it again with --verbose.\nThen read the log file it leaves behind.');
    expect(text('guide/install#two-lines-of-the-faq')).toBe('If a build stops halfway, run it again with --verbose.\nThen read the log file it leaves behind.');
    expect(sections.map((section) => section.text).join('\n')).not.toContain('frontmatter of a partial');
  });

  it('lets no VitePress markup, script or style reach a heading or a text', async () => {
    const { sections } = await loadFixture();
    const markup = [':::', '[!NOTE]', '[!WARNING]', '{#', '{.', '{open}', '<Badge', '[[toc]]', '<<<', '@include', ':rocket:', 'const release', '.api-note'];
    for (const section of sections) {
      for (const fragment of markup) {
        expect(section.heading ?? '', section.id).not.toContain(fragment);
        expect(section.text, section.id).not.toContain(fragment);
      }
    }
  });

  it('spells urls with .html when asked, folder indexes keeping their slash', async () => {
    const { pages } = await loadFixture({ trailingSlash: false, htmlExtension: true });
    expect(pages.map((page) => page.url.slice(SITE_URL.length))).toEqual([
      '/guide/config.html', '/guide/', '/guide/install.html', '/guide/legacy.html', '/', '/reference/README.html', '/reference/api.html',
    ]);
  });

  it('is detected from its .vitepress folder', async () => {
    expect(await detectGenerator(siteDir)).toEqual({ generator: 'vitepress', marker: `${siteDir}/.vitepress` });
    expect(await detectGenerator(`${siteDir}/guide`)).toMatchObject({ generator: 'vitepress' });
  });
});

describe('vitepress conventions', () => {
  it('takes only .md files outside node_modules and dist as pages, and not dynamic route templates', () => {
    expect(['a.md', 'guide/b.md', 'c.mdx', 'node_modules/x/d.md', 'dist/e.md', 'pkgs/[name].md'].filter((file) => vitepress.isPage(file))).toEqual(['a.md', 'guide/b.md']);
  });

  it('places a page by its path alone: index.md names its folder, README.md and frontmatter slugs do not', () => {
    const route = (file: string, frontmatter: Record<string, unknown> = {}) => vitepress.route({ file, frontmatter, body: '' }, vitepress.urlStyle);
    expect([route('index.md'), route('guide/index.md'), route('guide/README.md'), route('a/b.md', { slug: 'elsewhere', permalink: '/x' })]).toEqual(['', 'guide/', 'guide/README', 'a/b']);
  });

  it('hides a page only for search: false', () => {
    expect([vitepress.hidden({ search: false }), vitepress.hidden({ search: 'false' }), vitepress.hidden({ draft: true }), vitepress.hidden({})]).toEqual([true, false, false, false]);
  });

  it('numbers duplicates the way the anchor plugin does, and lets a custom id win', () => {
    const ids = vitepress.headingIds({ customIds: new Set(), source: '' });
    const texts = ['Dup', 'Dup', 'Dup-1', 'Dup', 'Setup'];
    expect(texts.map((text) => ids({ text, customId: null, depth: 2, source: '' }))).toEqual(['dup', 'dup-1', 'dup-1-1', 'dup-2', 'setup']);
    expect(ids({ text: 'Anything', customId: 'setup', depth: 2, source: '' })).toBe('setup-1');
    expect(ids({ text: 'Own', customId: 'own-id', depth: 3, source: '' })).toBe('own-id');
  });

  it('slugs exactly as @mdit-vue/shared does', () => {
    const ids = () => vitepress.headingIds({ customIds: new Set(), source: '' });
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.constantFrom('1. Setup', 'Café “quoted”', '設定 ファイル', 'a\tb', '--x--', '✅ Do')), (text) => {
        expect(ids()({ text, customId: null, depth: 2, source: '' })).toBe(mditVueSlugify(text));
      }),
    );
  });

  it('reads custom ids as markdown-it-attrs does', () => {
    expect(vitepress.customId('## Title {#my-id}')).toBe('my-id');
    expect(vitepress.customId('## Title {#my-id} ##')).toBe('my-id');
    expect(vitepress.customId('## Multiple {#a} {#b}')).toBe('b');
    expect(vitepress.customId('## Key {id=kv .cls}')).toBe('kv');
    expect(vitepress.customId('Setext {#under}\n---')).toBe('under');
    expect(vitepress.customId('## Class only {.cls}')).toBeNull();
    expect(vitepress.customId('## {{ $frontmatter.title }}')).toBeNull();
    expect(vitepress.customId('## In code `{#no}`')).toBeNull();
  });

  it('leaves a missing or outside include as written, and does not follow a cycle', async () => {
    const files: Record<string, string> = { 'a.md': 'A\n<!--@include: ./b.md-->', 'b.md': 'B\n<!--@include: ./a.md-->' };
    const read = (file: string) => Promise.resolve(files[file] ?? null);
    const expand = vitepress.expandIncludes?.bind(vitepress);
    if (!expand) throw new Error('vitepress expands includes');
    expect(await expand('p.md', '<!--@include: ./none.md-->', read)).toBe('<!--@include: ./none.md-->');
    expect(await expand('p.md', '<!--@include: ../../etc/passwd-->', read)).toBe('<!--@include: ../../etc/passwd-->');
    expect(await expand('a.md', files['a.md'] ?? '', read)).toBe('A\nB\n<!--@include: ./a.md-->');
    expect(await expand('p.md', '<!--@include: ./b.md{5,9}-->', read)).toBe('<!--@include: ./b.md{5,9}-->');
  });
});

describe('vitepress prepare', () => {
  const snippets = fc.constantFrom(
    '::: tip', '::: warning Careful now', ':::', '::::', ':::: info Outer', '::: details Click {open}', '::: code-group', '::: details 1. Step',
    '> [!NOTE]', '> [!TIP] Custom', '## Title {#custom}', '## Title {.cls}', 'Setext {#id}', '---', '===', '## Emoji :tada: here',
    '[[toc]]', '<<< @/snippets/a.js{2}', '```md', '```', '~~~', '<script setup>', '</script>', '<style>', '</style>', '# {{ $frontmatter.title }}',
    '<!--@include: ./x.md-->', '\r', '\t', '  ::: tip', '> ::: tip',
  );
  const page = fc.array(fc.oneof(snippets, fc.string({ maxLength: 20 }), fc.string({ unit: 'binary', maxLength: 10 })), { maxLength: 30 }).map((lines) => lines.join('\n'));

  it('keeps the length and every line break in place', () => {
    fc.assert(
      fc.property(page, (source) => {
        const prepared = vitepress.prepare(source, 'md');
        expect(prepared.length).toBe(source.length);
        const breaks = (text: string) => [...text].flatMap((char, at) => (char === '\n' ? [at] : []));
        expect(breaks(prepared)).toEqual(breaks(source));
      }),
      { numRuns: 500 },
    );
  });

  it('blanks markers outside code and leaves code alone', () => {
    const source = '::: tip Mind this\ntext\n:::\n```md\n::: tip\n```\n> [!NOTE] Heads up\n> body\n## Title {#custom}\n';
    expect(vitepress.prepare(source, 'md').split('\n')).toEqual([
      'Mind this        ', 'text', '   ', '```md', '::: tip', '```', '>         Heads up', '> body', '## Title          ', '',
    ]);
  });
});

describe('an untitled VitePress landing page', () => {
  const landing = '---\nlayout: home\nhero:\n  name: Lantern\n  text: Lights for docs\n---\n\nSome words.\n';

  it('is named by its hero, as the live site names it', () => {
    expect(readPage('index.md', landing, { siteUrl: '', generator: 'vitepress' })?.page.title).toBe('Lantern');
  });

  it('keeps the file name under plain, whose title rule is the contract’s', () => {
    expect(readPage('index.md', landing, { siteUrl: '', generator: 'plain' })?.page.title).toBe('index');
  });
});

import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Nodes } from 'mdast';
import { describe, expect, it } from 'vitest';
import { detectGenerator } from '../../../pipeline/content/generators/detect.ts';
import { mkdocs } from '../../../pipeline/content/generators/mkdocs/index.ts';
import { blogPostRoute } from '../../../pipeline/content/generators/mkdocs/blog.ts';
import { pymdownxSlug, pythonMarkdownSlug, uniqueHeadingId } from '../../../pipeline/content/generators/mkdocs/slugify.ts';
import { expandSnippets } from '../../../pipeline/content/generators/mkdocs/snippets.ts';
import { slugOfPath } from '../../../pipeline/content/generators/url-style.ts';
import { loadContent, parseMarkdown } from '../../../pipeline/content/index.ts';
import type { Section } from '../../../pipeline/types.ts';
import { expectNoMarkup, expectPrepareKeepsShape } from './generator-checks.ts';

const fixture = fileURLToPath(new URL('../../fixtures/generators/mkdocs/', import.meta.url));
const docsDir = `${fixture}docs`;
const SITE_URL = 'https://lantern.example';

/** expected.json: what MkDocs and Python-Markdown made of the fixture site (see the README beside it). */
interface ExpectedPage {
  readonly file: string;
  readonly url: string;
  readonly hidden: boolean;
  readonly headings: readonly { readonly level: number; readonly id: string }[];
}

async function expectedPages(): Promise<ExpectedPage[]> {
  const pages = (JSON.parse(await readFile(`${fixture}expected.json`, 'utf8')) as { pages: ExpectedPage[] }).pages;
  return pages.map((page) => ({ ...page, url: page.url === './' ? '' : page.url }));
}

function loadFixture(urlStyle?: { trailingSlash: boolean; htmlExtension: boolean }) {
  return loadContent({ contentDir: docsDir, siteUrl: SITE_URL, generator: 'mkdocs', ...(urlStyle ? { urlStyle } : {}) });
}

function sectionNamed(sections: readonly Section[], id: string): Section {
  const section = sections.find((candidate) => candidate.id === id);
  if (!section) throw new Error(`no section ${id}`);
  return section;
}

/** What must never reach a heading or a text: admonition, details and tab markers, attribute lists, shortcodes, snippets, footnote marks. */
const MKDOCS_MARKUP = [/!!!/, /\?\?\?/, /=== "/, /\s\{:? ?[#.]/, /[)\]]\{/, /\{ ?id=/, /:[a-z]+(?:-[a-z]+)+:/, /:smile:/, /--8<--/, /\[\^/];

describe('mkdocs fixture site', () => {
  it('builds with the urls and ##/### anchors MkDocs gives, hidden pages and non-pages left out', async () => {
    const { pages, sections } = await loadFixture();
    const expected = (await expectedPages()).filter((page) => !page.hidden);
    expect(pages.map((page) => [page.file, page.url])).toEqual(expected.map((page) => [page.file, `${SITE_URL}/${page.url}`]));
    const wanted = expected.flatMap((page) => {
      const slug = slugOfPath(page.url);
      const headings = page.headings.filter((heading) => heading.level === 2 || heading.level === 3);
      return [slug, ...headings.map((heading) => `${slug}#${heading.id}`)];
    });
    expect(sections.map((section) => section.id)).toEqual(wanted);
  });

  it('finds the site by its mkdocs.yml beside the docs folder', async () => {
    const detected = await detectGenerator(docsDir);
    expect(detected.generator).toBe('mkdocs');
    expect(detected.marker).toBe(`${fixture}mkdocs.yml`);
  });

  it('spells urls as use_directory_urls: false does with --html-extension', async () => {
    const { pages } = await loadFixture({ trailingSlash: false, htmlExtension: true });
    const urls = new Map(pages.map((page) => [page.file, page.url]));
    expect(urls.get('getting-started.md')).toBe(`${SITE_URL}/getting-started.html`);
    expect(urls.get('guide/index.md')).toBe(`${SITE_URL}/guide/`);
    expect(urls.get('blog/posts/hello.md')).toBe(`${SITE_URL}/blog/2024/03/05/hello-lantern-our-first-post.html`);
  });

  it('reads admonitions, tabs, details, definitions and footnotes as prose, with their titles, and no markup anywhere', async () => {
    const { sections } = await loadFixture();
    expectNoMarkup(sections, MKDOCS_MARKUP);
    expect(sectionNamed(sections, 'index#overview').text).toContain('Before you begin\nYou need a lamp and a socket.');
    expect(sectionNamed(sections, 'guide#tabs').text).toBe('Linux\nRun the installer from a terminal.');
    expect(sectionNamed(sections, 'guide#linux-notes').text).toBe('./install.sh --prefix ~/.local\nWindows\nDouble-click the installer.');
    expect(sectionNamed(sections, 'guide#windows-notes').text).toBe('Allow it through the firewall.');
    expect(sectionNamed(sections, 'guide#collapsible-blocks').text).toBe(
      'Why is the lamp blinking?\nBecause its schedule is off by one minute.\nExpanded from the start, and without a title of its own.',
    );
    expect(sectionNamed(sections, 'guide#definitions').text).toBe('Dimmer\nA control that changes brightness. This definition\ngoes on over an indented line.\ndimmer: 50');
    expect(sectionNamed(sections, 'guide#footnotes').text).toBe('Lamps last a long time.\nUp to ten thousand hours, says the pretend vendor.');
    expect(sectionNamed(sections, 'guide/scheduling#a-heading-inside-an-example').text).toBe('Once the body moves left, this heading starts a section of its own.\nNested details\nTwo levels deep, still prose.');
  });

  it('keeps fenced code as code and turns no indented body into code', async () => {
    for (const file of ['index.md', 'guide/index.md', 'guide/scheduling.md', 'getting-started.md']) {
      const source = await readFile(`${docsDir}/${file}`, 'utf8');
      const codes: string[] = [];
      const walk = (node: Nodes): void => {
        if (node.type === 'code') codes.push(`${node.lang ?? ''}:${node.value.trimEnd()}`); // a moved indentation trails the line
        if ('children' in node) for (const child of node.children as Nodes[]) walk(child);
      };
      walk(parseMarkdown(mkdocs.prepare(source, 'md'), 'md'));
      const fenced = { 'guide/index.md': ['bash:./install.sh --prefix ~/.local', 'yaml:dimmer: 50'] }[file] ?? [];
      expect(codes, file).toEqual(fenced);
    }
  });

  it('gives the heading texts the site shows: no attribute list, no emoji code, glued braces kept', async () => {
    const { sections } = await loadFixture();
    const headings = new Map(sections.map((section) => [section.id, section.heading]));
    expect(headings.get('getting-started#install')).toBe('Install the lantern CLI');
    expect(headings.get('getting-started#configure')).toBe('Configure it');
    expect(headings.get('getting-started#glued-bracesnot-an-id')).toBe('Glued braces{#not-an-id}');
    expect(headings.get('getting-started#emoji-in-a-heading')).toBe('Emoji in a heading');
    expect(headings.get('reference#brightness')).toBe('Brightness');
    expect(headings.get('guide/scheduling#context')).toBe('Context optional');
    expect(headings.get('guide/scheduling#context_1')).toBe('Context');
  });

  it('follows a snippet into a file the site does not publish', async () => {
    const { sections } = await loadFixture();
    expect(sectionNamed(sections, 'reference#colour-temperature').text).toBe('Warm or cool light, in kelvin.');
  });
});

describe('mkdocs prepare', () => {
  it('keeps the length and the line breaks of any text', () => {
    expectPrepareKeepsShape(mkdocs, [
      '!!! note "Title"', '!!! note', '??? tip', '???+ warning "Open"', '=== "Tab"', '===! "Tab"', '    body', '        deeper',
      '\tbody', ':   definition', 'Term', '[^1]:', '[^1]: note', '## Heading { #id }', '## Title {: .class #x }', '### H :smile:',
      '- :material-check: item', '[link](x){ .md-button }', '{ .annotate }', '`:smile:`', '```py', '    ```', '---', 'Text\r',
      '!!! note "# hash title"', '=== "Tab"\r', ':   !!! note',
    ]);
  });

  it('escapes a title that would start a block of its own and keeps a setext underline below from making it a heading', () => {
    const lines = mkdocs.prepare('!!! note "# Not a heading"\n    body\n', 'md').split('\n');
    expect(lines.map((line) => line.trimEnd())).toEqual(['\\# Not a heading', 'body', '']);
    const underlined = mkdocs.prepare('=== "Tab"\n    ---\n', 'md');
    expect(parseMarkdown(underlined, 'md').children.map((node) => node.type)).toEqual(['thematicBreak']);
  });
});

/** Outputs of Python-Markdown 3.4's `toc.slugify` and pymdownx 9.5's `slugify(case="lower")`, run once on these inputs. */
const SLUGS: readonly (readonly [string, string, string])[] = [
  ['Hello World', 'hello-world', 'hello-world'],
  ['  Leading and trailing  ', 'leading-and-trailing', 'leading-and-trailing'],
  ['a - b', 'a-b', 'a---b'],
  ['C++ & C#', 'c-c', 'c--c'],
  ['snake_case_name', 'snake_case_name', 'snake_case_name'],
  ['Ünïcödé café', 'unicode-cafe', 'ünïcödé-café'],
  ['日本語', '', '日本語'],
  ['\ufb01le ligature', 'file-ligature', '\ufb01le-ligature'],
  ['x\ty', 'x-y', 'xy'],
  ['Version 2.0.1', 'version-201', 'version-201'],
  ['émoji 🎉 party', 'emoji-party', 'émoji--party'],
  ['-dash-', '-dash-', '-dash-'],
];

describe('mkdocs slugs and ids', () => {
  it('slugifies as Python-Markdown (heading ids) and pymdownx (blog posts) do', () => {
    for (const [text, toc, pymdownx] of SLUGS) {
      expect(pythonMarkdownSlug(text), text).toBe(toc);
      expect(pymdownxSlug(text), text).toBe(pymdownx);
    }
  });

  it('counts duplicates on with _1, _2, also from an id that already ends in a count, and never leaves an id empty', () => {
    const used = new Set<string>();
    expect(['a', 'a', 'a_1', '', '', 'a_2'].map((id) => uniqueHeadingId(id, used))).toEqual(['a', 'a_1', 'a_2', '_1', '_2', 'a_3']);
  });

  it('reads the id of a trailing attribute list, in every spelling, the last one winning', () => {
    expect(mkdocs.customId('## Title { #plain }')).toBe('plain');
    expect(mkdocs.customId('## Title {#tight .class}')).toBe('tight');
    expect(mkdocs.customId('## Title {: #colon }')).toBe('colon');
    expect(mkdocs.customId('## Title { id="quoted" }')).toBe('quoted');
    expect(mkdocs.customId("## Title { id='single' data-x=1 }")).toBe('single');
    expect(mkdocs.customId('## Title { data-toc-label="Label" #later }')).toBe('later');
    expect(mkdocs.customId('## Title { #first #second }')).toBe('second');
    expect(mkdocs.customId('    ### Indented { #kept } ##')).toBe('kept');
    expect(mkdocs.customId('## Title{#glued}')).toBeNull();
    expect(mkdocs.customId('## Title { .only-class }')).toBeNull();
    expect(mkdocs.customId('Setext { #under }\n---')).toBe('under');
  });
});

describe('mkdocs urls', () => {
  const route = (file: string, frontmatter: Record<string, unknown> = {}) => mkdocs.route({ file, frontmatter, body: '' }, mkdocs.urlStyle);

  it('serves a page at its folder url, index and README naming their folder, frontmatter slug ignored outside the blog', () => {
    expect(route('index.md')).toBe('');
    expect(route('a/b.md')).toBe('a/b/');
    expect(route('a/index.md')).toBe('a/');
    expect(route('a/README.md')).toBe('a/');
    expect(route('a/readme.md')).toBe('a/readme/');
    expect(route('a/b.md', { slug: 'elsewhere' })).toBe('a/b/');
  });

  it('dates a blog post from date or date.created, its slug from slug, title, or the file name', () => {
    expect(blogPostRoute({ file: 'blog/posts/x.md', frontmatter: { date: '2024-01-31', slug: 'my-slug' }, body: '' })).toBe('blog/2024/01/31/my-slug');
    expect(blogPostRoute({ file: 'blog/posts/x.md', frontmatter: { date: { created: '2023-12-01T08:00:00+02:00' }, title: 'A Title!' }, body: '' })).toBe('blog/2023/12/01/a-title');
    expect(blogPostRoute({ file: 'blog/posts/2024/nested-post.md', frontmatter: { date: new Date(Date.UTC(2022, 1, 3)) }, body: '' })).toBe('blog/2022/02/03/nested-post');
    expect(blogPostRoute({ file: 'blog/posts/x.md', frontmatter: {}, body: '' })).toBeNull();
    expect(blogPostRoute({ file: 'blog/index.md', frontmatter: { date: '2024-01-31' }, body: '' })).toBeNull();
  });

  it('leaves out drafts, search-excluded pages, dot folders, templates/ and .mdx files', () => {
    expect(mkdocs.hidden({ search: { exclude: true } })).toBe(true);
    expect(mkdocs.hidden({ draft: true })).toBe(true);
    expect(mkdocs.hidden({ search: { boost: 2 } })).toBe(false);
    expect(['a.md', '.snippets/x.md', 'templates/x.md', 'x/templates/y.md', 'page.mdx'].map((file) => mkdocs.isPage(file))).toEqual([true, false, false, true, false]);
  });
});

describe('mkdocs snippets', () => {
  const files: Record<string, string> = {
    'inc/a.md': 'A line\n--8<-- "inc/b.md"\n',
    'inc/b.md': 'B line\r\n',
    'inc/loop.md': '--8<-- "inc/loop.md"\nafter\n',
    'inc/parts.md': 'one\n# --8<-- [start:mid]\ntwo\n# --8<-- [end:mid]\nthree\n',
  };
  const read = (file: string) => Promise.resolve(files[file] ?? null);

  it('includes files, nested, indented like the marker, docs/ taken off, a missing one left as written', async () => {
    expect(await expandSnippets('p.md', 'x\n    --8<-- "docs/inc/a.md"\ny', read)).toBe('x\n    A line\n    B line\ny');
    expect(await expandSnippets('p.md', '--8<-- "nope.md"', read)).toBe('--8<-- "nope.md"');
    expect(await expandSnippets('p.md', 'plain text', read)).toBe('plain text');
  });

  it('reads blocks of paths, sections and line ranges, never a file inside itself, and unescapes ;--8<--', async () => {
    expect(await expandSnippets('p.md', '--8<--\ninc/b.md\n; inc/a.md\n--8<--', read)).toBe('B line');
    expect(await expandSnippets('p.md', '--8<-- "inc/parts.md:mid"', read)).toBe('two');
    expect(await expandSnippets('p.md', '--8<-- "inc/parts.md:1:3"', read)).toBe('one\ntwo');
    expect(await expandSnippets('p.md', '--8<-- "inc/loop.md"', read)).toBe('after');
    expect(await expandSnippets('p.md', ';--8<-- "inc/b.md"', read)).toBe('--8<-- "inc/b.md"');
  });
});

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { detectGenerator } from '../../../pipeline/content/generators/detect.ts';
import { docusaurusCustomId, docusaurusHeadingIds } from '../../../pipeline/content/generators/docusaurus/heading-id.ts';
import { docusaurusRoute, withoutNumberPrefix } from '../../../pipeline/content/generators/docusaurus/route.ts';
import { docusaurus } from '../../../pipeline/content/generators/docusaurus/index.ts';
import { BARE_URLS, SLASHED_URLS } from '../../../pipeline/content/generators/url-style.ts';
import { loadContent, parseMarkdown, readPage } from '../../../pipeline/content/index.ts';
import { expectNoMarkup, expectPrepareKeepsShape } from './generator-checks.ts';

const site = path.resolve(import.meta.dirname, '../../fixtures/generators/docusaurus');
const contentDir = path.join(site, 'docs');

interface ExpectedSection {
  readonly id: string;
  readonly heading: string | null;
  readonly url: string;
  readonly text: string;
}
interface Expected {
  readonly siteUrl: string;
  readonly pages: readonly { readonly file: string; readonly slug: string; readonly url: string; readonly title: string; readonly sections: readonly ExpectedSection[] }[];
}

/** Docusaurus syntax that must never reach a heading or a section's text. */
const MARKUP = [/:::/, /\{#/, /\{\/\*/, /^import /m, /^export /m, /mdx-code-block/, /<[A-Z]\w*\s*\/?>/];

/**
 * The live site can give two headings one id; the digest keeps one section per id, the later
 * headings' text joined to the first (chunk.ts, mergeSameIds).
 */
function oneSectionPerId(sections: readonly ExpectedSection[]): ExpectedSection[] {
  const byId = new Map<string, ExpectedSection>();
  for (const section of sections) {
    const first = byId.get(section.id);
    byId.set(section.id, first === undefined ? section : { ...first, text: [first.text, section.text].filter((text) => text !== '').join('\n') });
  }
  return [...byId.values()];
}

const route = (file: string, frontmatter: Record<string, unknown> = {}) => docusaurusRoute({ file, frontmatter, body: '' }, BARE_URLS);

/** An in-memory content folder for expandIncludes. */
const reader = (files: Record<string, string>) => (file: string) => Promise.resolve(files[file] ?? null);

describe('docusaurus generator: the fixture site', () => {
  it('builds with the urls, ids, headings and texts of expected.json (ids and urls from a real Docusaurus 3.10 build)', async () => {
    const expected = JSON.parse(await readFile(path.join(site, 'expected.json'), 'utf8')) as Expected;
    const content = await loadContent({ contentDir, siteUrl: expected.siteUrl, generator: 'docusaurus' });
    const pages = [...content.pages].sort((a, b) => a.file.localeCompare(b.file));
    expect(pages.map(({ file, slug, url, title }) => ({ file, slug, url, title }))).toEqual(expected.pages.map(({ file, slug, url, title }) => ({ file, slug, url, title })));
    for (const page of expected.pages) {
      const built = content.sections.filter((section) => section.pageSlug === page.slug);
      expect(built.map(({ id, heading, url, text }) => ({ id, heading, url, text })), page.file).toEqual(oneSectionPerId(page.sections));
    }
    expectNoMarkup(content.sections, MARKUP);
  });

  it('leaves out drafts, unlisted pages and `_` partials', async () => {
    const content = await loadContent({ contentDir, siteUrl: '', generator: 'docusaurus' });
    const files = content.pages.map((page) => page.file);
    for (const file of ['draft.md', 'unlisted.md', 'guides/_shared-flags.mdx', '_snippets/hint.md']) expect(files).not.toContain(file);
  });

  it('is detected from docusaurus.config.js in a parent of the content folder', async () => {
    const detected = await detectGenerator(contentDir);
    expect(detected.generator).toBe('docusaurus');
    expect(detected.marker).toBe(path.join(site, 'docusaurus.config.js'));
  });
});

describe('docusaurus generator: urls', () => {
  it('follows the docs plugin: number prefixes, index/README/folder-named files, frontmatter id and slug', () => {
    expect(route('intro.md')).toBe('intro');
    expect(route('01-intro.md')).toBe('intro');
    expect(route('01-guides/02-setup.mdx')).toBe('guides/setup');
    expect(route('2021-11-notes.md')).toBe('2021-11-notes');
    expect(route('01-guides/02-setup.md', { parse_number_prefixes: false })).toBe('01-guides/02-setup');
    expect(route('index.md')).toBe('');
    expect(route('README.md')).toBe('');
    expect(route('guides/index.md')).toBe('guides/');
    expect(route('guides/README.md')).toBe('guides/');
    expect(route('guides/Guides.md')).toBe('guides/');
    expect(route('01-guides/01-guides.md')).toBe('guides/');
    expect(route('guides/index.md', { id: 'start' })).toBe('guides/');
    expect(route('guides/setup.md', { id: 'install' })).toBe('guides/install');
    expect(route('guides/setup.md', { slug: '/' })).toBe('');
    expect(route('guides/setup.md', { slug: '/elsewhere/page' })).toBe('elsewhere/page');
    expect(route('guides/setup.md', { slug: 'deeper/page' })).toBe('guides/deeper/page');
    expect(route('guides/setup.md', { slug: '../up' })).toBe('up');
    expect(route('guides/setup.md', { slug: './' })).toBe('guides/');
    expect(route('guides/index.md', { slug: 'start' })).toBe('guides/start');
    expect(docusaurusRoute({ file: 'guides/setup.md', frontmatter: {}, body: '' }, SLASHED_URLS)).toBe('guides/setup/');
    expect(withoutNumberPrefix('003 - Setup')).toBe('Setup');
    expect(withoutNumberPrefix('7.0-release')).toBe('7.0-release');
  });

  it('gives the home page the id index and the site root as url', () => {
    const read = readPage('welcome.md', '---\nslug: /\n---\n\n## Start here\n', { siteUrl: 'https://docs.example.test', generator: 'docusaurus' });
    expect(read?.page).toMatchObject({ slug: 'index', url: 'https://docs.example.test/' });
    expect(read?.sections.map((section) => section.id)).toEqual(['index', 'index#start-here']);
  });

  it('treats `_` files and folders and tests as non-pages, drafts and unlisted pages as hidden', () => {
    expect(docusaurus.isPage('guide/setup.md')).toBe(true);
    expect(docusaurus.isPage('guide/_partial.mdx')).toBe(false);
    expect(docusaurus.isPage('_shared/note.md')).toBe(false);
    expect(docusaurus.isPage('guide/__tests__/case.md')).toBe(false);
    expect(docusaurus.hidden({ draft: true })).toBe(true);
    expect(docusaurus.hidden({ unlisted: true })).toBe(true);
    expect(docusaurus.hidden({ draft: false, title: 'x' })).toBe(false);
  });
});

describe('docusaurus generator: heading ids', () => {
  it('reads explicit ids as Docusaurus does', () => {
    expect(docusaurusCustomId('## Title {#my-id}')).toBe('my-id');
    expect(docusaurusCustomId('## Title \\{#my-id}')).toBe('my-id');
    expect(docusaurusCustomId('## Title {# spaced id }')).toBe('spaced id');
    expect(docusaurusCustomId('## Title {#my-id} ##')).toBe('my-id');
    expect(docusaurusCustomId('## Title {/* #from-comment */}')).toBe('from-comment');
    expect(docusaurusCustomId('## Title {/* not an id */}')).toBeNull();
    expect(docusaurusCustomId('Setext title {#setext}\n---')).toBe('setext');
    expect(docusaurusCustomId('## Title {#a} trailing')).toBeNull();
    expect(docusaurusCustomId('## Title <!-- #html -->')).toBeNull();
    expect(docusaurusCustomId('## Title')).toBeNull();
  });

  it('slugs with github-slugger, explicit ids taking no slug away', () => {
    const assign = docusaurusHeadingIds();
    expect(assign({ text: 'Install', customId: 'install', depth: 2, source: '' })).toBe('install');
    expect(assign({ text: 'Install', customId: null, depth: 2, source: '' })).toBe('install');
    expect(assign({ text: 'Install', customId: null, depth: 3, source: '' })).toBe('install-1');
    expect(assign({ text: '--save-prod, -P, -p', customId: null, depth: 3, source: '' })).toBe('--save-prod--p--p');
    expect(assign({ text: '--cpu=<name>', customId: null, depth: 3, source: '' })).toBe('--cpuname');
  });
});

describe('docusaurus generator: prepare', () => {
  it('keeps the length and line breaks of any text with Docusaurus syntax', () => {
    expectPrepareKeepsShape(docusaurus, [
      ':::note', ':::tip[Read this]', ':::warning Old title', ':::info{title="x"}', '::::danger[a [b] c]', ':::', '::::',
      '## Title {#custom-id}', '### Title \\{#escaped}', '## Title {/* #comment-id */}', 'Setext {#id}', '---', '===',
      "import Part from './_part.mdx'", 'export const x = 1;', '<Part />', '{/* note */}', '<!-- html -->',
      '```mdx-code-block', '> ## Quoted {#q}', '- ## Listed {#l}', '<Tabs>', '  <TabItem value="a" label="A">', '\r\n', '  :::note',
    ]);
  });

  it('makes `{#id}` headings parse as MDX and blanks the id out of the heading text', () => {
    const source = '## Using pnpm {#pnpm-using}\n\nText.\n';
    expect(() => parseMarkdown(source, 'mdx')).toThrow();
    const prepared = docusaurus.prepare(source, 'mdx');
    expect(() => parseMarkdown(prepared, 'mdx')).not.toThrow();
    const read = readPage('page.mdx', source, { siteUrl: '', generator: 'docusaurus' });
    expect(read?.sections[1]).toMatchObject({ id: 'page#pnpm-using', heading: 'Using pnpm' });
    expect(() => parseMarkdown(docusaurus.prepare('> ## Quoted {#q}\n\n1. ## Listed {#l}\n', 'mdx'), 'mdx')).not.toThrow();
  });

  it('keeps admonition titles as text and drops the markers', () => {
    const prepared = docusaurus.prepare(':::tip[Read this]\n\nBody\n\n:::\n\n  :::warning Old title {#x}\n  Body\n  :::\n', 'md');
    expect(prepared.split('\n').map((line) => line.trimEnd())).toEqual(['Read this', '', 'Body', '', '', '', '  Old title', '  Body', '', '']);
  });

  it('blanks MDX imports and exports in .md pages, never in code or mid-paragraph', () => {
    const source = "import A from './_a.mdx'\nexport const b = {\n  c: 1,\n}\n\n```js\nimport x from 'y'\n```\n\nexports.isCI = true\nText\nimport is a word here\n";
    const prepared = docusaurus.prepare(source, 'md');
    expect(prepared.split('\n').slice(0, 4).every((line) => line.trim() === '')).toBe(true);
    expect(prepared).toContain("import x from 'y'");
    expect(prepared).toContain('exports.isCI = true');
    expect(prepared).toContain('import is a word here');
    expect(docusaurus.prepare(source, 'mdx')).toBe(source);
  });

  it('unwraps mdx-code-block fences and blanks MDX comments in .md and HTML comments in .mdx', () => {
    expect(docusaurus.prepare('```mdx-code-block\nimport T from "@theme/Tabs";\n```\n', 'md')).toBe(`${' '.repeat(17)}\n${' '.repeat(28)}\n   \n`);
    expect(docusaurus.prepare('A {/* hidden */} b\n', 'md')).toBe('A                b\n');
    expect(docusaurus.prepare('A <!-- hidden --> b `<!-- kept -->`\n', 'mdx')).toBe('A                 b `<!-- kept -->`\n');
  });
});

describe('docusaurus generator: partials', () => {
  const expand = (file: string, source: string, files: Record<string, string>) => docusaurus.expandIncludes?.(file, source, reader(files));

  it('replaces each use of an imported partial with its text, without its frontmatter and imports', async () => {
    const files = { 'settings/_flag.mdx': "---\ntitle: x\n---\nimport Other from './_missing.mdx'\n\nThe flag.\n" };
    const page = "import Flag from './settings/_flag.mdx'\n\n<Flag />\n\nand <Flag/> and <Flag></Flag>.\n";
    expect(await expand('page.md', page, files)).toBe("import Flag from './settings/_flag.mdx'\n\nThe flag.\n\nand The flag. and The flag..\n");
  });

  it('writes the ids Docusaurus gives a partial\'s headings in its own module', async () => {
    const files = { '_part.md': '### Options\n\nShared.\n\n### Already {#kept}\n' };
    const page = "---\ntitle: P\n---\nimport Part from '../_part.md'\n\n## Options\n\n<Part />\n\n## Options\n";
    const expanded = (await expand('guide/page.md', page, files)) ?? '';
    expect(expanded).toContain('### Options {#options}\n');
    expect(expanded).toContain('### Already {#kept}\n');
    const read = readPage('guide/page.md', expanded, { siteUrl: '', generator: 'docusaurus' });
    // the live page has two headings with the id `options`; the second's text joins the first section
    expect(read?.sections.map((section) => section.anchor)).toEqual([null, 'options', 'kept', 'options-1']);
    expect(read?.sections[1]?.text).toBe('Shared.');
  });

  it('follows nested partials, leaves missing ones, code and self-inclusion alone', async () => {
    const files = {
      'a/_outer.mdx': "import Inner from './_inner.md'\n\nOuter <Inner />\n",
      'a/_inner.md': 'inner text\n',
      'a/_self.md': "import Self from './_self.md'\n\nloop <Self />\n",
    };
    expect(await expand('a/p.mdx', "import Outer from './_outer.mdx'\n\n<Outer />\n", files)).toBe("import Outer from './_outer.mdx'\n\nOuter inner text\n");
    expect(await expand('a/p.md', "import Gone from './_gone.mdx'\n\n<Gone />\n", files)).toBe("import Gone from './_gone.mdx'\n\n<Gone />\n");
    const fenced = "```\nimport Inner from './_inner.md'\n<Inner />\n```\n";
    expect(await expand('a/p.md', fenced, files)).toBe(fenced);
    const looped = (await expand('a/p.md', "import Self from './_self.md'\n\n<Self />\n", files)) ?? '';
    expect(looped.match(/loop/g)?.length).toBeGreaterThan(1);
  });
});

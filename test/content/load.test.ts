import { describe, expect, it } from 'vitest';
import { ContentErrors, loadContent } from '../../pipeline/content/index.ts';
import { tempFoldersPerTest } from '../support/temp-folder.ts';

const freshFolder = tempFoldersPerTest();

async function load(files: Record<string, string>, siteUrl = '') {
  const folder = await freshFolder(files);
  return loadContent({ contentDir: folder.dir, siteUrl });
}

async function loadError(files: Record<string, string>): Promise<string> {
  const error = await load(files).then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ContentErrors);
  return error instanceof Error ? error.message : '';
}

describe('content model', () => {
  it('takes the slug from the path, with index and README naming their folder', async () => {
    const { pages } = await load({ 'guide/index.md': '# G', 'guide/setup.md': '# S', 'api/README.md': '# A', 'top.mdx': '# T' });
    expect(pages.map((page) => [page.file, page.slug])).toEqual([
      ['api/README.md', 'api'],
      ['guide/index.md', 'guide'],
      ['guide/setup.md', 'guide/setup'],
      ['top.mdx', 'top'],
    ]);
  });

  it('prefers frontmatter slug, title, group and description, and prefixes urls with the site URL', async () => {
    const { pages } = await load(
      { 'a/b.md': '---\nslug: custom/place\ntitle: Custom\ngroup: Guides\ndescription: About it\n---\n# Ignored heading\n' },
      'https://docs.example.com/',
    );
    expect(pages[0]).toMatchObject({ slug: 'custom/place', url: 'https://docs.example.com/custom/place', title: 'Custom', group: 'Guides', description: 'About it' });
  });

  it('falls back to the first # heading, then the file name, for the title; the first folder, then none, for the group', async () => {
    const { pages } = await load({ 'x/heading.md': 'intro\n\n# From heading\n', 'plain.md': 'no heading' });
    expect(pages.map((page) => [page.title, page.group])).toEqual([
      ['plain', null],
      ['From heading', 'x'],
    ]);
  });

  it('leaves drafts out but still hashes their file', async () => {
    const { pages, fileHashes } = await load({ 'draft.md': '---\ndraft: true\n---\n# D', 'live.md': '# L' });
    expect(pages.map((page) => page.slug)).toEqual(['live']);
    expect(Object.keys(fileHashes)).toEqual(['draft.md', 'live.md']);
  });

  it('gives section urls with the anchor and the intro without', async () => {
    const { sections } = await load({ 'p.md': '# P\n\nintro\n\n## Install it\n\nx' }, 'https://d.example');
    expect(sections.map((section) => [section.id, section.url])).toEqual([
      ['p', 'https://d.example/p'],
      ['p#install-it', 'https://d.example/p#install-it'],
    ]);
  });

  it('keeps JSX text children and drops imports and expressions from the text of an .mdx page', async () => {
    const { sections } = await load({ 'm.mdx': "import X from 'y'\n\n# M\n\n<Note kind=\"tip\">Read **this** first.</Note>\n\n{props.hidden}\n" });
    expect(sections[0]?.text).toBe('Read this first.');
  });

  it('reports invalid YAML frontmatter with the file name and what to do', async () => {
    const message = await loadError({ 'ok.md': '# fine', 'bad.md': '---\ntitle: [unclosed\n---\n# B' });
    expect(message).toMatch(/^bad\.md: invalid YAML frontmatter .*fix the block/);
  });

  it('reports a wrong frontmatter type, invalid MDX, a slug escaping with .., and duplicate slugs, each naming its file', async () => {
    const message = await loadError({
      'a.md': '---\ntitle: [1, 2]\n---\n',
      'b.mdx': '# B\n\n<Unclosed>\n',
      'c.md': '---\nslug: ../../etc\n---\n',
      'd/index.md': '# D',
      'd.md': '# D again',
    });
    const lines = message.split('\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(/^a\.md: frontmatter 'title' must be a string/);
    expect(lines[1]).toMatch(/^b\.mdx: cannot parse MDX/);
    expect(lines[2]).toMatch(/^c\.md: slug '\.\.\/\.\.\/etc' is not a plain path/);
    expect(lines[3]).toMatch(/^d\/index\.md: has the slug 'd' of d\.md/);
  });
});

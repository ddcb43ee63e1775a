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

  it('makes a top-level index or README the home page: url <site>/, ids index and index#<anchor>', async () => {
    for (const name of ['index.md', 'README.md', 'index.mdx']) {
      const { pages, sections } = await load({ [name]: '# Home\n\nWelcome.\n\n## Get started\n\nx', 'guide.md': '# G' }, 'https://docs.example.com');
      expect(pages.find((page) => page.file === name)).toMatchObject({ slug: 'index', url: 'https://docs.example.com/' });
      expect(sections.filter((section) => section.pageSlug === 'index').map((section) => [section.id, section.url])).toEqual([
        ['index', 'https://docs.example.com/'],
        ['index#get-started', 'https://docs.example.com/#get-started'],
      ]);
    }
  });

  it('makes a page with frontmatter slug / the home page', async () => {
    const { pages } = await load({ 'welcome.md': '---\nslug: /\n---\n# Welcome\n' }, 'https://d.example');
    expect(pages[0]).toMatchObject({ slug: 'index', url: 'https://d.example/' });
  });

  it('reads TOML and JSON frontmatter as well as YAML', async () => {
    const { pages } = await load({
      'a.md': '+++\ntitle = "From TOML"\ndraft = false\n+++\nbody\n',
      'b.md': '{\n"title": "From JSON"\n}\nbody\n',
      'c.md': '+++\ndraft = true\n+++\n',
    });
    expect(pages.map((page) => [page.file, page.title])).toEqual([
      ['a.md', 'From TOML'],
      ['b.md', 'From JSON'],
    ]);
  });

  it('leaves out the files an exclude glob matches, and does not hash them', async () => {
    const folder = await freshFolder({ 'keep.md': '# K', 'notes/todo.md': '# T', 'deep/x/CHANGELOG.md': '# C' });
    const loaded = await loadContent({ contentDir: folder.dir, siteUrl: '', exclude: ['notes/**', '**/CHANGELOG.md'] });
    expect(loaded.pages.map((page) => page.file)).toEqual(['keep.md']);
    expect(Object.keys(loaded.fileHashes)).toEqual(['keep.md']);
  });

  it('never reads a <script> or <style> body as text, and reads the text attributes of MDX elements', async () => {
    const { sections } = await load({
      'v.md': '# V\n\n<script setup>\nconst secret = computeThings()\n</script>\n\n<style>\n.x { color: red }\n</style>\n\nVisible prose.\n',
      'c.mdx': '# C\n\n<LinkCard title="Deploy guide" description="Ship it to production" href="/deploy" />\n\n<TabItem label="npm">Run it.</TabItem>\n',
    });
    expect(sections.find((section) => section.id === 'v')?.text).toBe('Visible prose.');
    expect(sections.find((section) => section.id === 'c')?.text).toBe('Deploy guide\nShip it to production\nnpm Run it.');
  });

  it('starts a section at a ## heading nested in an MDX component such as <Steps>', async () => {
    const { sections } = await load({ 's.mdx': '# S\n\n<Steps>\n\n## Install\n\nRun the installer.\n\n### Configure\n\nEdit the file.\n\n</Steps>\n\n## After\n\nDone.\n' });
    expect(sections.map((section) => [section.id, section.text])).toEqual([
      ['s', ''],
      ['s#install', 'Run the installer.'],
      ['s#configure', 'Edit the file.'],
      ['s#after', 'Done.'],
    ]);
  });
});

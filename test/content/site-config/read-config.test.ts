import { describe, expect, it } from 'vitest';
import { readConfigModule, readSiteConfig } from '../../../pipeline/content/site-config/index.ts';

describe('a generator config read as data, never run', () => {
  it('reads the literals of a TypeScript module through wrapper calls, constants and `satisfies`', () => {
    const module = readConfigModule(
      'config.mts',
      [
        "import { defineConfig } from 'vitepress';",
        "const description: string = 'Fast docs.';",
        'export default withPlugins(defineConfig({',
        "  title: 'Acme' as const,",
        '  description,',
        '  base: process.env.BASE,',
        '  count: 3,',
        '  nested: { list: [`one`, `two ${x}`, 2] },',
        '} satisfies Config));',
      ].join('\n'),
    );
    // what is not a literal (an environment variable, a template with a placeholder) is left out
    expect(module?.defaultExport).toEqual({ title: 'Acme', description: 'Fast docs.', count: 3, nested: { list: ['one', 2] } });
  });

  it('reads `module.exports`, a constant exported by name, and text of JSX', () => {
    expect(readConfigModule('docusaurus.config.js', "const config = { title: 'Site', tagline: 'Hi' };\nmodule.exports = config;\n")?.defaultExport).toEqual({ title: 'Site', tagline: 'Hi' });
    expect(readConfigModule('theme.config.tsx', 'export default { logo: <span>My <b>Docs</b></span> }')?.defaultExport).toEqual({ logo: 'My Docs' });
    expect(readConfigModule('x.ts', 'this is not ( code')).toBeNull();
  });

  it('Starlight: the title (a string or per locale), the description and the sidebar of the starlight() call', () => {
    const config = readSiteConfig(
      'starlight',
      'astro.config.mjs',
      [
        "import starlight from '@astrojs/starlight';",
        'export default defineConfig({ integrations: [starlight({',
        "  title: { fr: 'Outil', en: 'Tool' },",
        "  description: 'Finds things.',",
        "  sidebar: ['intro', { label: 'Guides', items: ['guides/a', { slug: 'guides/b' }, { label: 'Deep', items: ['guides/deep/c'] }] },",
        "    { label: 'Reference', autogenerate: { directory: 'reference' } }, { label: 'GitHub', link: 'https://github.com/x' }],",
        '})] });',
      ].join('\n'),
    );
    expect(config.identity).toEqual({ name: 'Tool', description: 'Finds things.' });
    expect(config.sidebar).toEqual([
      { page: 'intro' },
      { label: 'Guides', entries: [{ page: 'guides/a' }, { page: 'guides/b' }, { label: 'Deep', entries: [{ page: 'guides/deep/c' }] }] },
      { label: 'Reference', entries: [{ folder: 'reference' }] },
    ]);
  });

  it('MkDocs: site_name, site_description and nav, past the tags only Python reads', () => {
    const config = readSiteConfig(
      'mkdocs',
      'mkdocs.yml',
      [
        'site_name: Tool docs',
        'site_description: All about the tool',
        'nav:',
        '  - Home: index.md',
        '  - Setup:',
        '      - setup/index.md',
        '      - Colors: setup/colors.md',
        '      - Blog: https://example.com/blog',
        'markdown_extensions:',
        '  - pymdownx.emoji:',
        '      emoji_generator: !!python/name:material.extensions.emoji.to_svg',
      ].join('\n'),
    );
    expect(config.identity).toEqual({ name: 'Tool docs', description: 'All about the tool' });
    expect(config.sidebar).toEqual([{ page: 'index.md' }, { label: 'Setup', entries: [{ page: 'setup/index.md' }, { page: 'setup/colors.md' }] }]);
  });

  it('Mintlify: name, description and the groups of every tab or anchor; a label used twice is named with its container', () => {
    const docs = {
      name: 'Tool',
      description: 'The tool.',
      navigation: {
        anchors: [
          { anchor: 'Docs', icon: 'book', groups: [{ group: 'Getting started', pages: ['docs/intro', { group: 'More', pages: ['docs/more'] }] }] },
          { anchor: 'Guides', groups: [{ group: 'Getting started', pages: ['guides/first'] }] },
        ],
      },
    };
    const config = readSiteConfig('mintlify', 'docs.json', JSON.stringify(docs));
    expect(config.identity).toEqual({ name: 'Tool', description: 'The tool.' });
    expect(config.sidebar).toEqual([
      { label: 'Docs: Getting started', entries: [{ page: 'docs/intro' }, { label: 'More', entries: [{ page: 'docs/more' }] }] },
      { label: 'Guides: Getting started', entries: [{ page: 'guides/first' }] },
    ]);
  });

  it('VitePress, Docusaurus, Hugo and Nextra: the name and description each keeps', () => {
    const vitepress = readSiteConfig('vitepress', 'config.ts', "export default { title: 'VP', description: 'D', themeConfig: { sidebar: { '/guide/': [{ text: 'Guide', items: [{ text: 'A', link: '/guide/a' }] }] } } }");
    expect(vitepress).toEqual({ identity: { name: 'VP', description: 'D' }, sidebar: [{ label: 'Guide', entries: [{ page: '/guide/a' }] }] });
    expect(readSiteConfig('docusaurus', 'docusaurus.config.ts', "export default { title: 'Dino', tagline: 'Roar' }").identity).toEqual({ name: 'Dino', description: 'Roar' });
    expect(readSiteConfig('hugo', 'hugo.toml', 'title = "Hugo site"\n[params]\ndescription = "Fast"\n').identity).toEqual({ name: 'Hugo site', description: 'Fast' });
    expect(readSiteConfig('nextra', 'theme.config.jsx', 'export default { logo: <strong>Nx</strong> }').identity).toEqual({ name: 'Nx' });
    // a file that is not what its name says states nothing
    expect(readSiteConfig('mintlify', 'docs.json', '{ nope')).toEqual({ identity: {}, sidebar: null });
  });
});

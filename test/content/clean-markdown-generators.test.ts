/**
 * Clean Markdown per generator: a page read as its generator reads it (`readPage`), then each
 * section's clean Markdown as the digest writes it (`sectionMarkdown`), and its plain text.
 * Fixtures are our own writing, in each generator's documented syntax.
 */
import { describe, expect, it } from 'vitest';
import type { GeneratorName } from '../../pipeline/content/generators/types.ts';
import { readPage } from '../../pipeline/content/page.ts';
import { sectionMarkdown } from '../../pipeline/distill/verbatim.ts';
import type { Section } from '../../pipeline/types.ts';
import { markupLines } from '../../scripts/bench/markup-lines.ts';

const fence = '```';

function read(generator: GeneratorName, file: string, source: string): { readonly format: string; readonly sections: readonly Section[] } {
  const read = readPage(file, source, { siteUrl: '', generator });
  if (read === null) throw new Error(`${file} is hidden`);
  return { format: read.page.format, sections: read.sections };
}

/** The page's clean Markdown: every section's, joined as pages/*.md joins them. */
function pageMarkdown(generator: GeneratorName, file: string, source: string): string {
  return read(generator, file, source)
    .sections.map(sectionMarkdown)
    .filter((part) => part !== '')
    .join('\n');
}

function pageText(generator: GeneratorName, file: string, source: string): string {
  return read(generator, file, source)
    .sections.map((section) => section.text)
    .filter((text) => text !== '')
    .join('\n');
}

describe('clean Markdown of a Docusaurus page', () => {
  const page = [
    '---',
    'title: Install',
    '---',
    "import Tabs from '@theme/Tabs';",
    "import TabItem from '@theme/TabItem';",
    '',
    '## Install the tool',
    '',
    '<Tabs groupId="manager">',
    '  <TabItem value="npm" label="npm" default>',
    '',
    `    ${fence}sh title="terminal"`,
    '    npm add widget',
    `    ${fence}`,
    '',
    '  </TabItem>',
    '  <TabItem value="yarn" label="Yarn">',
    '',
    `    ${fence}sh`,
    '    yarn add widget',
    `    ${fence}`,
    '',
    '  </TabItem>',
    '</Tabs>',
    '',
    ':::tip[Pin the version]',
    '',
    'Pin it in CI.',
    '',
    ':::',
    '',
    ':::warning',
    '',
    'Do not run it as root.',
    '',
    ':::',
    '',
    `${fence}js {2} title="widget.config.js"`,
    'export default {',
    '  // highlight-next-line',
    '  mode: "fast",',
    '  // highlight-start',
    '  retries: 3,',
    '  // highlight-end',
    '};',
    fence,
    '',
  ].join('\n');

  it('reads a .md page as MDX, as Docusaurus does, unless its frontmatter says `format: md`', () => {
    expect(read('docusaurus', 'install.md', page).format).toBe('mdx');
    expect(read('docusaurus', 'install.md', '---\nformat: md\n---\n\nText.\n').format).toBe('md');
    expect(read('docusaurus', 'install.md', '---\nformat: detect\n---\n\nText.\n').format).toBe('md');
    expect(read('docusaurus', 'install.mdx', '---\nformat: detect\n---\n\nText.\n').format).toBe('mdx');
    expect(read('plain', 'install.md', page).format).toBe('md');
  });

  it('reads a .md page that is no MDX as CommonMark, as a site with `markdown.format: detect` does', () => {
    const { format, sections } = read('docusaurus', 'notes.md', '## Notes\n\nLine one<br>\nWhen a < b and {x is open.\n');
    expect(format).toBe('md');
    expect(sections.map(sectionMarkdown).join('')).toBe('## Notes\n\nLine one\nWhen a < b and {x is open.\n');
  });

  it('removes the tab components, keeps each tab label as a bold line and the code dedented', () => {
    const markdown = pageMarkdown('docusaurus', 'install.md', page);
    expect(markdown).toContain(`**npm**\n\n**terminal**\n\n${fence}sh\nnpm add widget\n${fence}\n\n**Yarn**\n\n${fence}sh\nyarn add widget\n${fence}`);
    expect(markupLines(markdown)).toEqual([]);
  });

  it('renders admonitions as a bold title line and their body, the type as the title when there is none', () => {
    const markdown = pageMarkdown('docusaurus', 'install.md', page);
    expect(markdown).toContain('**Pin the version**\n\nPin it in CI.\n\n**Warning**\n\nDo not run it as root.');
  });

  it('drops magic comments and fence meta from the code shown, keeps the title above it, and facts see the source', () => {
    const { sections } = read('docusaurus', 'install.md', page);
    const markdown = sections.map(sectionMarkdown).join('\n');
    expect(markdown).toContain(`**widget.config.js**\n\n${fence}js\nexport default {\n  mode: "fast",\n  retries: 3,\n};\n${fence}`);
    expect(sections.map((section) => section.text).join('\n')).not.toContain('highlight-');
    expect(sections.map((section) => section.source).join('')).toContain('  // highlight-next-line\n  mode: "fast",');
  });
});

describe('clean Markdown of a VitePress page', () => {
  const page = [
    '---',
    'title: Posts',
    '---',
    '',
    '<script setup>',
    "import PostIndex from './components/PostIndex.vue'",
    '',
    'const shown = 3',
    '</script>',
    '',
    '# Posts',
    '',
    'The latest posts: <Badge type="tip" text="new" />',
    '',
    '<PostIndex :count="shown" />',
    '',
    '## Setup',
    '',
    '::: details Show the config',
    '',
    `${fence}ts [config.ts]{3}`,
    'export default {',
    "  base: '/blog/', // [!code ++]",
    "  // [!code word:lang]",
    "  lang: 'en', // [!code focus]",
    '}',
    fence,
    '',
    ':::',
    '',
    '> [!TIP]',
    '> Keep the base short.',
    '',
    '::: code-group',
    '',
    `${fence}sh [npm]`,
    'npm run docs',
    fence,
    '',
    ':::',
    '',
    '<style scoped>',
    '.posts { color: red }',
    '</style>',
    '',
  ].join('\n');

  it('drops script and style blocks and component tags, keeps a badge as its text', () => {
    const markdown = pageMarkdown('vitepress', 'posts.md', page);
    expect(markdown.startsWith('# Posts\n\nThe latest posts: *new*\n\n## Setup\n')).toBe(true);
    expect(markdown).not.toMatch(/script|style|PostIndex|shown/);
    expect(markupLines(markdown)).toEqual([]);
  });

  it('shows containers, code-group tabs and alerts as bold lines, and code without its notation comments', () => {
    const markdown = pageMarkdown('vitepress', 'posts.md', page);
    expect(markdown).toContain(`**Show the config**\n\n**config.ts**\n\n${fence}ts\nexport default {\n  base: '/blog/',\n  lang: 'en',\n}\n${fence}`);
    expect(markdown).toContain('> **Tip**\n>\n> Keep the base short.');
    expect(markdown).toContain(`**npm**\n\n${fence}sh\nnpm run docs\n${fence}`);
  });

  it('keeps alert markers and notation comments out of the plain text, and script bodies', () => {
    const text = pageText('vitepress', 'posts.md', page);
    expect(text).not.toMatch(/\[!TIP\]|\[!code|shown = 3|color: red/);
    expect(text).toContain("base: '/blog/',\n");
  });

  it('shows an escaped notation as the notation itself', () => {
    const source = `## Diff\n\n${fence}js\nconst a = 1 // [!!code ++]\n${fence}\n`;
    expect(pageMarkdown('vitepress', 'diff.md', source)).toBe(`## Diff\n\n${fence}js\nconst a = 1 // [!code ++]\n${fence}\n`);
  });
});

describe('clean Markdown of an MkDocs page', () => {
  const page = [
    '# Setup',
    '',
    '## Options',
    '',
    '!!! note "Before you start"',
    '',
    '    Install Python first.',
    '',
    '!!! warning',
    '    Back up the folder.',
    '',
    '??? tip ""',
    '',
    '    A tip without a title.',
    '',
    '=== "Linux"',
    '',
    '    ``` sh',
    '    ./install.sh',
    '    ```',
    '',
    '=== ":material-apple: macOS"',
    '',
    '    Run the installer.',
    '',
    '    !!! info',
    '',
    '        It asks for a password.',
    '',
  ].join('\n');

  it('renders admonitions, details and tabs as bold title lines and their bodies dedented, the type as the title when none is given', () => {
    const markdown = pageMarkdown('mkdocs', 'setup.md', page);
    expect(markdown).toBe(
      [
        '# Setup',
        '',
        '## Options',
        '',
        '**Before you start**',
        '',
        'Install Python first.',
        '',
        '**Warning**',
        '',
        'Back up the folder.',
        '',
        'A tip without a title.',
        '',
        '**Linux**',
        '',
        `${fence}sh`,
        './install.sh',
        fence,
        '',
        '**macOS**',
        '',
        'Run the installer.',
        '',
        '**Info**',
        '',
        'It asks for a password.',
        '',
      ].join('\n'),
    );
  });
});

describe('clean Markdown of HTML wrappers on any page', () => {
  it('unwraps wrapper elements to their text and shows links, images and headings as Markdown', () => {
    const source = [
      '## Tabs',
      '',
      '<div class="tabs">',
      '  <p align="center">Choose <span class="os">one</span> system.</p>',
      '</div>',
      '',
      'See <a href="/guide">the guide</a> and <img src="/logo.png" alt="Logo"> here.',
      '',
      '<h3 align="center">Credits</h3>',
      '',
      '<iframe src="https://video.example.com/embed/1" title="A demo"></iframe>',
      '',
    ].join('\n');
    const markdown = pageMarkdown('plain', 'tabs.md', source);
    expect(markdown).toBe(
      '## Tabs\n\nChoose one system.\n\nSee [the guide](/guide) and ![Logo](/logo.png) here.\n\n### Credits\n\n[A demo](https://video.example.com/embed/1)\n',
    );
  });

  it('shows a GitHub alert as its bold label on any page, and never puts the marker in the text', () => {
    const source = '## Note\n\n> [!WARNING]\n> Data is lost.\n';
    expect(pageMarkdown('plain', 'note.md', source)).toBe('## Note\n\n> **Warning**\n>\n> Data is lost.\n');
    expect(pageText('plain', 'note.md', source)).toBe('Data is lost.');
  });
});

describe('clean Markdown of Starlight and Hugo pages', () => {
  it('shows Starlight asides as a bold title line, the type when untitled', () => {
    const source = '## Check\n\n:::caution[Before you delete]\nKeep a backup.\n:::\n\n:::note\nIt is safe.\n:::\n';
    expect(pageMarkdown('starlight', 'check.md', source)).toBe('## Check\n\n**Before you delete**\n\nKeep a backup.\n\n**Note**\n\nIt is safe.\n');
  });

  it('shows a Hugo shortcode with a title as a bold line, and drops its other markers', () => {
    const source = '## Install\n\n{{< tabs >}}\n{{< tab name="Linux" >}}\nUse the package.\n{{< /tab >}}\n{{< /tabs >}}\n';
    const markdown = pageMarkdown('hugo', 'install.md', source);
    expect(markdown).toBe('## Install\n\n**Linux**\n\nUse the package.\n');
  });
});

import fc from 'fast-check';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanMarkdown } from '../../pipeline/content/clean-markdown.ts';
import { loadContent } from '../../pipeline/content/index.ts';
import { markupLines } from '../../scripts/bench/markup-lines.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

const fence = '```';

describe('cleanMarkdown', () => {
  it('removes YAML, TOML and JSON frontmatter and keeps the rest as written', () => {
    expect(cleanMarkdown('---\ntitle: A\n---\n# A\n\nSome *text* [link](./b.md).\n', 'md')).toBe('# A\n\nSome *text* [link](./b.md).\n');
    expect(cleanMarkdown('+++\ntitle = "A"\n+++\n\nBody.\n', 'md')).toBe('Body.\n');
    expect(cleanMarkdown('{\n"title": "A"\n}\n\nBody.\n', 'md')).toBe('Body.\n');
    expect(cleanMarkdown('---\ntitle: A\n---\n\n## B\n\nText.\n', 'mdx')).toBe('## B\n\nText.\n');
  });

  it('removes MDX import and export blocks, one line or several', () => {
    const source = [
      "import { Tabs, TabItem } from '@astrojs/starlight/components';",
      'import {',
      '  Aside,',
      "} from './aside';",
      'export const meta = {',
      '  internal: true,',
      '};',
      '',
      '# Page',
      '',
      'Text.',
      '',
    ].join('\n');
    expect(cleanMarkdown(source, 'mdx')).toBe('# Page\n\nText.\n');
  });

  it('removes component tags and keeps their Markdown children, however deep, a tab label as a bold line', () => {
    const source = [
      '## Install',
      '',
      '<Tabs>',
      '<TabItem label="npm">',
      '',
      'Run **this**:',
      '',
      '</TabItem>',
      '<TabItem label="pnpm">',
      '',
      '- one',
      '- two',
      '',
      '</TabItem>',
      '</Tabs>',
      '',
      'After.',
      '',
    ].join('\n');
    expect(cleanMarkdown(source, 'mdx')).toBe('## Install\n\n**npm**\n\nRun **this**:\n\n**pnpm**\n\n- one\n- two\n\nAfter.\n');
    expect(cleanMarkdown('<Tabs><TabItem label="npm">text</TabItem></Tabs>\n', 'mdx')).toBe('text\n');
  });

  it('takes off the indentation components give their children, code keeping its own', () => {
    const source = [
      '<Steps>',
      '  <Step title="Install">',
      '    Run this:',
      '',
      `    ${fence}py`,
      '    def f():',
      '        return 1',
      `    ${fence}`,
      '  </Step>',
      '</Steps>',
      '',
    ].join('\n');
    expect(cleanMarkdown(source, 'mdx')).toBe(`**Install**\n\nRun this:\n\n${fence}py\ndef f():\n    return 1\n${fence}\n`);
  });

  it('dedents the body of a section whose heading is indented inside a component (the slice starts at the heading)', () => {
    const section = ['### Linux setup', '', '    Use the tarball.', '', '    ```sh', '    tar xf a.tgz', '    ```', '  </TabItem>', '  <TabItem label="macOS">', ''].join('\n');
    expect(cleanMarkdown(section, 'mdx')).toBe('### Linux setup\n\nUse the tarball.\n\n```sh\ntar xf a.tgz\n```\n');
  });

  it('removes self-closing components, in a line or alone on one, and never leaves a doubled space; a badge keeps its text', () => {
    expect(cleanMarkdown('## Install <Badge text="new" />\n\nUse <Icon name="x"/> it.\n\n<Divider />\n\nEnd.\n', 'mdx')).toBe('## Install *new*\n\nUse it.\n\nEnd.\n');
    expect(cleanMarkdown('Press <Kbd>Ctrl</Kbd>+<Kbd>C</Kbd>.\n', 'mdx')).toBe('Press `Ctrl`+`C`.\n');
    expect(cleanMarkdown('Use the **<Icon icon="dots" />** menu, then **{}** or **this**.\n', 'mdx')).toBe('Use the menu, then or **this**.\n');
  });

  it('removes expressions: comments, values, several lines', () => {
    const source = ['{/* a note */}', '', 'Version {props.version} is out.', '', '{items.map((item) =>', '  item.name)}', '', 'Done.', ''].join('\n');
    expect(cleanMarkdown(source, 'mdx')).toBe('Version is out.\n\nDone.\n');
  });

  it('removes HTML comments, alone on their lines or in a sentence, and unwraps the other HTML of a .md page', () => {
    const source = ['<!-- hidden', 'over lines -->', '', 'Text <!-- aside --> more <b>bold</b>.', '', '<details><summary>More</summary>x</details>', ''].join('\n');
    expect(cleanMarkdown(source, 'md')).toBe('Text more **bold**.\n\n**More**\n\nx\n');
  });

  it('leaves code blocks byte for byte, even when they hold tags, imports, expressions, comments or blank runs', () => {
    const code = [`${fence}mdx`, "import X from 'y';", '<Tabs>', '', '', '', '{value}', '<!-- kept -->', '</Tabs>', fence].join('\n');
    expect(cleanMarkdown(`## Example\n\n${code}\n\nText with \`<Tabs>\` inline.\n`, 'mdx')).toBe(`## Example\n\n${code}\n\nText with \`<Tabs>\` inline.\n`);
    const indented = '    <!-- kept -->\n    import x\n';
    expect(cleanMarkdown(`Para.\n\n${indented}`, 'md')).toBe(`Para.\n\n${indented}`);
  });

  it('folds runs of blank lines to one and drops the leading and trailing ones', () => {
    expect(cleanMarkdown('\n\n## A\n\n\n\nText.\n   \n\t\nMore.\n\n\n', 'md')).toBe('## A\n\nText.\n\nMore.\n');
  });

  it('turns CRLF into LF, code included', () => {
    expect(cleanMarkdown(`---\r\ntitle: A\r\n---\r\n# A\r\n\r\n<!-- c -->\r\n\r\nText.\r\n\r\n${fence}\r\nx\r\n${fence}\r\n`, 'md')).toBe(`# A\n\nText.\n\n${fence}\nx\n${fence}\n`);
    expect(cleanMarkdown('import A from "a";\r\n\r\n<A>\r\n\r\nText.\r\n\r\n</A>\r\n', 'mdx')).toBe('Text.\n');
  });

  it('reads a section cut out of a component: a closing tag with no opening one', () => {
    const section = ['## Step 2', '', 'Do <b>this</b>.', '', '</Steps>', '', '<Aside>', '', 'A note.', ''].join('\n');
    expect(cleanMarkdown(section, 'mdx')).toBe('## Step 2\n\nDo **this**.\n\nA note.\n');
  });

  it('does not throw on a slice that is not MDX on its own, and keeps it as Markdown', () => {
    expect(cleanMarkdown('## Compare\n\nWhen a < b and {x is open.\n', 'mdx')).toBe('## Compare\n\nWhen a < b and {x is open.\n');
  });

  it('gives an empty string when nothing is left', () => {
    expect(cleanMarkdown("import A from 'a';\n\n{/* x */}\n", 'mdx')).toBe('');
    expect(cleanMarkdown('', 'md')).toBe('');
  });

  it('gives, without parsing a section that has nothing to cut, what the parse gives', async () => {
    const sites = [
      { contentDir: path.join(ROOT, 'content-fixtures'), generator: 'plain' },
      { contentDir: path.join(ROOT, 'test/fixtures/generators/docusaurus/docs'), generator: 'docusaurus' },
      { contentDir: path.join(ROOT, 'test/fixtures/generators/mintlify'), generator: 'mintlify' },
      { contentDir: path.join(ROOT, 'test/fixtures/generators/starlight/src/content/docs'), generator: 'starlight' },
    ] as const;
    let compared = 0;
    for (const site of sites) {
      const { sections } = await loadContent({ ...site, siteUrl: '' });
      for (const section of sections) {
        const text = section.markup ?? section.source;
        // a removable last line makes the parse run, and removes nothing else
        const probe = section.format === 'mdx' ? '\n\n{/* probe */}\n' : '\n\n<!-- probe -->\n';
        expect(cleanMarkdown(text, section.format), section.id).toBe(cleanMarkdown(text + probe, section.format));
        compared += 1;
      }
    }
    expect(compared).toBeGreaterThan(400);
  });

  it('leaves no tag outside code, whatever HTML, components and prose a page mixes, in either dialect (property)', () => {
    const line = fc.constantFrom(
      '',
      'Some prose with a [link](/a) and `<code>`.',
      '  indented prose',
      '<div class="tabs">',
      '</div>',
      '<p align="center">Centered <span class="x">text</span></p>',
      '<Badge type="tip" text="beta" />',
      '<TabItem value="a" label="First">',
      '</TabItem>',
      '<Tabs groupId="os">',
      '</Tabs>',
      '<details>',
      '<summary>More</summary>',
      '</details>',
      '<br>',
      '<!-- a comment -->',
      '## A heading <Badge text="new" />',
      '- an item with <kbd>Ctrl</kbd>',
      '> a quote with <em>stress</em>',
    );
    fc.assert(
      fc.property(fc.array(line, { maxLength: 25 }), fc.constantFrom('md' as const, 'mdx' as const), (lines, format) => {
        const source = `${lines.join('\n')}\n`;
        expect(markupLines(cleanMarkdown(source, format))).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });
});

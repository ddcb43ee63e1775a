import { cp } from 'node:fs/promises';
import path from 'node:path';
import type { Nodes } from 'mdast';
import { describe, expect, it } from 'vitest';
import { parseMarkdown } from '../../pipeline/markdown/parse.ts';
import { pageMarkdownUrl } from '../../pipeline/format/markdown-url.ts';
import { DIGEST_FILES, pageMarkdownPath } from '../../pipeline/format/paths.ts';
import { build, snapshotTree } from '../support/digest-tree.ts';
import { tempFoldersPerTest } from '../support/temp-folder.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const freshFolder = tempFoldersPerTest();

/** An MDX site: components, imports, expressions, and links of every kind. */
const MDX_SITE = {
  'index.mdx': [
    '---',
    'title: Svc docs',
    'description: Everything about svc.',
    '---',
    "import { Tabs, TabItem } from '@astrojs/starlight/components';",
    '',
    '# Svc docs',
    '',
    'Start with [the install guide](./guide/install.mdx) or the [flags](/reference/flags/).',
    '',
    '<Tabs>',
    '  <TabItem label="npm">',
    '    Run `npm i svc`.',
    '  </TabItem>',
    '</Tabs>',
    '',
  ].join('\n'),
  'guide/install.mdx': [
    '---',
    'title: Install',
    '---',
    "import Aside from '../components/Aside.astro';",
    '',
    'Install svc, then read [configure](#configure) and [the flags](../reference/flags.md#global-flags).',
    '',
    '## Download <Badge text="new" />',
    '',
    'Get it from [the releases](https://github.com/svc/svc/releases) or mail [us](mailto:svc@example.com).',
    '',
    '![diagram](./diagram.png)',
    '',
    '{/* hidden */}',
    '',
    '## Configure',
    '',
    '<Aside type="tip">',
    '',
    'See [an old page](./old-page.md), [a deep heading](#deep-detail), [a ref][flags] and [a gone ref][gone].',
    '',
    '</Aside>',
    '',
    '#### Deep detail',
    '',
    'Text.',
    '',
    '[flags]: ../reference/flags.md',
    '[gone]: ./gone.md',
    '',
  ].join('\n'),
  'reference/access.md': '---\ntitle: Array<T> [beta]\ndescription: List packages of <scope:team> with \\* and [x](./y.md).\n---\n# Array`<T>` [beta]\n\nText.\n',
  'reference/flags.md': '# Flags\n\n## Global flags\n\n`--url` sets the URL. See [install](../guide/install).\n\n<!-- to do: more flags -->\n',
};

const INSTALL_PAGE = [
  '# Install',
  '',
  'Source: /guide/install',
  '',
  'Install svc, then read [configure](/guide/install#configure) and [the flags](/reference/flags#global-flags).',
  '',
  '## Download *new*',
  '',
  'Get it from [the releases](https://github.com/svc/svc/releases) or mail [us](mailto:svc@example.com).',
  '',
  'diagram',
  '',
  '## Configure',
  '',
  'See an old page, [a deep heading](/guide/install), [a ref][flags] and a gone ref.',
  '',
  '#### Deep detail',
  '',
  'Text.',
  '',
  '[flags]: /reference/flags',
  '',
].join('\n');

async function builtDigest(files: Record<string, string>) {
  const { dir } = await freshFolder(Object.fromEntries(Object.entries(files).map(([file, text]) => [`content/${file}`, text])));
  const out = path.join(dir, 'digest');
  await build(path.join(dir, 'content'), out);
  return snapshotTree(out);
}

async function builtFolder(source: string) {
  const { dir } = await freshFolder();
  await cp(source, path.join(dir, 'content'), { recursive: true });
  const out = path.join(dir, 'digest');
  await build(path.join(dir, 'content'), out);
  return snapshotTree(out);
}

interface NodeFile {
  readonly id: string;
  readonly url: string;
  readonly summary: string;
}

function nodesOf(tree: ReadonlyMap<string, string>): NodeFile[] {
  return [...tree].filter(([file]) => file.startsWith('sections/')).map(([, text]) => JSON.parse(text) as NodeFile);
}

/** Every link, image and definition url of a Markdown text. */
function linkUrls(markdown: string): string[] {
  const urls: string[] = [];
  const stack: Nodes[] = [parseMarkdown(markdown, 'md')];
  for (let node = stack.pop(); node; node = stack.pop()) {
    if (node.type === 'link' || node.type === 'image' || node.type === 'definition') urls.push(node.url);
    if ('children' in node) stack.push(...(node.children as Nodes[]));
  }
  return urls;
}

/** The files for agents of a digest: llms.txt, llms-full.txt and every pages/*.md. */
function agentFiles(tree: ReadonlyMap<string, string>): [string, string][] {
  return [...tree].filter(([file]) => file === DIGEST_FILES.llms || file === DIGEST_FILES.llmsFull || file.startsWith('pages/'));
}

/**
 * Checks every link of the agent files is a page or section url of the digest (in llms.txt: a
 * page's Markdown url), or http(s)/mailto; returns how many are internal.
 */
function expectEveryLinkResolves(tree: ReadonlyMap<string, string>): number {
  const sectionUrls = new Set(nodesOf(tree).map((node) => node.url));
  const markdownUrls = new Set(nodesOf(tree).filter((node) => !node.id.includes('#')).map((node) => pageMarkdownUrl(node.url)));
  let internal = 0;
  for (const [file, text] of agentFiles(tree)) {
    const urls = file === DIGEST_FILES.llms ? markdownUrls : sectionUrls;
    for (const url of linkUrls(text)) {
      if (/^(?:https?|mailto):/.test(url) && !urls.has(url)) continue;
      expect(urls.has(url), `${file}: ${url}`).toBe(true);
      internal += 1;
    }
  }
  return internal;
}

describe('llms.txt, llms-full.txt and pages/<slug>.md', () => {
  it('llms.txt: the site name, then the pages by group in sidebar order, each linked to its Markdown with what it is about', async () => {
    const tree = await builtFolder(path.join(ROOT, 'test/fixtures/site'));
    const summary = (id: string) => nodesOf(tree).find((node) => node.id === id)?.summary ?? '';
    expect(summary('reference/flags#global-flags')).not.toBe('');
    expect(tree.get(DIGEST_FILES.llms)).toBe(
      [
        // no config, no home page: the default name, and the first sentence of the context
        '# Documentation',
        '',
        '> These docs have 3 pages and 10 sections, in 2 groups: Guide (2) and Reference (1).',
        '',
        '## Reference',
        '',
        // its intro says no more than its title: the first section that does
        `- [Command-line flags](/reference/flags.md): ${summary('reference/flags#global-flags')}`,
        '',
        '## Guide',
        '',
        `- [One-time passcodes](/guide/passcodes.md): ${summary('guide/passcodes')}`,
        '- [Session tokens](/guide/tokens.md): Sign in, keep and revoke tokens.',
        '',
      ].join('\n'),
    );
  });

  it('llms-full.txt: every page in corpus order, title, source, its sections; each block is the page file', async () => {
    const tree = await builtFolder(path.join(ROOT, 'test/fixtures/site'));
    const full = tree.get(DIGEST_FILES.llmsFull) ?? '';
    expect(full).not.toContain('\r');
    expect(full.endsWith('.\n')).toBe(true);
    const blocks = full.slice(0, -1).split('\n\n---\n\n');
    expect(blocks.map((block) => block.split('\n\n').slice(0, 2))).toEqual([
      ['# One-time passcodes', 'Source: /guide/passcodes'],
      ['# Session tokens', 'Source: /guide/tokens'],
      ['# Command-line flags', 'Source: /reference/flags'],
    ]);
    expect(blocks[1]).toBe(
      [
        '# Session tokens',
        '',
        'Source: /guide/tokens',
        '',
        // the intro's own `# Session tokens` is the block's title, once
        'A **session token** is a credential that proves who you are to the platform.',
        '',
        '## Create a token',
        '',
        'Run `svc tokens create --lifetime 24h` and copy the token it prints.',
        '',
        '## Send the header',
        '',
        'Every request carries the `Svc-Session-Token` header:',
        '',
        '```bash',
        'curl -H "Svc-Session-Token: $TOKEN" https://svc.example.com/api/v2/workspaces',
        '```',
        '',
        '## Revoke a token',
        '',
        'Run `svc tokens rm NAME`. Revoked tokens stop working at once.',
      ].join('\n'),
    );
    // a title that differs from the page's first heading: the block's title is the page's one H1
    expect(blocks[2]).toContain('Source: /reference/flags\n\n## Global flags');
    for (const [at, slug] of ['guide/passcodes', 'guide/tokens', 'reference/flags'].entries()) {
      expect(tree.get(pageMarkdownPath(slug))).toBe(`${blocks[at] ?? ''}\n`);
    }
  });

  it('on an MDX site: clean Markdown, links made the digest own, the home page first in title and at pages/index.md', async () => {
    const tree = await builtDigest(MDX_SITE);
    expect(tree.get(pageMarkdownPath('guide/install'))).toBe(INSTALL_PAGE);
    expect(tree.get(pageMarkdownPath('index'))).toBe(
      '# Svc docs\n\nSource: /\n\nStart with [the install guide](/guide/install) or the [flags](/reference/flags).\n\n**npm**\n\nRun `npm i svc`.\n',
    );
    expect(tree.get(pageMarkdownPath('reference/flags'))).toBe('# Flags\n\nSource: /reference/flags\n\n## Global flags\n\n`--url` sets the URL. See [install](/guide/install).\n');
    const llms = tree.get(DIGEST_FILES.llms) ?? '';
    expect(llms.startsWith('# Svc docs\n\n> ')).toBe(true);
    const headings = llms.split('\n').filter((line) => line.startsWith('## '));
    // the home page and its neighbours lead, under no folder's name
    expect(headings).toEqual(['## Docs', '## Guide', '## Reference']);
    expect(llms).toContain('## Docs\n\n- [Svc docs](/index.html.md): Everything about svc.\n');
    // titles and descriptions are plain text: nothing in them is a link, an autolink or HTML
    expect(llms).toContain('- [Array\\<T> \\[beta\\]](/reference/access.md): List packages of \\<scope:team> with \\\\* and \\[x\\](./y.md).\n');
    expect(tree.get(pageMarkdownPath('reference/access'))).toBe('# Array\\<T> \\[beta\\]\n\nSource: /reference/access\n\nText.\n');
    expect(tree.get(DIGEST_FILES.llmsFull)).toBe(
      ['guide/install', 'index', 'reference/access', 'reference/flags'].map((slug) => tree.get(pageMarkdownPath(slug))).map((text) => (text ?? '').trimEnd()).join('\n\n---\n\n') + '\n',
    );
  });

  it('every link in llms.txt, llms-full.txt and pages/*.md is a page or section url of the digest, or http(s)/mailto', async () => {
    expect(expectEveryLinkResolves(await builtDigest(MDX_SITE))).toBeGreaterThan(10);
    expect(expectEveryLinkResolves(await builtFolder(path.join(ROOT, 'test/fixtures/site')))).toBeGreaterThanOrEqual(3);
    // the demo docs: many pages, links of every kind between them
    const demo = await builtFolder(path.join(ROOT, 'content-fixtures'));
    expect(expectEveryLinkResolves(demo)).toBeGreaterThan(53);
    const manifest = JSON.parse(demo.get(DIGEST_FILES.manifest) ?? '{}') as { counts: { pages: number } };
    expect(agentFiles(demo).length).toBe(2 + manifest.counts.pages);
  });
});

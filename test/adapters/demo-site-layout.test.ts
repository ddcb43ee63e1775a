import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createDemoSite, type DemoSite } from '../../pipeline/adapters/demo-site/index.ts';
import type { CliIO } from '../../pipeline/cli/io.ts';
import { runCli } from '../../pipeline/cli/main.ts';
import { tempFoldersPerTest } from '../support/temp-folder.ts';

// The docs layout of the preview: table of contents, previous/next, breadcrumbs, highlighted
// code, tabs and callouts of each generator's syntax, the home overview and the 404 page.

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const DIGEST = path.join(ROOT, 'digest');
const tempFolder = tempFoldersPerTest();

/** A content folder and a digest manifest for `generator` beside it (the repository digest's, its site changed). */
async function docs(files: Record<string, string>, generator = 'plain'): Promise<{ contentDir: string; digestDir: string }> {
  const { dir } = await tempFolder(Object.fromEntries(Object.entries(files).map(([file, text]) => [`content/${file}`, text])));
  const manifest = JSON.parse(await readFile(path.join(DIGEST, 'manifest.json'), 'utf8')) as { site: Record<string, unknown> };
  await mkdir(path.join(dir, 'digest'));
  await writeFile(path.join(dir, 'digest', 'manifest.json'), JSON.stringify({ ...manifest, site: { ...manifest.site, generator } }));
  return { contentDir: path.join(dir, 'content'), digestDir: path.join(dir, 'digest') };
}

async function siteOf(files: Record<string, string>, generator = 'plain'): Promise<DemoSite> {
  const { contentDir, digestDir } = await docs(files, generator);
  return createDemoSite({ contentDir, digestDir, endpoint: '/api/ask', log: () => undefined });
}

async function html(site: DemoSite, urlPath: string): Promise<string> {
  const response = await site(new Request(`http://docs.test${urlPath}`));
  if (response === null) throw new Error(`no page at ${urlPath}`);
  expect(response.status, urlPath).toBe(200);
  return response.text();
}

function article(page: string): string {
  return /<article>([\s\S]*?)<\/article>/.exec(page)?.[1] ?? '';
}

/** Each tab group of a page: its tab labels, and the text of each panel. */
function tabGroups(page: string): { labels: string[]; panels: string[] }[] {
  return [...page.matchAll(/<div class="tabs">([\s\S]*?)<\/div><\/div>(?=\s*(?:<\/|<[a-z]|$))/g)].map((group) => ({
    labels: [...(group[1] ?? '').matchAll(/<button type="button" role="tab"[^>]*>([^<]*)<\/button>/g)].map((match) => match[1] ?? ''),
    panels: [...(group[0] ?? '').matchAll(/role="tabpanel"[^>]*>([\s\S]*?)<\/div>/g)].map((match) => (match[1] ?? '').replace(/<[^>]+>/g, '').trim()),
  }));
}

describe('the docs layout', () => {
  it('has breadcrumbs from the sidebar group, a table of contents of the ## and ### headings, and previous/next in sidebar order', async () => {
    const site = await siteOf({
      'index.md': '# Home\n\nWelcome.\n',
      'guide/a.md': '# Alpha\n\n## First part\n\nText.\n\n### A detail\n\nMore.\n\n#### Too deep\n\nSkip.\n\n## Second part\n\nEnd.\n',
      'guide/b.md': '# Beta\n\nNo headings.\n',
    });
    const home = await html(site, '/');
    const alpha = await html(site, '/guide/a');
    const sidebarOrder = [...(/<nav class="sidebar"[\s\S]*?<\/nav>/.exec(alpha)?.[0] ?? '').matchAll(/href="([^"]*)"/g)].map((match) => match[1]);
    expect(sidebarOrder).toEqual(['/', '/guide/a', '/guide/b']);
    expect(alpha).toMatch(/<nav class="breadcrumbs" aria-label="Breadcrumbs"><ol><li><a href="\/">Home<\/a><\/li><li>Guide<\/li><li aria-current="page">Alpha<\/li><\/ol><\/nav>/);
    const toc = /<nav class="toc"[\s\S]*?<\/nav>/.exec(alpha)?.[0] ?? '';
    expect([...toc.matchAll(/<li class="toc-h(\d)"><a href="#([^"]*)">([^<]*)<\/a>/g)].map((match) => match.slice(1))).toEqual([
      ['2', 'first-part', 'First part'],
      ['3', 'a-detail', 'A detail'],
      ['2', 'second-part', 'Second part'],
    ]);
    for (const id of ['first-part', 'a-detail', 'second-part']) expect(alpha).toContain(`id="${id}"`);
    const pager = (page: string) => [...(/<nav class="pager"[\s\S]*?<\/nav>/.exec(page)?.[0] ?? '').matchAll(/rel="(prev|next)" href="([^"]*)"/g)].map((match) => `${match[1]} ${match[2]}`);
    expect(pager(alpha)).toEqual(['prev /', 'next /guide/b']);
    expect(pager(await html(site, '/guide/b'))).toEqual(['prev /guide/a']);
    expect(pager(home)).toEqual(['next /guide/a']);
    // a page without ## headings has no table of contents; the root page is the home page
    expect(await html(site, '/guide/b')).not.toContain('class="toc"');
    expect(article(home)).toContain('<h1>Home</h1>');
  });

  it('highlights code of a known language at render time, leaves an unknown or missing one plain', async () => {
    const site = await siteOf({
      'index.md': '# Code\n\n```js\nconst answer = 42; // yes\n```\n\n```no-such-language\nconst plain = 1;\n```\n\n```\nno language\n```\n',
    });
    const body = article(await html(site, '/'));
    expect(body).toContain('<code class="hljs language-js" tabindex="0"><span class="hljs-keyword">const</span> answer = <span class="hljs-number">42</span>; <span class="hljs-comment">// yes</span>');
    expect(body).toContain('<code class="hljs language-no-such-language" tabindex="0">const plain = 1;\n</code>');
    expect(body).toContain('<code tabindex="0">no language\n</code>');
  });

  it('renders Docusaurus <Tabs>/<TabItem label> and admonitions, VitePress code groups and containers, as tabs and labelled callouts', async () => {
    const docusaurus = await siteOf(
      {
        'intro.mdx': [
          "import Tabs from '@theme/Tabs';",
          '',
          '# Intro',
          '',
          '<Tabs>',
          '  <TabItem value="npm" label="npm">',
          '',
          '```sh',
          'npm install',
          '```',
          '',
          '  </TabItem>',
          '  <TabItem value="yarn">',
          '',
          'Use yarn.',
          '',
          '  </TabItem>',
          '</Tabs>',
          '',
          ':::tip[Good to know]',
          '',
          'Tabs **work**.',
          '',
          ':::',
          '',
          ':::danger',
          'Careful.',
          ':::',
          '',
          '```md',
          ':::note',
          'an example, not a callout',
          ':::',
          '```',
          '',
        ].join('\n'),
      },
      'docusaurus',
    );
    const intro = article(await html(docusaurus, '/intro'));
    expect(tabGroups(intro)).toEqual([{ labels: ['npm', 'yarn'], panels: ['npm install', 'Use yarn.'] }]);
    expect(intro).toMatch(/<div class="tab-panel" role="tabpanel" id="ask-panel-1-1" aria-labelledby="ask-tab-1-1" tabindex="0" hidden>/);
    expect(intro).toContain('<aside class="callout callout-tip"><p class="callout-title">Good to know</p><p>Tabs <strong>work</strong>.</p></aside>');
    expect(intro).toContain('<aside class="callout callout-danger"><p class="callout-title">Danger</p><p>Careful.</p></aside>');
    expect(intro).toContain(':::note\nan example, not a callout\n:::');
    expect(intro).not.toMatch(/Good to know<\/p>\s*<p>Good to know|\[Good to know\]/);

    const vitepress = await siteOf(
      { 'index.md': '# Home\n\n::: code-group\n```sh [npm]\nnpm i\n```\n```sh [pnpm]\npnpm i\n```\n:::\n\n::: warning Mind this\nBody text.\n:::\n\n::: details Click me\nHidden text.\n:::\n' },
      'vitepress',
    );
    const home = article(await html(vitepress, '/'));
    expect(tabGroups(home)).toEqual([{ labels: ['npm', 'pnpm'], panels: ['npm i', 'pnpm i'] }]);
    expect(home).toContain('<aside class="callout callout-warning"><p class="callout-title">Mind this</p><p>Body text.</p></aside>');
    expect(home).toContain('<details class="details"><summary>Click me</summary><p>Hidden text.</p></details>');
    expect(home).not.toContain(':::');
  });

  it('renders MkDocs admonitions, collapsible blocks and content tabs, Mintlify and Starlight callouts', async () => {
    const mkdocs = await siteOf(
      {
        'index.md': [
          '# Home',
          '',
          '!!! note "A :material-star: title"',
          '    First line',
          '    second line.',
          '',
          '    Second paragraph.',
          '',
          '???+ tip',
          '',
          '    Open by default.',
          '',
          '=== "One"',
          '',
          '    ```py',
          '    print(1)',
          '    ```',
          '',
          '=== "Two"',
          '',
          '    Two text.',
          '',
          'After.',
          '',
        ].join('\n'),
      },
      'mkdocs',
    );
    const home = article(await html(mkdocs, '/'));
    expect(home).toContain('<aside class="callout callout-note"><p class="callout-title">A title</p><p>First line\nsecond line.</p><p>Second paragraph.</p></aside>');
    expect(home).toContain('<details class="details" open><summary>Tip</summary><p>Open by default.</p></details>');
    expect(tabGroups(home)).toEqual([{ labels: ['One', 'Two'], panels: ['print(1)', 'Two text.'] }]);
    expect(home).toContain('<p>After.</p>');
    expect(home).not.toMatch(/<br>|!!!|===/);

    const mintlify = await siteOf({ 'index.mdx': '# Home\n\n<Note>Heads up.</Note>\n\n<Warning>\nMind the gap.\n</Warning>\n' }, 'mintlify');
    const notes = article(await html(mintlify, '/'));
    // a one-line `<Note>…</Note>` too, as Mintlify pages mostly write them
    expect(notes).toContain('<aside class="callout callout-note"><p class="callout-title">Note</p><p>Heads up.</p></aside>');
    expect(notes).toMatch(/<aside class="callout callout-warning"><p class="callout-title">Warning<\/p><p>Mind the gap\.<\/p><\/aside>/);

    const starlight = await siteOf({ 'index.mdx': "---\ntitle: Home\n---\nimport { Aside } from '@astrojs/starlight/components';\n\n:::caution[Watch out]\nSharp edges.\n:::\n\n<Aside type=\"tip\" title=\"Hint\">Try it.</Aside>\n" }, 'starlight');
    const asides = article(await html(starlight, '/'));
    expect(asides).toContain('<aside class="callout callout-caution"><p class="callout-title">Watch out</p><p>Sharp edges.</p></aside>');
    expect(asides).toContain('<aside class="callout callout-tip"><p class="callout-title">Hint</p><p>Try it.</p></aside>');
  });

  it('serves the tab script the tab pages load, and no script on a page without tabs', async () => {
    const site = await siteOf({ 'index.mdx': '# Home\n\n<Tabs><TabItem label="A">\n\na\n\n</TabItem><TabItem label="B">\n\nb\n\n</TabItem></Tabs>\n', 'plain.md': '# Plain\n\nText.\n' });
    expect(await html(site, '/')).toContain('<script type="module" src="/ask-demo-tabs.js"></script>');
    expect(await html(site, '/plain')).not.toContain('ask-demo-tabs.js');
    const script = await site(new Request('http://docs.test/ask-demo-tabs.js'));
    expect(script?.status).toBe(200);
    expect(script?.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await script?.text()).toContain('[role="tablist"]');
  });
});

describe('the 404 page', () => {
  it('is the layout with a not-found message and status 404', async () => {
    const site = await siteOf({ 'index.md': '# Home\n\nHi.\n' });
    const response = await site.notFound(new Request('http://docs.test/no/such/page'));
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    const body = await response.text();
    expect(body).toContain('<h1>Page not found</h1>');
    expect(body).toContain('<code>/no/such/page</code>');
    expect(body).toMatch(/<nav class="sidebar"[\s\S]*href="\/"/);
    expect(body).toContain('<ask-search endpoint="/api/ask"');
  });

  it('is what ask serve --content answers a browser for an unknown path, the JSON error for a client that prefers JSON', async () => {
    const { contentDir, digestDir } = await docs({ 'index.md': '# Home\n\nHi.\n' });
    let stop = (): void => {};
    const stopSignal = new Promise<void>((resolve) => (stop = resolve));
    let listening: (line: string) => void = () => {};
    const first = new Promise<string>((resolve) => (listening = resolve));
    const io: CliIO = { out: (line) => listening(line), err: () => undefined, env: {}, cwd: ROOT, interactive: false, stopSignal };
    const exit = runCli(['serve', '--port', '0', '--digest', digestDir, '--content', contentDir], io);
    const url = /^listening on (http:\/\/\S+)$/.exec(await first)?.[1] ?? '';
    try {
      const browser = await fetch(`${url}/missing/page`, { headers: { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' } });
      expect(browser.status).toBe(404);
      expect(browser.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(await browser.text()).toContain('<h1>Page not found</h1>');
      for (const accept of ['application/json', 'application/json, text/html;q=0.5']) {
        const client = await fetch(`${url}/missing/page`, { headers: { accept } });
        expect(client.status, accept).toBe(404);
        expect(await client.json(), accept).toEqual({ error: 'Not found.' });
      }
      // the routes still answer, and a page is still a page
      expect((await fetch(`${url}/`)).status).toBe(200);
      expect((await fetch(`${url}/api/ask`)).headers.get('content-type')).toMatch(/json/);
    } finally {
      stop();
      expect(await exit).toBe(0);
    }
  });
});

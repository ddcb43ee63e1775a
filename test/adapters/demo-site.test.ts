import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createDemoSite, type DemoSite } from '../../pipeline/adapters/demo-site/index.ts';
import type { CliIO } from '../../pipeline/cli/io.ts';
import { runCli } from '../../pipeline/cli/main.ts';
import { loadContent } from '../../pipeline/content/index.ts';
import { generatorNamed } from '../../pipeline/content/generators/registry.ts';
import { contentSiteOf } from '../../pipeline/compile/check.ts';
import { readManifest } from '../../pipeline/digest/read.ts';
import { groupLabel } from '../../pipeline/distill/offline/context.ts';
import type { Page } from '../../pipeline/types.ts';
import { tempFoldersPerTest } from '../support/temp-folder.ts';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const CONTENT = path.join(ROOT, 'content-fixtures');
const DIGEST = path.join(ROOT, 'digest');
const GENERATORS = path.join(ROOT, 'test', 'fixtures', 'generators');
const tempFolder = tempFoldersPerTest();

function decode(text: string): string {
  const named: Record<string, string> = { amp: '&', quot: '"', lt: '<', gt: '>', apos: "'" };
  return text.replace(/&(?:#x([0-9a-f]+)|#(\d+)|(\w+));/gi, (whole, hex?: string, dec?: string, name?: string) =>
    hex ? String.fromCodePoint(parseInt(hex, 16)) : dec ? String.fromCodePoint(Number(dec)) : (named[name ?? ''] ?? whole),
  );
}

/** The ids of the page's h2/h3 headings, in order. */
function headingIds(html: string): string[] {
  return [...html.matchAll(/<h[23]\b[^>]*?\sid="([^"]*)"/g)].map((match) => decode(match[1] ?? ''));
}

async function getPage(site: DemoSite, urlPath: string, method = 'GET'): Promise<Response> {
  const response = await site(new Request(`http://docs.test${urlPath}`, { method }));
  if (response === null) throw new Error(`no page at ${urlPath}`);
  return response;
}

async function html(site: DemoSite, urlPath: string): Promise<string> {
  const response = await getPage(site, urlPath);
  expect(response.status, urlPath).toBe(200);
  expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
  return response.text();
}

/** Each page of a content folder, read with a digest's site options and site url ''. */
async function pagesOf(contentDir: string, digestDir: string) {
  const manifest = await readManifest(digestDir);
  if (manifest === null) throw new Error(`no digest in ${digestDir}`);
  return { manifest, content: await loadContent({ ...contentSiteOf(manifest), contentDir, siteUrl: '' }) };
}

/** Every section the digest gives an anchor has a heading with exactly that id on its page; no id twice. */
async function expectAnchorsOnPages(site: DemoSite, pages: readonly Page[], sectionIds: readonly string[]): Promise<number> {
  const bySlug = new Map(pages.map((page) => [page.slug, page]));
  let checked = 0;
  for (const page of pages) {
    const text = await html(site, page.url);
    const expected = sectionIds.filter((id) => id.startsWith(`${page.slug}#`)).map((id) => id.slice(page.slug.length + 1));
    expect(headingIds(text).sort(), page.url).toEqual([...expected].sort());
    const allIds = [...text.matchAll(/\sid="([^"]*)"/g)].map((match) => match[1]);
    expect(new Set(allIds).size, `${page.url}: an id appears twice`).toBe(allIds.length);
    checked += expected.length;
  }
  for (const id of sectionIds) expect(bySlug.has(id.split('#')[0] ?? ''), id).toBe(true);
  return checked;
}

describe('demo site over content-fixtures and its digest', () => {
  const site = createDemoSite({ contentDir: CONTENT, digestDir: DIGEST, endpoint: '/api/ask' });

  it('gives every section of the digest its anchor as the id of its heading, on its page', async () => {
    const { manifest, content } = await pagesOf(CONTENT, DIGEST);
    const anchored = Object.keys(manifest.sections).filter((id) => id.includes('#'));
    expect(await expectAnchorsOnPages(site, content.pages, anchored)).toBe(anchored.length);
    expect(anchored.length).toBeGreaterThan(100);
  });

  it('links every page once in a sidebar grouped by page.group (no label for the pages outside a group), the current page marked', async () => {
    const { content } = await pagesOf(CONTENT, DIGEST);
    const text = await html(site, '/concepts/workspaces');
    const nav = /<nav\b[^>]*>([\s\S]*?)<\/nav>/.exec(text)?.[1] ?? '';
    // the pages outside any group lead, with no label of their own
    const groups = [...nav.matchAll(/<div class="nav-group">(?:<p class="nav-group-label"[^>]*>([^<]*)<\/p>)?<ul[^>]*>([\s\S]*?)<\/ul>/g)].map((match) => ({
      label: match[1] === undefined ? null : decode(match[1]),
      hrefs: [...(match[2] ?? '').matchAll(/href="([^"]*)"/g)].map((href) => decode(href[1] ?? '')),
    }));
    expect(groups.flatMap((group) => group.hrefs).sort()).toEqual(content.pages.map((page) => page.url).sort());
    for (const page of content.pages) {
      expect(groups.find((group) => group.hrefs.includes(page.url))?.label, page.url).toBe(page.group === null ? null : groupLabel(page.group));
    }
    expect(new Set(groups.map((group) => group.label)).size).toBe(groups.length);
    expect([...nav.matchAll(/aria-current="page"/g)]).toHaveLength(1);
    expect(nav).toContain('<a href="/concepts/workspaces" aria-current="page">Workspaces</a>');
  });

  it('has the search element and the overlay files in the header, and the title as the h1', async () => {
    const text = await html(site, '/reference/status-codes');
    expect(text).toMatch(/<header\b[\s\S]*<ask-search endpoint="\/api\/ask"[^>]*><\/ask-search>[\s\S]*<\/header>/);
    expect(text).toContain('<link rel="stylesheet" href="/ask-search.css">');
    expect(text).toContain('<script type="module" src="/ask-search.js"></script>');
    expect(text).toMatch(/<meta name="viewport"/);
    // status-codes.md has no `#` heading: its file-name title is the h1
    expect([...text.matchAll(/<h1>([^<]*)<\/h1>/g)].map((match) => match[1])).toEqual(['status-codes']);
    expect([...(await html(site, '/concepts/workspaces')).matchAll(/<h1>/g)]).toHaveLength(1);
  });

  it('serves the home page at /, pages with and without a trailing slash, HEAD without a body, null for the rest', async () => {
    // no index.md at the root of content-fixtures: an overview of the sidebar's groups, each page linked, none current
    const { content } = await pagesOf(CONTENT, DIGEST);
    const home = await html(site, '/');
    const article = /<article>([\s\S]*?)<\/article>/.exec(home)?.[1] ?? '';
    expect(article).toMatch(/<h1>[^<]+<\/h1>/);
    expect([...article.matchAll(/<h2>([^<]*)<\/h2>/g)].map((match) => decode(match[1] ?? ''))).toEqual(expect.arrayContaining(['Ask', 'Concepts', 'Reference']));
    expect([...article.matchAll(/href="([^"]*)"/g)].map((match) => decode(match[1] ?? '')).sort()).toEqual(content.pages.map((page) => page.url).sort());
    expect(home).not.toContain('aria-current="page"');
    expect(await html(site, '/concepts/workspaces/')).toBe(await html(site, '/concepts/workspaces'));
    const head = await getPage(site, '/concepts/workspaces', 'HEAD');
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    for (const [method, urlPath] of [['GET', '/api/ask'], ['GET', '/nope'], ['POST', '/concepts/workspaces'], ['GET', '/ask-search.js']] as const) {
      expect(await site(new Request(`http://docs.test${urlPath}`, { method })), `${method} ${urlPath}`).toBeNull();
    }
  });
});

describe('demo site over other content', () => {
  it("shows the content's index.md at / and never emits content's scripts, handlers or javascript: links", async () => {
    const { dir } = await tempFolder({
      'index.md': '# Home\n\nWelcome.\n',
      'guide/unsafe.md': [
        '# Unsafe',
        '',
        '<script>window.hacked = 1</script>',
        '',
        'Text <img src="x" onerror="window.hacked = 2"> and [click](javascript:alert(1)) and [tab](<java\tscript:alert(1)>) and [ok](https://example.com/a).',
        '',
        '![pic](javascript:alert(1)) [ref][r]',
        '',
        '[r]: JAVASCRIPT:alert(1)',
        '',
        '## Still here',
        '',
        'End.',
        '',
      ].join('\n'),
      'guide/widgets.mdx': [
        "import Callout from './callout.js';",
        '',
        '# Widgets',
        '',
        '<Callout type="warning">',
        '',
        'Careful **now**.',
        '',
        '</Callout>',
        '',
        '<script>{"window.hacked = 3"}</script>',
        '',
        '{/* hidden comment */}',
        '',
        '## Props <Badge text="x">new</Badge>',
        '',
      ].join('\n'),
    });
    const site = createDemoSite({ contentDir: dir, digestDir: path.join(dir, 'no-digest'), endpoint: '/docs/ask' });
    const home = await html(site, '/');
    expect(home).toContain('<h1>Home</h1>');
    expect(home).toContain('<a href="/" aria-current="page">Home</a>');
    expect(home).toContain('<ask-search endpoint="/docs/ask"');
    for (const urlPath of ['/guide/unsafe', '/guide/widgets']) {
      const text = await html(site, urlPath);
      expect([...text.matchAll(/<script\b[^>]*>/gi)].map((match) => match[0]), urlPath).toEqual(['<script type="module" src="/ask-search.js">']);
      expect(text).not.toMatch(/hacked|onerror|javascript:|<img|<iframe/i);
    }
    const unsafe = await html(site, '/guide/unsafe');
    expect(unsafe).toContain('<a href="https://example.com/a">ok</a>');
    expect(unsafe).toMatch(/and click and tab and/);
    expect(headingIds(unsafe)).toEqual(['still-here']);
    const widgets = await html(site, '/guide/widgets');
    expect(widgets).toContain('<aside class="callout callout-warning"><p class="callout-title">Warning</p><p>Careful <strong>now</strong>.</p></aside>');
    expect(widgets).not.toMatch(/import Callout|hidden comment/);
    expect(widgets).toMatch(/<h2 id="props-new">Props <span class="mdx mdx-badge">new<\/span><\/h2>/);
  });

  // each generator fixture's own custom-id syntax ({#id}, {/* #id */}...) and duplicate rules
  it.each([
    ['docusaurus', 'docusaurus/docs', [], ['install-step', 'colours', 'ship-it']],
    ['vitepress', 'vitepress/site', ['parts/**'], ['output', 'setext-custom']],
    ['hugo', 'hugo/content', [], ['stable']],
    ['mintlify', 'mintlify', ['README.md'], ['my-anchor']],
    ['mkdocs', 'mkdocs/docs', [], []],
    ['starlight', 'starlight/src/content/docs', [], []],
    ['nextra', 'nextra/content', [], []],
  ] as const)('gives the %s fixture the digest anchors, its custom ids included', async (generator, folder, exclude, customIds) => {
    const contentDir = path.join(GENERATORS, folder);
    const { dir: digestDir } = await tempFolder();
    const manifest = JSON.parse(await readFile(path.join(DIGEST, 'manifest.json'), 'utf8')) as { site: Record<string, unknown> };
    const site = { ...manifest.site, generator, ...generatorNamed(generator).urlStyle, exclude };
    await writeFile(path.join(digestDir, 'manifest.json'), JSON.stringify({ ...manifest, site }));
    const { content } = await pagesOf(contentDir, digestDir);
    const demo = createDemoSite({ contentDir, digestDir, endpoint: '/api/ask' });
    const anchored = content.sections.flatMap((section) => (section.anchor === null ? [] : [section.id]));
    expect(await expectAnchorsOnPages(demo, content.pages, anchored)).toBe(anchored.length);
    const all = (await Promise.all(content.pages.map((page) => html(demo, page.url)))).join('\n');
    for (const id of customIds) {
      expect(headingIds(all)).toContain(id);
      expect(all).not.toContain(`{#${id}}`);
    }
  });
});

interface Served {
  readonly url: string;
  readonly err: string[];
  stop(): Promise<number>;
}

/** `ask serve ...argv` in this process on a free port (in `cwd`, default the repository's root), until `stop`. */
async function serve(argv: readonly string[], cwd = ROOT): Promise<Served> {
  let stop = (): void => {};
  const stopSignal = new Promise<void>((resolve) => (stop = resolve));
  const err: string[] = [];
  let listening: (line: string) => void = () => {};
  const first = new Promise<string>((resolve) => (listening = resolve));
  const io: CliIO = { out: (line) => listening(line), err: (line) => err.push(line), env: {}, cwd, interactive: false, stopSignal };
  const exit = runCli(['serve', '--port', '0', ...argv], io);
  const line = await Promise.race([first, exit.then((code) => Promise.reject(new Error(`exited ${code}: ${err.join(' ')}`)))]);
  const url = /^listening on (http:\/\/\S+)$/.exec(line)?.[1];
  if (url === undefined) throw new Error(`first line was '${line}'`);
  return { url, err, stop: () => (stop(), exit) };
}

describe('ask serve --content', () => {
  it('serves the pages, the ask routes and the bundled element', async () => {
    const server = await serve(['--digest', 'digest', '--content', 'content-fixtures']);
    try {
      const page = await fetch(`${server.url}/concepts/workspaces`);
      expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(await page.text()).toMatch(/<ask-search endpoint="\/api\/ask"/);
      expect(await (await fetch(`${server.url}/`)).text()).toContain('<a href="/ask">What is ask?</a>');
      const ask = await fetch(`${server.url}/api/ask`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: 'workspace deadline', mode: 'agentic' }) });
      expect(ask.status).toBe(200);
      const answer = (await ask.json()) as { mode: string; results: { url: string }[]; warning?: string };
      expect(answer.mode).toBe('keyword');
      expect(answer.results.length).toBeGreaterThan(0);
      expect(answer.warning).toMatch(/API key/);
      // a result's deep link is a page of this site with a heading of that id
      const [target, anchor] = (answer.results.find((result) => result.url.includes('#'))?.url ?? '').split('#');
      expect(headingIds(await (await fetch(`${server.url}${target}`)).text())).toContain(anchor);
      expect((await fetch(`${server.url}/api/ask`)).headers.get('content-type')).toMatch(/json/);
      const js = await fetch(`${server.url}/ask-search.js`);
      expect(js.status).toBe(200);
      expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
      expect(js.headers.get('cache-control')).toBe('no-cache');
      expect(await js.text()).toContain('ask-search');
      const css = await fetch(`${server.url}/ask-search.css`);
      expect(css.status).toBe(200);
      expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });

  it('keeps the route table at / without --content', async () => {
    // outside this repository, whose ask.config.json names its content folder
    const server = await serve(['--digest', DIGEST], (await tempFolder()).dir);
    try {
      const root = await (await fetch(`${server.url}/`)).text();
      expect(root).toContain('<table>');
      expect(root).not.toContain('<ask-search');
      expect((await fetch(`${server.url}/ask-search.css`)).headers.get('content-type')).toBe('text/css; charset=utf-8');
      expect((await fetch(`${server.url}/concepts/workspaces`)).status).toBe(404);
    } finally {
      expect(await server.stop()).toBe(0);
    }
  });
});

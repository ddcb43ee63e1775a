import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createDemoSite, type DemoSite } from '../../pipeline/adapters/demo-site/index.ts';
import { tempFoldersPerTest } from '../support/temp-folder.ts';

// The preview's links: every internal link of a page is a page url of the preview, decided by
// the digest's one link resolver; a link to no page is its text (logged once); the rest as written.

const DIGEST = path.resolve(import.meta.dirname, '..', '..', 'digest');
const tempFolder = tempFoldersPerTest();

/** A content folder and a digest manifest beside it (the repository digest's, with `site` and `siteUrl` changed). */
async function docs(files: Record<string, string>, site: Record<string, unknown> = {}, siteUrl = ''): Promise<{ contentDir: string; digestDir: string }> {
  const { dir } = await tempFolder(Object.fromEntries(Object.entries(files).map(([file, text]) => [`content/${file}`, text])));
  const manifest = JSON.parse(await readFile(path.join(DIGEST, 'manifest.json'), 'utf8')) as { site: Record<string, unknown> };
  await mkdir(path.join(dir, 'digest'));
  await writeFile(path.join(dir, 'digest', 'manifest.json'), JSON.stringify({ ...manifest, siteUrl, site: { ...manifest.site, ...site } }));
  return { contentDir: path.join(dir, 'content'), digestDir: path.join(dir, 'digest') };
}

async function html(site: DemoSite, urlPath: string): Promise<string> {
  const response = await site(new Request(`http://docs.test${urlPath}`));
  if (response === null) throw new Error(`no page at ${urlPath}`);
  expect(response.status, urlPath).toBe(200);
  return response.text();
}

/** The article's links, as `text -> href`. */
function articleLinks(page: string): Record<string, string> {
  const article = /<article>([\s\S]*?)<\/article>/.exec(page)?.[1] ?? '';
  return Object.fromEntries([...article.matchAll(/<a href="([^"]*)"[^>]*>([^<]*)<\/a>/g)].map((match) => [match[2] ?? '', (match[1] ?? '').replace(/&#x26;|&amp;/g, '&')]));
}

describe('the links of the preview', () => {
  it('points relative, root-relative, .md/.mdx and extensionless links at the pages, keeps external links and images, and makes links to no page their text, logged once', async () => {
    const { contentDir, digestDir } = await docs({
      'index.md': '# Home\n\nSee [the guide](./guide/intro.md).\n',
      'guide/intro.md': [
        '# Intro',
        '',
        '[next](./setup.md) [setup anchor](setup.md#install-it) [up](../index.md) [folder](../reference/index.md) [root](/reference/api)',
        '[mdx](../reference/api.mdx#the-list) [bare](setup) [self](#more) [gone](./missing.md) [gone again](./missing.md) [web](https://example.com/x) [mail](mailto:a@example.com)',
        '[bad anchor](setup.md#no-such-heading) [ref link][r] [dead ref][d]',
        '',
        '![diagram](./diagram.png)',
        '',
        '[r]: ./setup.md',
        '[d]: ./nowhere.md',
        '',
        '## More',
        '',
        'Text.',
        '',
      ].join('\n'),
      'guide/setup.md': '# Setup\n\n## Install it\n\nRun it.\n',
      'reference/index.md': '# Reference\n\nAll of it.\n',
      'reference/api.mdx': '# API\n\n## The list\n\nItems.\n',
    });
    const lines: string[] = [];
    const site = createDemoSite({ contentDir, digestDir, endpoint: '/api/ask', log: (line) => lines.push(line) });
    expect(articleLinks(await html(site, '/'))).toEqual({ 'the guide': '/guide/intro' });
    const intro = await html(site, '/guide/intro');
    expect(articleLinks(intro)).toEqual({
      next: '/guide/setup',
      'setup anchor': '/guide/setup#install-it',
      up: '/',
      folder: '/reference',
      root: '/reference/api',
      mdx: '/reference/api#the-list',
      bare: '/guide/setup',
      self: '/guide/intro#more',
      web: 'https://example.com/x',
      mail: 'mailto:a@example.com',
      'bad anchor': '/guide/setup',
      'ref link': '/guide/setup',
    });
    // links to no page are their text; the image stays as written
    expect(intro).toMatch(/ gone gone again /);
    expect(intro).toMatch(/ dead ref</);
    expect(intro).toContain('<img src="./diagram.png" alt="diagram">');
    expect(lines.filter((line) => line.includes('guide/intro.md'))).toHaveLength(1);
    const [line = ''] = lines;
    expect(line).toContain('guide/intro.md: links to no page of the site shown as text: ');
    expect(line.split(': ').at(-1)?.split(', ').sort()).toEqual(['./missing.md', './nowhere.md']);
    // rendered once: a second request logs nothing new
    await html(site, '/guide/intro');
    expect(lines).toHaveLength(1);
  });

  it('reads a root-relative link under the path of the digest site url as the digest does: a page served at the root here', async () => {
    const { contentDir, digestDir } = await docs(
      { 'index.md': '# Home\n\n[setup](/base/guide/setup#install-it) [base](/base/) [outside](/elsewhere/guide/setup) [plain](/guide/setup)\n', 'guide/setup.md': '# Setup\n\n## Install it\n\nRun.\n' },
      {},
      'https://docs.example.com/base/',
    );
    const lines: string[] = [];
    const page = await html(createDemoSite({ contentDir, digestDir, endpoint: '/api/ask', log: (line) => lines.push(line) }), '/');
    expect(articleLinks(page)).toEqual({ setup: '/guide/setup#install-it', base: '/', plain: '/guide/setup' });
    expect(page).toMatch(/ outside /);
    expect(lines).toEqual(['ask: index.md: links to no page of the site shown as text: /elsewhere/guide/setup']);
  });

  it('tells the search element the digest site url, so results under it open on the preview', async () => {
    const { contentDir, digestDir } = await docs({ 'index.md': '# Home\n\nHi.\n' }, {}, 'https://docs.example.com/base');
    const site = createDemoSite({ contentDir, digestDir, endpoint: '/api/ask' });
    expect(await html(site, '/')).toMatch(/<ask-search endpoint="\/api\/ask" site-url="https:\/\/docs\.example\.com\/base"[^>]*><\/ask-search>/);
    const { contentDir: plain, digestDir: noUrl } = await docs({ 'index.md': '# Home\n\nHi.\n' });
    expect(await html(createDemoSite({ contentDir: plain, digestDir: noUrl, endpoint: '/api/ask' }), '/')).not.toContain('site-url=');
  });
});

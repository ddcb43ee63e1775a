import { execFile } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { Miniflare } from 'miniflare';
import { parse as parseToml } from 'smol-toml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { astroBuild, startBuiltSite } from '../fixtures/astro/project.ts';
import { launchBrowser, type TestBrowser } from '../support/browser.ts';
import { docSnippets } from '../support/doc-snippets.ts';
import { startListening, type ListeningProcess } from '../support/listening-process.ts';
import { cleanEnvironment, installPackage, projectFolder, removeProject } from '../support/packed-package.ts';

const run = promisify(execFile);

const PAGES: Record<string, string> = {
  'docs/index.md': '# Kettle\n\nKettle boils water for the office.\n\n## Descale the kettle\n\nPour in vinegar and leave it for an hour.\n',
  'docs/guide/filters.md': '# Filters\n\nThe filter stops limescale.\n\n## Replace the filter\n\nPull the old filter up and press the new one down.\n',
};

const keyword = (query: string): RequestInit => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query, mode: 'keyword' }) });

async function firstResultUrl(response: Response): Promise<string | undefined> {
  expect(response.status).toBe(200);
  return ((await response.json()) as { results: { url: string }[] }).results[0]?.url;
}

/**
 * docs/hosts.md, snippet by snippet, in a project that installed the packed package (the
 * Starlight snippet runs in test/adapters/starlight.test.ts).
 */
describe('docs/hosts.md', () => {
  let project = '';
  let snippets = new Map<string, string>();
  const servers: ListeningProcess[] = [];

  const snippet = (name: string): string => {
    const text = snippets.get(name);
    if (text === undefined) throw new Error(`docs/hosts.md has no snippet ${name}`);
    return text;
  };

  beforeAll(async () => {
    snippets = await docSnippets('docs/hosts.md');
    project = await projectFolder('hosts');
    await installPackage(project);
    for (const [file, text] of Object.entries(PAGES)) {
      await mkdir(path.dirname(path.join(project, file)), { recursive: true });
      await writeFile(path.join(project, file), text);
    }
    for (const [name, text] of snippets) await writeFile(path.join(project, name), text);
    // the worker page's commands, line by line, as a reader would type them
    for (const line of snippet('worker.sh').split('\n').filter((command) => command.trim() !== '')) {
      await run('sh', ['-c', line], { cwd: project, env: cleanEnvironment({ CI: 'true' }) });
    }
  }, 240_000);

  afterAll(async () => {
    for (const server of servers) await server.stop();
    await removeProject(project);
  });

  it('names every snippet the tests run', () => {
    expect([...snippets.keys()].sort()).toEqual(['astro.config.mjs', 'fetch-host.mjs', 'http-server.mjs', 'overlay.html', 'server.mjs', 'starlight.config.mjs', 'worker.sh', 'wrangler.toml']);
  });

  it('Node, server.mjs: its own server answers keyword search', async () => {
    const server = await startListening(process.execPath, ['server.mjs'], { cwd: project, env: cleanEnvironment({ PORT: '0' }) });
    servers.push(server);
    expect(await firstResultUrl(await fetch(`${server.url}/api/ask`, keyword('descale the kettle')))).toBe('/#descale-the-kettle');
  }, 30_000);

  it('Node, http-server.mjs: the listener answers its routes and leaves the rest to the site', async () => {
    const server = await startListening(process.execPath, ['http-server.mjs'], { cwd: project, env: cleanEnvironment({ PORT: '0' }) });
    servers.push(server);
    expect(await firstResultUrl(await fetch(`${server.url}/api/ask`, keyword('replace the filter')))).toBe('/guide/filters#replace-the-filter');
    expect((await fetch(`${server.url}/openapi.yaml`)).status).toBe(200);
    expect(await (await fetch(`${server.url}/elsewhere`)).text()).toBe('my site');
  }, 30_000);

  it('Workers, worker.sh and wrangler.toml: the worker they name runs on workerd', async () => {
    const config = parseToml(snippet('wrangler.toml')) as { main: string; compatibility_date: string; assets: { directory: string; binding: string; run_worker_first: boolean } };
    const miniflare = new Miniflare({
      modules: true,
      modulesRoot: project,
      scriptPath: path.join(project, config.main),
      compatibilityDate: config.compatibility_date,
      // the assets table of the snippet, as wrangler hands it to workerd
      assets: {
        directory: path.join(project, config.assets.directory),
        binding: config.assets.binding,
        routerConfig: { invoke_user_worker_ahead_of_assets: config.assets.run_worker_first, has_user_worker: true },
      },
    });
    try {
      const response = await miniflare.dispatchFetch('http://localhost/api/ask', keyword('descale the kettle') as Parameters<typeof miniflare.dispatchFetch>[1]);
      expect(response.status).toBe(200);
      expect(((await response.json()) as { results: { url: string }[] }).results[0]?.url).toBe('/#descale-the-kettle');
    } finally {
      await miniflare.dispose();
    }
  }, 60_000);

  it('Astro, astro.config.mjs: astro build, then the built server answers keyword search', async () => {
    const build = await astroBuild(project);
    expect(build.code, build.stderr).toBe(0);
    const site = await startBuiltSite(project);
    try {
      expect(await firstResultUrl(await fetch(`${site.url}/api/ask`, keyword('replace the filter')))).toBe('/guide/filters#replace-the-filter');
    } finally {
      await site.stop();
    }
  }, 120_000);

  it('any fetch host, fetch-host.mjs: its default export and its answer() serve the routes', async () => {
    const module = (await import(pathToFileURL(path.join(project, 'fetch-host.mjs')).href)) as {
      default: { fetch: (request: Request, env?: Record<string, unknown>) => Promise<Response> };
      answer: (request: Request) => Promise<Response>;
    };
    expect(await firstResultUrl(await module.default.fetch(new Request('http://host/api/ask', keyword('replace the filter')), {}))).toBe('/guide/filters#replace-the-filter');
    const sections = await module.answer(new Request('http://host/api/ask/sections'));
    expect(((await sections.json()) as { sections: unknown[] }).sections).toHaveLength(4);
  });

  describe('the search box, overlay.html', () => {
    let browser: TestBrowser;
    beforeAll(async () => {
      browser = await launchBrowser();
    });
    afterAll(async () => {
      await browser.close();
    });

    it('on a page of `ask serve`, the element loads and finds the page that answers', async () => {
      const server = await startListening('npx', ['--no-install', 'ask', 'serve', '--port', '0'], { cwd: project, env: cleanEnvironment({ CI: 'true' }) });
      servers.push(server);
      const { page } = browser;
      // the snippet as the body of a page of that server (same origin, so its root paths resolve there)
      await page.route(`${server.url}/snippet`, (route) => route.fulfill({ contentType: 'text/html', body: `<!doctype html><html><head><title>t</title></head><body>${snippet('overlay.html')}</body></html>` }));
      await page.goto(`${server.url}/snippet`);
      await page.locator('ask-search button').first().click();
      await page.keyboard.type('replace the filter');
      await expect.poll(() => page.locator('a[role=option]').first().getAttribute('href'), { timeout: 10_000 }).toBe('/guide/filters#replace-the-filter');
      expect(browser.pageErrors).toEqual([]);
    }, 60_000);
  });
});

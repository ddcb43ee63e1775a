import { readdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeProject } from '../support/packed-package.ts';
import { startFakeAnthropic } from '../support/fake-anthropic.ts';
import type { FakeModelServer } from '../support/fake-model-server.ts';
import { sentKey } from '../support/fake-providers.ts';
import { tarEntries } from '../support/tar-entries.ts';
import { readFrames } from '../runtime/agentic/helpers.ts';
import { build } from '../support/digest-tree.ts';
import { tempFoldersPerTest, writeFiles } from '../support/temp-folder.ts';
import { digestCheckLine } from '../../pipeline/adapters/astro/digest-check-line.ts';
import { builtClientStorage, folderStorage } from '../../pipeline/adapters/astro/folder-storage.ts';
import { askCli, astroBuild, makeProject, startBuiltSite, startDevServer, type RunningSite } from '../fixtures/astro/project.ts';

// A stranger's Astro site (test/fixtures/astro/garden: `output: 'server'`, @astrojs/node, three
// Markdown pages in docs/) with `ask({ content: 'docs', endpoint: '/api/lantern', model })` from
// the packed package: `astro build` lays the digest out among the site's static files
// (dist/client/_ask/), and the built Node server answers the ask tree at that endpoint from them,
// its server bundle carrying none of the digest. A second copy of the site sets Astro's `base`.

const RUNTIME_KEY = 'sk-runtime-env-key';
const PROCESS_KEY = 'sk-process-env-key';

/**
 * A page of the stranger's site that imports the element from the packed package in its
 * frontmatter (run in Node on the server, where there is no DOM) and in its client script.
 */
const OVERLAY_PAGE = `---
import { AskSearch } from 'ask-docs/overlay';
const where = AskSearch === undefined ? 'no DOM on the server' : 'a DOM on the server';
---
<html lang="en">
  <head><meta charset="utf-8"><title>Lantern</title></head>
  <body>
    <ask-search endpoint="/api/lantern"></ask-search>
    <p id="where">{where}</p>
    <script>
      import 'ask-docs/overlay';
    </script>
  </body>
</html>
`;

let project = '';
let site: RunningSite | null = null;
/** The model the site's `locals.runtime.env` points at, and the one its process environment points at. */
let runtimeModel: FakeModelServer | null = null;
let processModel: FakeModelServer | null = null;

function running(): RunningSite {
  if (site === null) throw new Error('the site is built and started in beforeAll');
  return site;
}

const post = (body: unknown) =>
  fetch(`${running().url}/api/lantern`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

beforeAll(async () => {
  [runtimeModel, processModel] = await Promise.all([startFakeAnthropic(), startFakeAnthropic()]);
  project = await makeProject('garden');
  await writeFiles(project, { 'src/pages/overlay-import.astro': OVERLAY_PAGE });
  await askCli(project, ['digest', 'build', '--content', 'docs', '--provider', 'offline']);
  const build = await astroBuild(project);
  if (build.code !== 0) throw new Error(`astro build failed: ${build.stderr}`);
  // the digest folder is gone: the built server needs none
  await rename(path.join(project, 'digest'), path.join(project, 'digest-moved'));
  site = await startBuiltSite(project, {
    ANTHROPIC_API_KEY: PROCESS_KEY,
    ANTHROPIC_BASE_URL: processModel.url,
    RUNTIME_ENV_ANTHROPIC_API_KEY: RUNTIME_KEY,
    RUNTIME_ENV_ANTHROPIC_BASE_URL: runtimeModel.url,
  });
  await rename(path.join(project, 'digest-moved'), path.join(project, 'digest'));
}, 180_000);

afterAll(async () => {
  await site?.stop();
  await Promise.all([runtimeModel?.close(), processModel?.close()]);
  if (project !== '') await removeProject(project);
});

describe('ask() in a built Astro site on @astrojs/node', () => {
  it('answers keyword search (POST {endpoint}) with the sections of the site’s own docs', async () => {
    const response = await post({ query: 'trim the wick', mode: 'keyword' });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { mode: string; results: { url: string; title: string }[] };
    expect(body.mode).toBe('keyword');
    expect(body.results[0]?.url).toBe('/guide/wicks#trim-a-wick');
    expect(body.results.every((result) => ['Lantern', 'Wicks', 'Oil'].includes(result.title))).toBe(true);
  });

  it('answers GET {endpoint} (the endpoint itself, not only below it) with suggestions and the configured model', async () => {
    const response = await fetch(`${running().url}/api/lantern`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { suggestions: string[]; model: string };
    expect(body.suggestions.length).toBeGreaterThan(0);
    expect(body.model).toBe('lantern-model');
  });

  it('serves nothing at the default endpoint, and adds nothing to pages without `overlay`', async () => {
    expect((await fetch(`${running().url}/api/ask`)).status).toBe(404);
    const home = await (await fetch(`${running().url}/`)).text();
    expect(home).toContain('<h1>Lantern</h1>');
    expect(home).not.toContain('<script');
  });

  it('serves the read routes: the section list and one section node', async () => {
    const list = (await (await fetch(`${running().url}/api/lantern/sections`)).json()) as { sections: { id: string }[] };
    expect(list.sections.map((section) => section.id)).toEqual(expect.arrayContaining(['guide/oil', 'guide/wicks#trim-a-wick', 'index#install-the-lantern']));
    const response = await fetch(`${running().url}/api/lantern/sections/guide%2Fwicks%23replace-a-wick`);
    expect(response.status).toBe(200);
    const node = (await response.json()) as { id: string; url: string };
    expect(node).toMatchObject({ id: 'guide/wicks#replace-a-wick', url: '/guide/wicks#replace-a-wick' });
  });

  it('serves the archive as a gzip tar of the digest tree', async () => {
    const response = await fetch(`${running().url}/api/lantern/archive`);
    expect(response.status).toBe(200);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([bytes[0], bytes[1]]).toEqual([0x1f, 0x8b]);
    const entries = tarEntries(bytes);
    expect(entries).toContain('manifest.json');
    expect(entries.some((entry) => entry.includes('wicks'))).toBe(true);
  });

  it('serves /openapi.yaml, describing the configured endpoint', async () => {
    const response = await fetch(`${running().url}/openapi.yaml`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/yaml/);
    const text = await response.text();
    expect(text).toMatch(/^openapi: 3\./);
    expect(text).toContain('/api/lantern/archive');
  });

  it('serves the digest\'s llms.txt at the site root and under the endpoint, the same bytes the build wrote', async () => {
    const written = await readFile(path.join(project, 'digest', 'llms.txt'), 'utf8');
    for (const route of ['/llms.txt', '/api/lantern/llms.txt']) {
      const response = await fetch(`${running().url}${route}`);
      expect(response.status).toBe(200);
      expect(await response.text()).toBe(written);
    }
    const full = await fetch(`${running().url}/llms-full.txt`);
    expect(await full.text()).toBe(await readFile(path.join(project, 'digest', 'llms-full.txt'), 'utf8'));
  });

  it('answers 404 with an Error body under the tree, as the handler does', async () => {
    const response = await fetch(`${running().url}/api/lantern/no-such-route`);
    expect(response.status).toBe(404);
    expect(await response.json()).toHaveProperty('error');
  });

  it('reads the key from locals.runtime.env before the process environment: the agentic stream calls the runtime env’s model', async () => {
    if (runtimeModel === null || processModel === null) throw new Error('fake models start in beforeAll');
    runtimeModel.script(
      { toolCalls: [{ name: 'search', args: { query: 'trim wick' } }] },
      { text: 'READY' },
      { text: ['Trim the wick to 5 mm ', '(see [Trim a wick](/guide/wicks#trim-a-wick)).'] },
    );
    const response = await post({ query: 'how short should I trim the wick', mode: 'agentic' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    if (!response.body) throw new Error('no body');
    const { frames } = await readFrames(response.body);
    const events = frames.map((frame) => frame.event);
    expect(events).toContain('sources');
    expect(events).toContain('token');
    expect(events.at(-1)).toBe('done');
    expect(runtimeModel.requests.length).toBeGreaterThan(0);
    expect(runtimeModel.requests.map(sentKey)).toEqual(runtimeModel.requests.map(() => RUNTIME_KEY));
    expect(runtimeModel.requests.map((request) => request.body.model)).toContain('lantern-model');
    expect(processModel.requests).toHaveLength(0);
  });
});

/** The text of every file under `dir`, by its path relative to `dir`. */
async function filesUnder(dir: string): Promise<Map<string, string>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
  return new Map(await Promise.all(files.map(async (file) => [path.relative(dir, file), await readFile(file, 'latin1')] as const)));
}

/** A sentence of docs/guide/oil.md, found nowhere else in the site. */
const OIL_SENTENCE = 'Unscrew the cap and pour slowly until the oil reaches the mark.';

describe('ask-docs/overlay imported by an Astro page', () => {
  it('renders on the server, the frontmatter import running in Node with no DOM', async () => {
    const response = await fetch(`${running().url}/overlay-import`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('no DOM on the server');
    expect(html).toContain('<ask-search endpoint="/api/lantern">');
  });

  it('bundles the element for the browser', async () => {
    const entries = await readdir(path.join(project, 'dist', 'client'), { withFileTypes: true, recursive: true });
    const scripts = entries.filter((entry) => entry.isFile() && entry.name.endsWith('.js')).map((entry) => path.join(entry.parentPath, entry.name));
    const texts = await Promise.all(scripts.map((file) => readFile(file, 'utf8')));
    expect(texts.some((text) => text.includes('customElements.define("ask-search"'))).toBe(true);
  });
});

describe('the built site carries the digest as static files, not in its server bundle', () => {
  it('has no section text in dist/server, and has it under dist/client/_ask', async () => {
    const server = await filesUnder(path.join(project, 'dist', 'server'));
    expect(server.size).toBeGreaterThan(0);
    expect([...server].filter(([, text]) => text.includes(OIL_SENTENCE)).map(([file]) => file)).toEqual([]);
    const client = await filesUnder(path.join(project, 'dist', 'client', '_ask'));
    expect([...client.keys()].some((file) => file.endsWith('edge.json'))).toBe(true);
    expect([...client.values()].some((text) => text.includes(OIL_SENTENCE))).toBe(true);
  });

  it('serves the digest files at /_ask/<stamp>/ as static files', async () => {
    const client = await filesUnder(path.join(project, 'dist', 'client'));
    const index = [...client.keys()].find((file) => file.endsWith('edge.json'));
    if (index === undefined) throw new Error('no edge.json in dist/client');
    const response = await fetch(`${running().url}/${index.split(path.sep).join('/')}`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(client.get(index));
  });
});

describe("ask() under Astro's `base` ('/docs')", () => {
  let based = '';
  let basedSite: RunningSite | null = null;

  function basedUrl(): string {
    if (basedSite === null) throw new Error('the site is built and started in beforeAll');
    return `${basedSite.url}/docs`;
  }

  beforeAll(async () => {
    based = await makeProject('garden');
    const config = path.join(based, 'astro.config.mjs');
    await writeFile(config, (await readFile(config, 'utf8')).replace("output: 'server',", "base: '/docs',\n  output: 'server',"));
    await askCli(based, ['digest', 'build', '--content', 'docs', '--provider', 'offline']);
    const build = await astroBuild(based);
    if (build.code !== 0) throw new Error(`astro build failed: ${build.stderr}`);
    basedSite = await startBuiltSite(based);
  }, 180_000);

  afterAll(async () => {
    await basedSite?.stop();
    if (based !== '') await removeProject(based);
  });

  it('answers keyword search and suggestions at <base>{endpoint}', async () => {
    const response = await fetch(`${basedUrl()}/api/lantern`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: 'trim the wick', mode: 'keyword' }) });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { results: { url: string }[] }).results[0]?.url).toBe('/guide/wicks#trim-a-wick');
    const suggestions = (await (await fetch(`${basedUrl()}/api/lantern`)).json()) as { model: string };
    expect(suggestions.model).toBe('lantern-model');
  });

  it('serves a section, llms.txt, /openapi.yaml and the archive (with its ETag) under the base', async () => {
    const node = await fetch(`${basedUrl()}/api/lantern/sections/guide%2Fwicks%23replace-a-wick`);
    expect(node.status).toBe(200);
    expect(await node.json()).toMatchObject({ id: 'guide/wicks#replace-a-wick' });
    const llms = await fetch(`${basedUrl()}/llms.txt`);
    expect(await llms.text()).toBe(await readFile(path.join(based, 'digest', 'llms.txt'), 'utf8'));
    expect((await fetch(`${basedUrl()}/openapi.yaml`)).status).toBe(200);
    const archive = await fetch(`${basedUrl()}/api/lantern/archive`);
    expect(archive.status).toBe(200);
    expect(tarEntries(new Uint8Array(await archive.arrayBuffer()))).toContain('manifest.json');
    const etag = archive.headers.get('etag');
    if (etag === null) throw new Error('the archive has no ETag');
    expect((await fetch(`${basedUrl()}/api/lantern/archive`, { headers: { 'if-none-match': etag } })).status).toBe(304);
  });

  it('serves the same under `astro dev`', async () => {
    const dev = await startDevServer(based);
    // the dev server prints its URL with the base
    const origin = new URL(dev.url).origin;
    try {
      const response = await fetch(`${origin}/docs/api/lantern`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: 'trim the wick', mode: 'keyword' }) });
      expect(response.status).toBe(200);
      expect(((await response.json()) as { results: { url: string }[] }).results[0]?.url).toBe('/guide/wicks#trim-a-wick');
      expect(await (await fetch(`${origin}/docs/llms.txt`)).text()).toBe(await readFile(path.join(based, 'digest', 'llms.txt'), 'utf8'));
    } finally {
      await dev.stop();
    }
  }, 60_000);
});

describe('the folder stores the route reads through on Node', () => {
  it('finds the static files from a module of the server build, as @astrojs/node does, and reads a file whole or by range', async () => {
    const client = await filesUnder(path.join(project, 'dist', 'client'));
    const index = [...client.keys()].find((file) => file.endsWith('edge.json'));
    if (index === undefined) throw new Error('no edge.json in dist/client');
    const relative = index.split(path.sep).join('/');
    const chunk = pathToFileURL(path.join(project, 'dist', 'server', 'chunks', 'some-chunk.mjs')).href;
    const storage = builtClientStorage(chunk, 'server', '../client');
    const whole = await storage.read(relative);
    expect(new TextDecoder().decode(whole ?? new Uint8Array())).toBe(client.get(index));
    const part = await storage.read(relative, { offset: 2, length: 5 });
    expect(new TextDecoder().decode(part ?? new Uint8Array())).toBe(client.get(index)?.slice(2, 7));
    expect(await storage.read('_ask/no-such-file')).toBeNull();
    expect(await folderStorage(path.join(project, 'dist', 'client')).stream('_ask/no-such-file')).toBeNull();
    const stream = await folderStorage(path.join(project, 'dist', 'client')).stream(relative);
    expect(await new Response(stream).text()).toBe(client.get(index));
  });
});

describe('astro build checks the digest first', () => {
  it('fails with one line naming the folder and what changed when the digest is stale', async () => {
    const page = path.join(project, 'docs', 'guide', 'oil.md');
    await writeFile(page, (await readFile(page, 'utf8')).replace('Use paraffin oil only.', 'Use paraffin or lamp oil.'));
    const build = await astroBuild(project);
    expect(build.code).not.toBe(0);
    const lines = build.stderr.trim().split('\n');
    expect(lines.at(-1)).toBe("ask: the digest in 'digest' is stale (1 section changed); run 'ask digest build --content docs --out digest'");
    expect(build.stderr).not.toMatch(/Stack trace|^\s+at /m);
  }, 60_000);

  it('only warns under `astro dev`, which serves the digest it has', async () => {
    const dev = await startDevServer(project);
    try {
      expect(dev.logs.join('\n')).toContain("[WARN] [ask-docs] the digest in 'digest' is stale (1 section changed)");
      const response = await fetch(`${dev.url}/api/lantern`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: 'trim the wick', mode: 'keyword' }) });
      expect(response.status).toBe(200);
      expect(((await response.json()) as { results: { url: string }[] }).results[0]?.url).toBe('/guide/wicks#trim-a-wick');
    } finally {
      await dev.stop();
    }
  }, 60_000);

  it('fails with one line when there is no digest', async () => {
    await rename(path.join(project, 'digest'), path.join(project, 'digest-elsewhere'));
    const build = await astroBuild(project);
    expect(build.code).not.toBe(0);
    expect(build.stderr.trim().split('\n').at(-1)).toBe("ask: no digest in 'digest'; run 'ask digest build --content docs --out digest' and commit it");
    expect(build.stderr).not.toMatch(/Stack trace|^\s+at /m);
  }, 60_000);
});

describe('the line of the build check (digestCheckLine)', () => {
  const folder = tempFoldersPerTest();
  const shown = { content: 'docs', digest: 'digest' };
  const PAGES = { 'docs/a.md': '# A\n\nAlpha.\n\n## One\n\nFirst.\n', 'docs/b.md': '# B\n\nBeta.\n' };

  async function builtSite(): Promise<{ docs: string; digest: string }> {
    const { dir } = await folder(PAGES);
    const site = { docs: path.join(dir, 'docs'), digest: path.join(dir, 'digest') };
    await build(site.docs, site.digest);
    return site;
  }

  it('is null while the digest matches the content', async () => {
    const site = await builtSite();
    expect(await digestCheckLine(site.docs, site.digest, shown)).toBeNull();
  });

  it('counts the sections added, changed and removed, naming the noun once', async () => {
    const site = await builtSite();
    await writeFiles(site.docs, { 'a.md': '# A\n\nAlpha changed.\n\n## Two\n\nSecond.\n', 'c.md': '# C\n\nGamma.\n' });
    expect(await digestCheckLine(site.docs, site.digest, shown)).toBe(
      "ask: the digest in 'digest' is stale (2 sections added, 1 changed, 1 removed); run 'ask digest build --content docs --out digest'",
    );
  });

  it('names a missing content folder and the option that sets it', async () => {
    const site = await builtSite();
    expect(await digestCheckLine(path.join(site.docs, 'nowhere'), site.digest, { content: 'pages', digest: 'digest' })).toBe(
      "ask: no content folder at 'pages'; set the integration's 'content' option to the folder of your Markdown pages",
    );
  });
});

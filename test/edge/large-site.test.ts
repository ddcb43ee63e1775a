import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EdgeBuild } from '../../pipeline/adapters/edge-build.ts';
import { createNodeAskHandler } from '../../pipeline/adapters/node.ts';
import type { AskHandler } from '../../pipeline/runtime/handler.ts';
import type { RouteTarget } from '../support/route-targets.ts';
import { tempFolder } from '../support/temp-folder.ts';
import { assetsWorkerTarget, buildEdge, r2WorkerTarget } from './edge-targets.ts';
import { buildGeneratedDigest } from './large-digest.ts';
import { workerdResidentBytes } from './workerd-memory.ts';

/** The generated corpus of `bench:build` at the size issue 26 asks for. */
const PAGES = 2000;
const MB = 1024 * 1024;
const keyword = (query: string): RequestInit => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query, mode: 'keyword' }) });
const QUERIES = ['configure cache', 'retry policy', 'install', 'webhook events', 'deploy the server', 'token expiry', 'rate limit', 'sync fetch'];

async function countFiles(dir: string): Promise<number> {
  return (await readdir(dir, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile()).length;
}

describe(`a ${PAGES}-page site on workerd, its digest in a store`, () => {
  let folder: { dir: string; cleanup: () => Promise<void> };
  let digestDir = '';
  let assetsBuild: EdgeBuild;
  let r2Build: EdgeBuild;
  let node: AskHandler;
  let assets: RouteTarget;
  let r2: RouteTarget | null = null;
  const onNode = (requestPath: string, init?: RequestInit) => node(new Request(`http://local${requestPath}`, init));

  beforeAll(async () => {
    folder = await tempFolder();
    digestDir = await buildGeneratedDigest(folder.dir, PAGES);
    assetsBuild = await buildEdge(digestDir, path.join(folder.dir, 'assets-out'));
    r2Build = await buildEdge(digestDir, path.join(folder.dir, 'r2-out'), 'ask-docs');
    node = createNodeAskHandler({ digestDir, processEnv: {}, log: () => {} });
    assets = await assetsWorkerTarget(path.join(folder.dir, 'assets-out'));
  }, 400_000);

  afterAll(async () => {
    await assets.close();
    await r2?.close();
    await folder.cleanup();
  });

  it('writes a script under 1 MB gzip and far fewer files than a deployment allows', async () => {
    expect(assetsBuild.gzipBytes).toBeLessThan(MB);
    expect(r2Build.gzipBytes).toBeLessThan(MB);
    const files = await countFiles(path.join(folder.dir, 'assets-out', 'assets'));
    expect(files).toBe(assetsBuild.layout.files);
    expect(files).toBeLessThan(500);
    const digestFiles = await countFiles(digestDir);
    console.info(`edge build of ${PAGES} pages: worker.js ${(assetsBuild.bytes / MB).toFixed(2)} MB (${(assetsBuild.gzipBytes / MB).toFixed(2)} MB gzip); ${files} asset files, ${(assetsBuild.layout.bytes / MB).toFixed(1)} MB (the digest folder: ${digestFiles} files)`);
  });

  it('answers keyword search as the Node server does', async () => {
    for (const query of QUERIES) {
      const [edge, local] = await Promise.all([assets.fetch('/api/ask', keyword(query)), onNode('/api/ask', keyword(query))]);
      expect(edge.status).toBe(200);
      const body = (await edge.json()) as { results: unknown[] };
      expect(body).toEqual(await local.json());
      if (query === QUERIES[0]) expect(body.results.length).toBeGreaterThan(0);
    }
  });

  it('serves a section, a page\'s Markdown and llms.txt as the digest has them', async () => {
    const pages = (await readFile(path.join(digestDir, 'search', 'pages.txt'), 'utf8')).split('\n');
    const slug = pages[Math.floor(pages.length / 2)]?.split('\t')[0] ?? '';
    const section = await assets.fetch(`/api/ask/sections/${encodeURIComponent(slug)}`);
    expect(section.status).toBe(200);
    expect(await section.json()).toEqual(await (await onNode(`/api/ask/sections/${encodeURIComponent(slug)}`)).json());
    const page = await assets.fetch(`/api/ask/pages/${slug}.md`);
    expect(page.status).toBe(200);
    expect(await page.text()).toBe(await readFile(path.join(digestDir, 'pages', `${slug}.md`), 'utf8'));
    const llms = await assets.fetch('/llms.txt');
    expect(await llms.text()).toBe(await readFile(path.join(digestDir, 'llms.txt'), 'utf8'));
  });

  it('serves the archive the digest build wrote, with the ETag Node gives it, and 304 for it', async () => {
    const [edge, local] = await Promise.all([assets.fetch('/api/ask/archive'), onNode('/api/ask/archive')]);
    expect(edge.status).toBe(200);
    const etag = edge.headers.get('etag');
    expect(etag).toBe(local.headers.get('etag'));
    // compared as buffers: a deep equal of 12 MB element by element takes minutes
    expect(Buffer.from(await edge.arrayBuffer()).equals(Buffer.from(await local.arrayBuffer()))).toBe(true);
    const again = await assets.fetch('/api/ask/archive', { headers: { 'if-none-match': etag ?? '' } });
    expect(again.status).toBe(304);
  });

  it('keeps workerd under 128 MB over 100 keyword queries', async () => {
    const before = await workerdResidentBytes();
    for (let at = 0; at < 100; at += 1) {
      const response = await assets.fetch('/api/ask', keyword(`${QUERIES[at % QUERIES.length] ?? ''} ${at}`));
      expect(response.status).toBe(200);
    }
    const after = await workerdResidentBytes();
    console.info(`workerd resident memory: ${before === null ? 'unknown' : (before / MB).toFixed(0)} MB before, ${after === null ? 'unknown' : (after / MB).toFixed(0)} MB after 100 queries (the whole workerd process, miniflare's own workers included)`);
    if (after !== null) expect(after).toBeLessThan(128 * MB);
  });

  it('answers the same from an R2 bucket', async () => {
    r2 = await r2WorkerTarget(path.join(folder.dir, 'r2-out'));
    const [edge, local] = await Promise.all([r2.fetch('/api/ask', keyword(QUERIES[0] ?? '')), onNode('/api/ask', keyword(QUERIES[0] ?? ''))]);
    expect(await edge.json()).toEqual(await local.json());
    const archive = await r2.fetch('/api/ask/archive');
    const etag = archive.headers.get('etag');
    expect(etag).toBe((await onNode('/api/ask/archive', { method: 'HEAD' })).headers.get('etag'));
    expect((await r2.fetch('/api/ask/archive', { headers: { 'if-none-match': etag ?? '' } })).status).toBe(304);
    const llms = await r2.fetch('/api/ask/llms.txt');
    expect(await llms.text()).toBe(await readFile(path.join(digestDir, 'llms.txt'), 'utf8'));
  }, 120_000);
});

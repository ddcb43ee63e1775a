import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { build as esbuild } from 'esbuild';
import { gzipSync } from 'node:zlib';
import { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnAsk } from '../support/cli.ts';
import { build } from '../support/digest-tree.ts';
import { tarEntries } from '../support/tar-entries.ts';
import { tempFolder } from '../support/temp-folder.ts';

const SITE = path.join(import.meta.dirname, '..', 'fixtures', 'site');

/** Every module a bundle imports (static, dynamic or required), as esbuild's parser reads it. */
async function importsOf(file: string): Promise<string[]> {
  const result = await esbuild({ entryPoints: [file], bundle: true, write: false, metafile: true, external: ['*'], format: 'esm', platform: 'neutral', logLevel: 'silent' });
  return Object.values(result.metafile.inputs).flatMap((input) => input.imports.map((imported) => imported.path));
}

describe('ask worker build', () => {
  let folder: { dir: string; cleanup: () => Promise<void> };
  let stdout = '';
  let script = '';
  let miniflare: Miniflare;

  beforeAll(async () => {
    folder = await tempFolder();
    await build(SITE, path.join(folder.dir, 'digest'));
    const run = await spawnAsk(['worker', 'build', '--digest', 'digest', '--out', 'edge', '--endpoint', '/docs/ask'], folder.dir);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    stdout = run.stdout;
    script = await readFile(path.join(folder.dir, 'edge', 'worker.js'), 'utf8');
    // the file as written, loaded by workerd from its folder (the module root), the digest beside it as its static assets
    miniflare = new Miniflare({
      modules: true,
      modulesRoot: path.join(folder.dir, 'edge'),
      scriptPath: path.join(folder.dir, 'edge', 'worker.js'),
      compatibilityDate: '2024-09-23',
      assets: { directory: path.join(folder.dir, 'edge', 'assets'), binding: 'ASSETS', routerConfig: { invoke_user_worker_ahead_of_assets: true, has_user_worker: true } },
    });
    await miniflare.ready;
  }, 120_000);

  afterAll(async () => {
    await miniflare.dispose();
    await folder.cleanup();
  });

  it('prints where it wrote the module worker and its size, raw and gzipped', () => {
    const kilobytes = (Buffer.byteLength(script) / 1024).toFixed(1);
    const [first, ...rest] = stdout.trim().split('\n');
    expect(first).toMatch(new RegExp(`^wrote edge/worker\\.js: ${kilobytes.replace('.', '\\.')} KB \\(\\d+\\.\\d KB gzip\\)$`));
    expect(rest).toEqual([expect.stringMatching(/^wrote edge\/assets: \d+ files, \d+\.\d KB \(the digest, under _ask\/[0-9a-f]{16}\)$/), 'wrote edge/wrangler.jsonc']);
  });

  it('keeps the digest out of the script, under 1 MB gzip, and names script and assets in wrangler.jsonc', async () => {
    expect(gzipSync(script).length).toBeLessThan(1024 * 1024);
    expect(script).not.toContain('guide/passcodes');
    const config = JSON.parse((await readFile(path.join(folder.dir, 'edge', 'wrangler.jsonc'), 'utf8')).replace(/^\/\/.*$/m, '')) as Record<string, unknown>;
    expect(config).toMatchObject({ main: 'worker.js', assets: { directory: 'assets', binding: 'ASSETS', run_worker_first: true } });
  });

  it('with --r2 BUCKET, lays the digest out for the bucket and binds it in wrangler.jsonc', async () => {
    const run = await spawnAsk(['worker', 'build', '--digest', 'digest', '--out', 'edge-r2', '--r2', 'docs-ask', '--json'], folder.dir);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const printed = JSON.parse(run.stdout) as { file: string; gzipBytes: number; store: { dir: string; root: string; files: number } };
    expect(printed).toMatchObject({ file: 'edge-r2/worker.js', store: { dir: 'edge-r2/r2' } });
    expect(await readFile(path.join(folder.dir, 'edge-r2', 'r2', printed.store.root, 'edge.json'), 'utf8')).toContain('"version":1');
    const config = JSON.parse((await readFile(path.join(folder.dir, 'edge-r2', 'wrangler.jsonc'), 'utf8')).replace(/^\/\/.*$/m, '')) as Record<string, unknown>;
    expect(config).toMatchObject({ main: 'worker.js', r2_buckets: [{ binding: 'ASK_DIGEST', bucket_name: 'docs-ask' }] });
    expect(config).not.toHaveProperty('assets');
  });

  it('refuses a bucket name R2 would refuse, as a usage error', async () => {
    const run = await spawnAsk(['worker', 'build', '--digest', 'digest', '--out', 'other', '--r2', 'Docs_Ask'], folder.dir);
    expect(run.code).toBe(2);
    expect(run.stderr.trim()).toBe("ask worker build: '--r2 Docs_Ask' is not a bucket name (3 to 63 lowercase letters, digits and hyphens)");
  });

  it('writes a self-contained module worker: no node: import, no import at all', async () => {
    expect(script).toMatch(/export\s*\{[^}]*\bas default\b/);
    expect(await importsOf(path.join(folder.dir, 'edge', 'worker.js'))).toEqual([]);
  });

  it('answers keyword search on workerd at the endpoint it was built for', async () => {
    const response = await miniflare.dispatchFetch('http://localhost/docs/ask', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'request a passcode', mode: 'keyword' }),
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { results: { url: string; title: string }[] };
    expect(body.results[0]?.url).toBe('/guide/passcodes#request-a-passcode');
  });

  it('answers a read route and the archive from the digest beside it', async () => {
    const sections = await miniflare.dispatchFetch('http://localhost/docs/ask/sections');
    expect(sections.status).toBe(200);
    const list = ((await sections.json()) as { sections: { id: string }[] }).sections;
    expect(list.length).toBeGreaterThan(0);
    const archive = await miniflare.dispatchFetch('http://localhost/docs/ask/archive');
    expect(archive.status).toBe(200);
    expect(archive.headers.get('x-ask-content-hash')).toMatch(/^[0-9a-f]{64}$/);
    const entries = tarEntries(new Uint8Array(await archive.arrayBuffer()));
    expect(entries).toContain('manifest.json');
    expect(entries.filter((entry) => entry.startsWith('sections/')).length).toBeGreaterThanOrEqual(list.length);
  });

  it('refuses a folder that holds no digest, writing nothing', async () => {
    const run = await spawnAsk(['worker', 'build', '--digest', 'edge', '--out', 'other'], folder.dir);
    expect(run.code).toBe(1);
    expect(run.stderr.trim()).toBe("ask: 'edge' holds no digest (no manifest.json); run 'ask digest build' first");
    await expect(readFile(path.join(folder.dir, 'other', 'worker.js'))).rejects.toThrow();
  });
});

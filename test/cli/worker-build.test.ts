import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { build as esbuild } from 'esbuild';
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
    // the file as written, loaded by workerd from its folder (the module root)
    miniflare = new Miniflare({ modules: true, modulesRoot: path.join(folder.dir, 'edge'), scriptPath: path.join(folder.dir, 'edge', 'worker.js'), compatibilityDate: '2024-09-23' });
    await miniflare.ready;
  }, 120_000);

  afterAll(async () => {
    await miniflare.dispose();
    await folder.cleanup();
  });

  it('prints where it wrote the module worker and its size, raw and gzipped', () => {
    const kilobytes = (Buffer.byteLength(script) / 1024).toFixed(1);
    expect(stdout.trim()).toMatch(new RegExp(`^wrote edge/worker\\.js: ${kilobytes.replace('.', '\\.')} KB \\(\\d+\\.\\d KB gzip\\)$`));
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

  it('answers a read route and the archive from the baked-in digest', async () => {
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

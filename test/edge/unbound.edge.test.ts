import path from 'node:path';
import { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from '../support/digest-tree.ts';
import { tempFolder } from '../support/temp-folder.ts';
import { buildEdge } from './edge-targets.ts';

const SITE = path.join(import.meta.dirname, '..', 'fixtures', 'site');

describe('the edge worker deployed without its store', () => {
  let folder: { dir: string; cleanup: () => Promise<void> };
  let miniflare: Miniflare;

  beforeAll(async () => {
    folder = await tempFolder();
    await build(SITE, path.join(folder.dir, 'digest'));
    await buildEdge(path.join(folder.dir, 'digest'), path.join(folder.dir, 'edge'));
    // the script alone: no assets binding
    miniflare = new Miniflare({ modules: true, modulesRoot: path.join(folder.dir, 'edge'), scriptPath: path.join(folder.dir, 'edge', 'worker.js'), compatibilityDate: '2024-09-23' });
    await miniflare.ready;
  }, 120_000);

  afterAll(async () => {
    await miniflare.dispose();
    await folder.cleanup();
  });

  it('answers 500 saying which binding is missing, and still serves what needs no digest', async () => {
    const response = await miniflare.dispatchFetch('http://localhost/api/ask/glossary');
    expect(response.status).toBe(500);
    expect(await response.text()).toContain("the worker has no binding ASSETS: deploy it with the wrangler config 'ask worker build' wrote");
    expect((await miniflare.dispatchFetch('http://localhost/openapi.yaml')).status).toBe(200);
  });
});

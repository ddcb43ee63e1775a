import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.join(import.meta.dirname, '..', '..');

describe('the package entries of the contract', () => {
  it("'<package>' gives loadSearchIndex and searchKeyword, which search the committed digest", async () => {
    const { loadSearchIndex, searchKeyword } = (await import(path.join(ROOT, 'pipeline', 'index.ts'))) as typeof import('../../pipeline/index.ts');
    const index = await loadSearchIndex(path.join(ROOT, 'digest'));
    const results = searchKeyword(index, 'one-time passcode', { maxResults: 3, perDocCap: 1 });
    expect(results).toHaveLength(3);
    expect(new Set(results.map((result: { url: string }) => result.url.split('#')[0])).size).toBe(3);
  });

  it("'<package>/runtime' gives createAskHandler, a web-standard (Request) => Response handler", async () => {
    const { createAskHandler, streamAgenticAnswerFor } = (await import(path.join(ROOT, 'pipeline', 'runtime', 'index.ts'))) as typeof import('../../pipeline/runtime/index.ts');
    const handler = createAskHandler({
      digest: () => Promise.resolve(new Map<string, string>()),
      archive: () => Promise.resolve(new Uint8Array(0)),
      streamAgentic: streamAgenticAnswerFor,
      processEnv: {},
      log: () => {},
    });
    const response: Response = await handler(new Request('http://local/openapi.yaml'));
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('openapi: 3.1.0');
  });

  it('compiles every package entry from a source in the repository, and its bin runs from either', async () => {
    const { access, readFile } = await import('node:fs/promises');
    const { packageEntries } = await import('../support/package-entries.ts');
    const entries = await packageEntries();
    expect(entries.map((entry) => entry.entry).sort()).toEqual(['.', './astro', './node', './overlay', './overlay/ask-search.css', './runtime']);
    for (const { source } of entries) await access(source);
    for (const { target, types } of entries) if (target.endsWith('.js')) expect(types).toBe(target.replace(/\.js$/, '.d.ts'));
    const bin = await readFile(path.join(ROOT, 'scripts', 'ask.js'), 'utf8');
    expect(bin).toContain('../pipeline/cli/process.ts');
    expect(bin).toContain('../dist/pipeline/cli/process.js');
  });
});

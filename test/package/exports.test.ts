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

  it('package.json points its exports and bin at files that exist', async () => {
    const { readFile, access } = await import('node:fs/promises');
    const manifest = JSON.parse(await readFile(path.join(ROOT, 'package.json'), 'utf8')) as { exports: Record<string, string>; bin: Record<string, string> };
    for (const target of [...Object.values(manifest.exports), ...Object.values(manifest.bin)]) await access(path.join(ROOT, String(target)));
  });
});

import path from 'node:path';
import { writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDigestFolder, readDigestFolder } from '../../pipeline/adapters/digest-folder.ts';
import { streamAgenticAnswerFor } from '../../pipeline/runtime/agentic-answer.ts';
import { createAskHandler } from '../../pipeline/runtime/handler.ts';
import { build } from '../support/digest-tree.ts';
import { tempFolder } from '../support/temp-folder.ts';

const SITE = path.join(import.meta.dirname, '..', 'fixtures', 'site');
let digestDir = '';
let cleanup: () => Promise<void> = async () => {};

beforeAll(async () => {
  const folder = await tempFolder();
  digestDir = path.join(folder.dir, 'digest');
  cleanup = folder.cleanup;
  await build(SITE, digestDir);
});
afterAll(() => cleanup());

/** The built tree in memory with its manifest's `build.commit` replaced. */
async function treeWithCommit(commit: string | null): Promise<Map<string, string>> {
  const files = new Map(await readDigestFolder(digestDir));
  const manifest = JSON.parse(files.get('manifest.json') ?? '{}') as Record<string, unknown>;
  files.set('manifest.json', `${JSON.stringify({ ...manifest, build: { commit } }, null, 2)}\n`);
  return files;
}

function handlerOver(files: ReadonlyMap<string, string>) {
  return createAskHandler({ digest: () => Promise.resolve(files), archive: () => Promise.resolve(new Uint8Array(0)), streamAgentic: streamAgenticAnswerFor, processEnv: {}, log: () => {} });
}

describe('the freshness stamp', () => {
  it("carries the manifest's build commit, and leaves the header out when the build did not know it", async () => {
    const known = await handlerOver(await treeWithCommit('0123abc'))(new Request('http://local/api/ask/glossary'));
    expect(known.headers.get('x-ask-build-commit')).toBe('0123abc');
    expect(known.headers.get('x-ask-content-hash')).toMatch(/^[0-9a-f]{64}$/);
    const unknown = await handlerOver(await treeWithCommit(null))(new Request('http://local/api/ask/llms.txt'));
    expect(unknown.status).toBe(200);
    expect(unknown.headers.has('x-ask-build-commit')).toBe(false);
    expect(unknown.headers.get('x-ask-content-hash')).toBe(known.headers.get('x-ask-content-hash'));
  });

  it('is not put on an error: the 404 of an unknown section has no stamp', async () => {
    const response = await handlerOver(await treeWithCommit('0123abc'))(new Request('http://local/api/ask/sections/nope'));
    expect(response.status).toBe(404);
    expect(response.headers.has('x-ask-content-hash')).toBe(false);
  });

  it('reads the build commit from the head of a digest folder', async () => {
    const files = await treeWithCommit('feedbeef');
    await writeFile(path.join(digestDir, 'manifest.json'), files.get('manifest.json') ?? '');
    expect((await loadDigestFolder(digestDir)).buildCommit).toBe('feedbeef');
  });
});

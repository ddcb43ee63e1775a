import path from 'node:path';
import { writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readDigestFolder, liveContentHash } from '../../pipeline/adapters/digest-folder.ts';
import { createAskHandler } from '../../pipeline/runtime/handler.ts';
import { streamAgenticAnswerFor } from '../../pipeline/runtime/agentic-answer.ts';
import type { DigestFiles } from '../../pipeline/runtime/digest-data.ts';
import { build } from '../support/digest-tree.ts';
import { tempFolder, writeFiles } from '../support/temp-folder.ts';

const SITE = path.join(import.meta.dirname, '..', 'fixtures', 'site');
let digestDir = '';
let files: DigestFiles = new Map();
let cleanup: () => Promise<void> = async () => {};

beforeAll(async () => {
  const folder = await tempFolder();
  digestDir = path.join(folder.dir, 'digest');
  await build(SITE, digestDir);
  files = await readDigestFolder(digestDir);
  cleanup = folder.cleanup;
});
afterAll(() => cleanup());

function handlerWith(load: () => Promise<DigestFiles>, extra: { liveContentHash?: () => Promise<string | null>; log?: (line: string) => void } = {}) {
  return createAskHandler({
    digest: load,
    archive: () => Promise.resolve(new Uint8Array(0)),
    streamAgentic: streamAgenticAnswerFor,
    processEnv: {},
    log: extra.log ?? (() => {}),
    ...(extra.liveContentHash ? { liveContentHash: extra.liveContentHash } : {}),
  });
}

describe('the index state rule', () => {
  it('builds the index once for 100 simultaneous first requests, and never again', async () => {
    let loads = 0;
    const handler = handlerWith(async () => {
      loads += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return files;
    });
    const responses = await Promise.all(Array.from({ length: 100 }, () => handler(new Request('http://local/api/ask/glossary'))));
    expect(responses.every((response) => response.status === 200)).toBe(true);
    await handler(new Request('http://local/api/ask/sections'));
    expect(loads).toBe(1);
  });

  it('logs one warning naming both hashes when the live content differs from the digest', async () => {
    const lines: string[] = [];
    const content = await tempFolder();
    await writeFiles(content.dir, { 'page.md': '# A page the digest never saw\n' });
    const handler = handlerWith(() => Promise.resolve(files), { liveContentHash: liveContentHash(content.dir, digestDir), log: (line) => lines.push(line) });
    await Promise.all(Array.from({ length: 10 }, () => handler(new Request('http://local/api/ask'))));
    await handler(new Request('http://local/api/ask/overview'));
    await content.cleanup();
    expect(lines).toHaveLength(1);
    const digestHash = (JSON.parse(files.get('manifest.json') ?? '{}') as { contentHash: string }).contentHash;
    expect(lines[0]).toMatch(new RegExp(`live content hash [0-9a-f]{64} differs from the digest's ${digestHash}; run 'ask digest build'`));
  });

  it('logs nothing when the live content is what the digest was built from', async () => {
    const lines: string[] = [];
    const handler = handlerWith(() => Promise.resolve(files), { liveContentHash: liveContentHash(SITE, digestDir), log: (line) => lines.push(line) });
    await handler(new Request('http://local/api/ask'));
    expect(lines).toEqual([]);
  });

  it('answers 500 with an Error body when the index fails to build, and tries again on the next request', async () => {
    let attempt = 0;
    const handler = handlerWith(() => {
      attempt += 1;
      if (attempt === 1) return Promise.resolve(new Map([['manifest.json', '{ broken']]));
      return Promise.resolve(files);
    });
    const failed = await handler(new Request('http://local/api/ask/sections'));
    expect(failed.status).toBe(500);
    expect(((await failed.json()) as { error: string }).error).toMatch(/manifest\.json is not valid JSON/);
    const recovered = await handler(new Request('http://local/api/ask/sections'));
    expect(recovered.status).toBe(200);
    expect(attempt).toBe(2);
  });

  it('answers 500 naming the fix when the digest folder does not exist', async () => {
    const { createNodeAskHandler } = await import('../../pipeline/adapters/node.ts');
    const handler = createNodeAskHandler({ digestDir: path.join(digestDir, 'missing'), processEnv: {}, log: () => {} });
    const response = await handler(new Request('http://local/api/ask/glossary'));
    expect(response.status).toBe(500);
    expect(((await response.json()) as { error: string }).error).toMatch(/run 'ask digest build'/);
  });
});

describe('the archive', () => {
  it('is the same bytes for two builds of the same content, and extracts with tar inside its own folder', async () => {
    const { createDigestArchive } = await import('../../pipeline/digest/archive.ts');
    const other = await tempFolder();
    const otherDigest = path.join(other.dir, 'digest');
    await build(SITE, otherDigest);
    const first = await createDigestArchive(digestDir);
    const second = await createDigestArchive(otherDigest);
    expect(Buffer.from(second).equals(Buffer.from(first))).toBe(true);

    const { extract } = await import('tar');
    const archiveFile = path.join(other.dir, 'digest.tar.gz');
    await writeFile(archiveFile, first);
    const target = path.join(other.dir, 'extracted');
    const { mkdir } = await import('node:fs/promises');
    await mkdir(target);
    await extract({ file: archiveFile, cwd: target });
    expect(await readDigestFolder(target)).toEqual(files);
    await other.cleanup();
  });
});

import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readDigestFolder } from '../../pipeline/adapters/digest-folder.ts';
import { streamAgenticAnswerFor } from '../../pipeline/runtime/agentic-answer.ts';
import type { DigestFiles } from '../../pipeline/runtime/digest-data.ts';
import { createAskHandler } from '../../pipeline/runtime/handler.ts';
import { build } from '../support/digest-tree.ts';
import { tempFolder } from '../support/temp-folder.ts';

const SITE = path.join(import.meta.dirname, '..', 'fixtures', 'site');
let files: DigestFiles = new Map();
let cleanup: () => Promise<void> = async () => {};

beforeAll(async () => {
  const folder = await tempFolder();
  await build(SITE, path.join(folder.dir, 'digest'));
  files = await readDigestFolder(path.join(folder.dir, 'digest'));
  cleanup = folder.cleanup;
});
afterAll(() => cleanup());

async function modelOf(response: Response): Promise<string> {
  return ((await response.json()) as { model: string }).model;
}

const keyword = () => new Request('http://local/api/ask', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: 'token', mode: 'keyword' }) });

describe('the model configuration', () => {
  it('is resolved once per handler, not per request', async () => {
    const processEnv: Record<string, string> = { ASK_MODEL: 'first-model' };
    const handler = createAskHandler({ digest: () => Promise.resolve(files), archive: () => Promise.resolve(new Uint8Array(0)), streamAgentic: streamAgenticAnswerFor, processEnv, log: () => {} });
    expect(await modelOf(await handler(keyword()))).toBe('first-model');
    processEnv['ASK_MODEL'] = 'second-model';
    expect(await modelOf(await handler(keyword()))).toBe('first-model');
  });

  it("is resolved again when a host's per-request environment says otherwise", async () => {
    const handler = createAskHandler({ digest: () => Promise.resolve(files), archive: () => Promise.resolve(new Uint8Array(0)), streamAgentic: streamAgenticAnswerFor, processEnv: {}, log: () => {} });
    expect(await modelOf(await handler(keyword(), { env: { ASK_MODEL: 'worker-model' } }))).toBe('worker-model');
    expect(await modelOf(await handler(keyword(), { env: { ASK_MODEL: 'worker-model', BUCKET: {} } }))).toBe('worker-model');
    expect(await modelOf(await handler(keyword(), { env: { ASK_MODEL: 'other-model' } }))).toBe('other-model');
  });
});

import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { folderStorage } from '../../pipeline/adapters/folder-storage.ts';
import { streamAgenticAnswerFor } from '../../pipeline/runtime/agentic-answer.ts';
import { createAskHandler, type AskHandler } from '../../pipeline/runtime/handler.ts';
import { storageUnder } from '../../pipeline/runtime/storage/storage.ts';
import { storedDigestSource } from '../../pipeline/runtime/storage/stored-digest.ts';
import { build } from '../support/digest-tree.ts';
import { startFakeAnthropic } from '../support/fake-anthropic.ts';
import type { FakeModelServer } from '../support/fake-model-server.ts';
import { FAKE_KEY } from '../support/fake-providers.ts';
import { tempFolder } from '../support/temp-folder.ts';
import { readFrames } from '../runtime/agentic/helpers.ts';
import { buildEdge } from './edge-targets.ts';

const SITE = path.join(import.meta.dirname, '..', 'fixtures', 'site');

describe('the agentic answer over a digest in a store (read asynchronously)', () => {
  let fake: FakeModelServer;
  let handler: AskHandler;
  let cleanup: () => Promise<void> = async () => {};

  beforeAll(async () => {
    const folder = await tempFolder();
    const digestDir = path.join(folder.dir, 'digest');
    await build(SITE, digestDir);
    const built = await buildEdge(digestDir, path.join(folder.dir, 'edge'));
    fake = await startFakeAnthropic();
    const source = storedDigestSource(storageUnder(folderStorage(path.join(folder.dir, 'edge', 'assets')), built.layout.root));
    handler = createAskHandler({
      load: source.load,
      archive: source.archive,
      streamAgentic: streamAgenticAnswerFor,
      processEnv: { ANTHROPIC_API_KEY: FAKE_KEY, ANTHROPIC_BASE_URL: fake.url, ASK_MODEL: 'loop-model' },
      log: () => {},
    });
    cleanup = async () => {
      await fake.close();
      await folder.cleanup();
    };
  }, 120_000);
  afterAll(() => cleanup());

  it('searches and opens a section through the store, its source text handed to the model', async () => {
    fake.script(
      { toolCalls: [{ name: 'search', args: { query: 'global flags' } }, { name: 'open_section', args: { id: 'reference/flags#global-flags' } }] },
      { text: 'READY' },
      { text: ['Pass ', '`--verbose`.'] },
    );
    const response = await handler(new Request('http://local/api/ask', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: 'Which flags work everywhere?' }) }));
    expect(response.status).toBe(200);
    if (!response.body) throw new Error('no body');
    const { frames } = await readFrames(response.body);
    expect(frames.at(-1)?.event).toBe('done');
    expect(frames.filter((frame) => frame.event === 'search').map((frame) => frame.data.query)).toEqual(['Which flags work everywhere?', 'global flags', 'Global flags']);
    const sources = frames.find((frame) => frame.event === 'sources')?.data.sources as { url: string }[];
    expect(sources.map((source) => source.url)).toContain('/reference/flags#global-flags');
    // the search found it, and the opened section (source-primary) went back to the model with its source text
    const sent = JSON.stringify(fake.requests[1]);
    expect(sent).toContain('reference/flags#global-flags');
    expect(sent).toContain('source-primary');
    expect(sent).toContain('\\"source\\":');
  });
});

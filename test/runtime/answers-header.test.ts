import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createNodeAskHandler } from '../../pipeline/adapters/node.ts';
import { build } from '../support/digest-tree.ts';
import { tempFoldersPerTest } from '../support/temp-folder.ts';

const SITE = path.join(import.meta.dirname, '..', 'fixtures', 'site');
const tempFolder = tempFoldersPerTest();

describe('GET {ask_base} says what an Ask gets, before any Ask', () => {
  it('x-ask-answers is keyword without a provider key and agentic with one; the key is never in the response', async () => {
    const digestDir = path.join((await tempFolder()).dir, 'digest');
    await build(SITE, digestDir);
    const answersWith = async (processEnv: Record<string, string>): Promise<{ header: string | null; body: string }> => {
      const handler = createNodeAskHandler({ digestDir, processEnv, log: () => {} });
      const response = await handler(new Request('http://local/api/ask'));
      expect(response.status).toBe(200);
      return { header: response.headers.get('x-ask-answers'), body: await response.text() };
    };
    expect((await answersWith({})).header).toBe('keyword');
    const keyed = await answersWith({ ANTHROPIC_API_KEY: 'sk-ant-secret-value-for-test' });
    expect(keyed.header).toBe('agentic');
    expect(keyed.body).not.toContain('sk-ant-secret');
  });
});

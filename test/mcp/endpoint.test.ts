import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startListening, type ListeningProcess } from '../support/listening-process.ts';
import { tempFolder } from '../support/temp-folder.ts';
import { ASK_BIN, buildStampedDigest, connectMcp, expectedStamp, jsonOf, nodeOf, textsOf } from './helpers.ts';

let root = '';
let contentHash = '';
let serve: ListeningProcess;
let cleanup: () => Promise<void> = async () => {};

/** The environment of `ask serve` without any provider key. */
function keylessEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([name]) => !/_API_KEY$|^ASK_/.test(name)));
}

beforeAll(async () => {
  const folder = await tempFolder();
  root = folder.dir;
  contentHash = await buildStampedDigest(path.join(root, 'digest'));
  serve = await startListening(process.execPath, [ASK_BIN, 'serve', '--digest', 'digest', '--port', '0'], { cwd: root, env: keylessEnv() });
  cleanup = async () => {
    await serve.stop();
    await folder.cleanup();
  };
});
afterAll(() => cleanup());

describe('ask mcp --endpoint against a running ask serve', () => {
  it('answers from the mirrored digest with the real text, pages and the stamp the server sends', async () => {
    const endpoint = `${serve.url}/api/ask`;
    const head = await fetch(`${endpoint}/archive`, { method: 'HEAD' });
    expect(head.headers.get('x-ask-content-hash')).toBe(contentHash);

    const client = await connectMcp(root, ['--endpoint', endpoint, '--cache', 'mirror']);
    try {
      const id = 'guide/passcodes#request-a-passcode';
      const section = await client.callTool({ name: 'section', arguments: { id } });
      expect(jsonOf<{ text: string }>(section).text).toBe((await nodeOf(path.join(root, 'digest'), id)).markdown);
      expect(textsOf(section).at(-1)).toBe(expectedStamp(contentHash).line);
      expect(section._meta).toEqual(expectedStamp(contentHash).meta);

      const search = jsonOf<{ results: { id: string | null }[] }>(await client.callTool({ name: 'search', arguments: { query: 'passcode expires' } }));
      expect(search.results[0]?.id).toBe(id);

      const page = await client.readResource({ uri: 'ask://pages/guide/passcodes' });
      const served = await (await fetch(`${endpoint}/pages/guide/passcodes.md`)).text();
      const [content] = page.contents;
      expect(content && 'text' in content ? content.text : '').toBe(served);
      expect(content?._meta).toEqual(expectedStamp(contentHash).meta);
    } finally {
      await client.close();
    }
  });
});

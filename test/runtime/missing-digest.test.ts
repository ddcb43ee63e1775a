import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createNodeAskHandler } from '../../pipeline/adapters/node.ts';
import { tempFolder } from '../support/temp-folder.ts';

describe('a server whose digest folder is missing', () => {
  it('answers 500 saying what to run, without the server folder in the body; the log names the folder', async () => {
    const folder = await tempFolder();
    try {
      const digestDir = path.join(folder.dir, 'nowhere', 'digest');
      const lines: string[] = [];
      const handler = createNodeAskHandler({ digestDir, processEnv: {}, log: (line) => lines.push(line) });
      const response = await handler(new Request('http://local/api/ask/glossary'));
      expect(response.status).toBe(500);
      const body = (await response.json()) as { error: string };
      expect(body.error).toContain("run 'ask digest build'");
      expect(JSON.stringify(body)).not.toContain(folder.dir);
      expect(lines.join('\n')).toContain(digestDir);
    } finally {
      await folder.cleanup();
    }
  });
});

import { describe, expect, it } from 'vitest';
import { runAsk } from '../support/cli.ts';
import { tempFoldersPerTest } from '../support/temp-folder.ts';

const project = tempFoldersPerTest();

const LINE = /^ask (serve|digest build): unknown provider 'mistral': use anthropic, openai, gemini, offline$/;

describe('an unknown provider', () => {
  it('stops `ask serve` at start-up, before it listens: one line naming it and the accepted ones, exit 2', async () => {
    const { dir } = await project({ 'digest/.keep': '' });
    const result = await runAsk(['serve', '--port', '0'], dir, { ASK_PROVIDER: 'mistral' });
    expect(result).toEqual({ code: 2, out: [], err: ["ask serve: unknown provider 'mistral': use anthropic, openai, gemini, offline"] });
  });

  it('stops a build the same way, from the flag or from ASK_PROVIDER', async () => {
    const { dir } = await project({ 'content/index.md': '# Home\n\nA page.\n' });
    for (const [argv, env] of [
      [['digest', 'build', '--provider', 'Mistral', '--content', 'content'], {}],
      [['digest', 'build', '--content', 'content'], { ASK_PROVIDER: 'mistral' }],
    ] as const) {
      const result = await runAsk(argv, dir, env);
      expect(result.code).toBe(2);
      expect(result.out).toEqual([]);
      expect(result.err).toHaveLength(1);
      expect(result.err[0]).toMatch(LINE);
    }
  });
});

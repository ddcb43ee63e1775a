/**
 * A reader that closes the command's stdout (`ask search x | head -1`) ends the command quietly:
 * status 0, nothing on stderr, no stack trace. Run as the real bin with its read end closed
 * before the first line is written.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startAsk } from '../support/cli.ts';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

function runWithClosedStdout(argv: readonly string[]): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = startAsk(argv, ROOT);
    // the reader is gone before the command prints anything: its first write meets a closed pipe
    child.stdout.destroy();
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stderr }));
  });
}

describe('a closed stdout', () => {
  for (const argv of [
    ['search', 'workspace', '--digest', 'digest'],
    ['sections', '--digest', 'digest'],
    ['glossary', '--digest', 'digest'],
    ['--help'],
  ]) {
    it(`ends 'ask ${argv.join(' ')}' with status 0 and nothing on stderr`, async () => {
      const { code, stderr } = await runWithClosedStdout(argv);
      expect(stderr).toBe('');
      expect(code).toBe(0);
    });
  }
});

/**
 * The command line's error line: never an internal class name, never a stack frame, never the
 * value of a secret variable of the environment, whatever the error carried.
 */
import { describe, expect, it } from 'vitest';
import { reportError } from '../../pipeline/cli/report-error.ts';
import { AskError } from '../../pipeline/errors.ts';
import { DigestLoadError } from '../../pipeline/runtime/digest-data.ts';

function report(error: unknown, env: Record<string, string> = {}) {
  const lines: string[] = [];
  const code = reportError(error, { err: (line) => lines.push(line), env });
  return { code, lines };
}

describe('reportError', () => {
  it('prints a worker thread failure (its message a stack) as its message alone', () => {
    // what compile/workers sends back from a thread: the stack as the message
    const fromThread = new Error('TypeError: Cannot read properties of undefined (reading \'id\')\n    at distil (file:///app/pipeline/distill/x.ts:1:2)\n    at process (node:internal/x:3:4)');
    expect(report(fromThread)).toEqual({ code: 1, lines: ["ask: Cannot read properties of undefined (reading 'id')"] });
  });

  it('never shows an internal class name before a message', () => {
    expect(report(new Error('DigestLoadError: no digest folder; run \'ask digest build\''))).toEqual({ code: 1, lines: ["ask: no digest folder; run 'ask digest build'"] });
    expect(report(new AskError('SearchIndexError: the tables are cut short'))).toEqual({ code: 1, lines: ['ask: the tables are cut short'] });
    const loadError = report(new DigestLoadError("no digest folder at '/srv/x'; run 'ask digest build'"));
    expect(loadError.lines.join('\n')).not.toContain('DigestLoadError');
  });

  it('redacts the value of any secret variable of the environment and key-shaped text', () => {
    const env = { ANTHROPIC_API_KEY: 'anthropic-secret-value-0001', DEPLOY_TOKEN: 'deploy-token-0002', SMTP_PASSWORD: 'smtp-pass-0003' };
    const error = new Error(`request failed: x-api-key anthropic-secret-value-0001, token deploy-token-0002, pass smtp-pass-0003, Bearer abcdefgh12345678`);
    const { lines } = report(error, env);
    expect(lines).toHaveLength(1);
    for (const secret of [...Object.values(env), 'abcdefgh12345678']) expect(lines[0]).not.toContain(secret);
    expect(lines[0]).toContain('[redacted]');
  });

  it('still prints an empty message as something', () => {
    expect(report(new Error(''))).toEqual({ code: 1, lines: ['ask: internal error'] });
  });
});

/**
 * An internal error is answered with the generic 500 and logged once for the operator, with its
 * message, stack and causes; no secret of the environment (process, runtime or build) and no
 * key-shaped text is in that line, and no internal class name is in any body.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createNodeAskHandler } from '../../pipeline/adapters/node.ts';
import { errorToResponse } from '../../pipeline/runtime/errors.ts';
import { createAskHandler } from '../../pipeline/runtime/handler.ts';
import { streamAgenticAnswerFor } from '../../pipeline/runtime/agentic-answer.ts';
import { redactorOf } from '../../pipeline/runtime/redact.ts';
import { tempFolder } from '../support/temp-folder.ts';

const PROCESS_SECRETS = { MY_SERVICE_TOKEN: 'plain-token-value-4242', DB_PASSWORD: 'correct horse battery', OPENAI_API_KEY: 'org-key-0123456789abcdefghij' };
const RUNTIME_SECRET = 'runtime-secret-value-9999';

/** A handler whose data load throws `error`. */
function failingHandler(error: Error, logs: string[]) {
  return createAskHandler({
    load: () => Promise.reject(error),
    archive: () => Promise.resolve(new Uint8Array(0)),
    streamAgentic: streamAgenticAnswerFor,
    processEnv: PROCESS_SECRETS,
    buildEnv: { BUILD_SECRET: 'build-time-secret-7777' },
    log: (line) => logs.push(line),
  });
}

describe('an internal error in the handler', () => {
  it('is logged once with its message, stack and cause, the client getting the generic 500', async () => {
    const logs: string[] = [];
    const cause = new Error('socket hang up');
    const error = new TypeError('cannot read the tables', { cause });
    const response = await failingHandler(error, logs)(new Request('http://local/api/ask/glossary'));
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ error: 'Internal error.' });
    expect(logs).toHaveLength(1);
    const line = logs[0] ?? '';
    expect(line.startsWith('ask: internal error: TypeError: cannot read the tables\n')).toBe(true);
    expect(line).toMatch(/\n\s+at .*internal-error-log\.test\.ts/);
    expect(line).toContain('caused by: Error: socket hang up');
  });

  it('has every secret of the process, runtime and build environments and key-shaped text redacted', async () => {
    const logs: string[] = [];
    const message = [
      `upstream said 401 for token ${PROCESS_SECRETS.MY_SERVICE_TOKEN} and password ${PROCESS_SECRETS.DB_PASSWORD}`,
      `key ${PROCESS_SECRETS.OPENAI_API_KEY.slice(0, 14)}… (cut), runtime ${RUNTIME_SECRET}, build build-time-secret-7777`,
      'headers {"x-api-key":"abcdef0123456789","authorization":"Bearer eyJhbGciOiJIUzI1NiJ9.e30.abc"} and sk-ant-api03-0123456789abcdef',
    ].join('; ');
    const response = await failingHandler(new Error(message), logs)(new Request('http://local/api/ask/overview'), { env: { WORKER_SECRET: RUNTIME_SECRET } });
    expect(response.status).toBe(500);
    const body = await response.text();
    const line = logs.join('\n');
    expect(line).toContain('upstream said 401 for token [redacted] and password [redacted]');
    for (const secret of [...Object.values(PROCESS_SECRETS), PROCESS_SECRETS.OPENAI_API_KEY.slice(0, 12), RUNTIME_SECRET, 'build-time-secret-7777', 'abcdef0123456789', 'eyJhbGciOiJIUzI1NiJ9', 'sk-ant-api03']) {
      expect(line).not.toContain(secret);
      expect(body).not.toContain(secret);
    }
  });

  it('escapes control characters in the logged line', () => {
    const logs: string[] = [];
    const response = errorToResponse(new RangeError('bad \u001b[31mred\u001b[0m value'), (line) => logs.push(line), redactorOf());
    expect(response.status).toBe(500);
    expect(logs[0]).toContain('RangeError: bad \\x1b[31mred\\x1b[0m value');
  });

  it('logs a thrown non-Error by its type and text', () => {
    const logs: string[] = [];
    errorToResponse('a plain string', (line) => logs.push(line));
    expect(logs).toEqual(['ask: internal error: thrown string: a plain string']);
  });
});

describe('a digest that cannot be loaded', () => {
  it('answers a body and logs a line that name no internal class', async () => {
    const folder = await tempFolder();
    try {
      const logs: string[] = [];
      const handler = createNodeAskHandler({ digestDir: path.join(folder.dir, 'none'), processEnv: {}, log: (line) => logs.push(line) });
      const response = await handler(new Request('http://local/api/ask/sections'));
      expect(response.status).toBe(500);
      const body = await response.text();
      expect(body).toContain("run 'ask digest build'");
      expect(body).not.toMatch(/[A-Z]\w*Error/);
      expect(logs).toHaveLength(1);
      expect(logs[0]).toMatch(/^ask: no digest folder at '.*'; run 'ask digest build'$/);
    } finally {
      await folder.cleanup();
    }
  });
});

import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { readDigestFolder } from '../../pipeline/adapters/digest-folder.ts';
import { reportError } from '../../pipeline/cli/report-error.ts';
import { CommandFailure, UsageError } from '../../pipeline/cli/io.ts';
import { AskError } from '../../pipeline/errors.ts';
import { streamAgenticAnswerFor } from '../../pipeline/runtime/agentic-answer.ts';
import { parseDigestFiles, type AskData } from '../../pipeline/runtime/digest-data.ts';
import { createAskHandler } from '../../pipeline/runtime/handler.ts';

const DIGEST = path.join(import.meta.dirname, '..', '..', 'digest');

/** An error no part of the pipeline knows by name. */
class TeapotError extends AskError {
  override readonly name = 'TeapotError';
  constructor() {
    super('the kettle at /srv/secret/kettle boiled over', { status: 418, userMessage: 'No coffee here.' });
  }
}

/** The request path's section opens a node that throws `error`; every other route is served from the digest. */
function handlerThrowing(error: unknown, data: AskData, logs: string[]) {
  const throwing: AskData = {
    ...data,
    node: () => {
      throw error;
    },
  };
  return createAskHandler({
    load: () => Promise.resolve(throwing),
    archive: () => Promise.resolve(new Uint8Array(0)),
    streamAgentic: streamAgenticAnswerFor,
    processEnv: {},
    log: (line) => logs.push(line),
  });
}

let data: AskData;
beforeAll(async () => {
  data = parseDigestFiles(await readDigestFolder(DIGEST));
});

const sectionRequest = (): Request => new Request('http://local/api/ask/sections/anything');

describe('the handler renders every error in one place', () => {
  it('answers a new AskError subclass thrown inside a route with its status and user message', async () => {
    const logs: string[] = [];
    const response = await handlerThrowing(new TeapotError(), data, logs)(sectionRequest());
    expect(response.status).toBe(418);
    expect(await response.json()).toEqual({ error: 'No coffee here.' });
    expect(logs).toEqual([]);
  });

  it('answers an AskError thrown while the data loads the same way', async () => {
    const handler = createAskHandler({
      load: () => Promise.reject(new TeapotError()),
      archive: () => Promise.resolve(new Uint8Array(0)),
      streamAgentic: streamAgenticAnswerFor,
      processEnv: {},
      log: () => {},
    });
    const response = await handler(new Request('http://local/api/ask/glossary'));
    expect(response.status).toBe(418);
    expect(await response.json()).toEqual({ error: 'No coffee here.' });
  });

  it('answers anything else with a 500 that does not carry its message, and logs it once with its stack, the key redacted', async () => {
    const logs: string[] = [];
    const secret = new TypeError('sk-ant-0123456789 at /srv/secret/config.json');
    const response = await handlerThrowing(secret, data, logs)(sectionRequest());
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ error: 'Internal error.' });
    expect(text).not.toContain('sk-ant');
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatch(/^ask: internal error: TypeError: \[redacted\] at \/srv\/secret\/config\.json\n\s+at /);
  });

  it('answers an AskError without a user message with the generic 500, its message unshown', async () => {
    const logs: string[] = [];
    const internal = new AskError('token sk-ant-0123456789 rejected');
    const response = await handlerThrowing(internal, data, logs)(sectionRequest());
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ error: 'Internal error.' });
    expect(text).not.toContain('sk-ant');
    expect(logs.join('\n')).not.toContain('sk-ant');
  });
});

describe('the command line reports every error in one place', () => {
  const report = (error: unknown) => {
    const lines: string[] = [];
    const code = reportError(error, { err: (line) => lines.push(line) });
    return { code, lines };
  };

  it('prints an AskError subclass by its user message and ends with its exit code', () => {
    class Interrupted extends AskError {
      constructor() {
        super('stopped', { userMessage: 'ask: stopped before the end', exitCode: 130 });
      }
    }
    expect(report(new Interrupted())).toEqual({ code: 130, lines: ['ask: stopped before the end'] });
  });

  it('keeps usage mistakes at exit code 2 and failures at 1', () => {
    expect(report(new UsageError('ask: --port needs a number'))).toEqual({ code: 2, lines: ['ask: --port needs a number'] });
    expect(report(new CommandFailure('ask: no digest'))).toEqual({ code: 1, lines: ['ask: no digest'] });
  });

  it('prints anything else as ask: <message> with exit code 1', () => {
    expect(report(new Error('disk full'))).toEqual({ code: 1, lines: ['ask: disk full'] });
    expect(report(new AskError('the tables are inconsistent'))).toEqual({ code: 1, lines: ['ask: the tables are inconsistent'] });
  });
});

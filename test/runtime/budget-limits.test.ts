import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readDigestFolder } from '../../pipeline/adapters/digest-folder.ts';
import { streamAgenticAnswerFor } from '../../pipeline/runtime/agentic-answer.ts';
import type { BudgetRouteLimits } from '../../pipeline/runtime/budget-route.ts';
import type { DigestFiles } from '../../pipeline/runtime/digest-data.ts';
import { createAskHandler } from '../../pipeline/runtime/handler.ts';
import { build } from '../support/digest-tree.ts';
import { tempFolder } from '../support/temp-folder.ts';

const SITE = path.join(import.meta.dirname, '..', 'fixtures', 'site');
let files: DigestFiles = new Map();
let cleanup: () => Promise<void> = async () => {};

beforeAll(async () => {
  const folder = await tempFolder();
  const digestDir = path.join(folder.dir, 'digest');
  await build(SITE, digestDir);
  files = await readDigestFolder(digestDir);
  cleanup = folder.cleanup;
}, 120_000);
afterAll(() => cleanup());

function handlerWith(budgetLimits: Partial<BudgetRouteLimits>) {
  return createAskHandler({
    digest: () => Promise.resolve(files),
    archive: () => Promise.resolve(new Uint8Array(0)),
    streamAgentic: streamAgenticAnswerFor,
    processEnv: {},
    log: () => {},
    budgetLimits,
  });
}

const get = (path: string, method = 'GET') => new Request(`http://local${path}`, { method });
/** Whether a promise has settled once everything already queued has run (no clock involved). */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true), () => (done = true));
  for (let turn = 0; turn < 20; turn += 1) await new Promise((resolve) => setImmediate(resolve));
  return done;
}

describe('the budget route is capped', () => {
  it('serves the largest safe integer as the maximum budget, the body bounded by it', async () => {
    const maxTokens = 300;
    const handler = handlerWith({ maxTokens });
    // the attack asked for 2^53 - 1 tokens and got every section with its text
    const whole = await (await handlerWith({})(get('/api/ask/sections?budget=9007199254740991'))).text();
    const response = await handler(get('/api/ask/sections?budget=9007199254740991'));
    expect(response.status).toBe(200);
    const body = await response.text();
    const parsed = JSON.parse(body) as { budget: number; used: number; sections: unknown[]; note: string };
    expect(parsed.budget).toBe(maxTokens);
    expect(parsed.used).toBeLessThanOrEqual(maxTokens);
    expect(parsed.sections.length).toBeGreaterThan(0);
    expect(parsed.note).toContain(`to fit ${maxTokens} tokens`);
    // four characters a token of what was given, plus the envelope and the part names
    const bound = 4 * maxTokens + 32 * parsed.sections.length + 512;
    expect(body.length).toBeLessThanOrEqual(bound);
    expect(whole.length).toBeGreaterThan(bound);
  });
});

describe('the budget route bounds concurrent requests', () => {
  it('holds the (max+1)th request until a body is sent, and refuses the one past the queue with 503 and Retry-After', async () => {
    const handler = handlerWith({ inFlight: 2, waiting: 1, waitMs: 600_000 });
    const path = '/api/ask/sections?budget=100000&q=passcode';
    // two responses whose bodies nobody has read yet hold both places
    const first = await handler(get(path));
    const second = await handler(get(path));
    expect([first.status, second.status]).toEqual([200, 200]);
    const third = handler(get(path));
    expect(await settled(third)).toBe(false);
    const fourth = await handler(get(path));
    expect(fourth.status).toBe(503);
    expect(fourth.headers.get('retry-after')).toBe('1');
    expect(await fourth.json()).toEqual({ error: 'Too many requests of this kind at once; retry shortly.' });
    // the first body sent, its place passes to the third
    const expected = await first.text();
    const admitted = await third;
    expect(admitted.status).toBe(200);
    expect(await admitted.text()).toBe(expected);
    // a cancelled body gives its place back too
    await second.body?.cancel();
    const again = await Promise.all([handler(get(path)), handler(get(path))]);
    expect(again.map((response) => response.status)).toEqual([200, 200]);
    await Promise.all(again.map((response) => response.text()));
  });

  it('refuses at once when no request may wait, and keeps no place for a HEAD request or a 400', async () => {
    const handler = handlerWith({ inFlight: 1, waiting: 0 });
    const path = '/api/ask/sections?budget=500';
    for (let round = 0; round < 3; round += 1) {
      expect((await handler(get(path, 'HEAD'))).status).toBe(200);
      expect((await handler(get('/api/ask/sections?budget=0'))).status).toBe(400);
    }
    const held = await handler(get(path));
    expect(held.status).toBe(200);
    expect((await handler(get(path))).status).toBe(503);
    // other routes are not gated
    expect((await handler(get('/api/ask/sections'))).status).toBe(200);
    await held.text();
    const next = await handler(get(path));
    expect(next.status).toBe(200);
    await next.text();
  });
});

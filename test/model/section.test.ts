import { describe, expect, it } from 'vitest';
import { ProviderError } from '../../pipeline/model/index.ts';
import { FAKE_KEY, FAKE_PROVIDERS, sentKey } from '../support/fake-providers.ts';
import { goodSectionAnswer, page, portSection } from '../support/distill-fixtures.ts';
import { FAST_RETRY, distillerFor, useFake } from '../support/model-distiller.ts';

describe.each(FAKE_PROVIDERS)('section distillation through the real %s SDK', (provider) => {
  const { fake } = useFake(provider);

  it('returns the summary, verbatim facts, cleaned terms and mode, and counts the call', async () => {
    fake().script({ json: goodSectionAnswer, usage: { input: 1200, output: 80, cached: 1000 } });
    const distiller = distillerFor(provider, fake(), { model: 'test-model' });

    const out = await distiller.distillSection(portSection, page);

    expect(out).toEqual({
      summary: 'Explains how to change the port the server listens on.',
      facts: [
        { kind: 'default', literal: 'port 4321 by default' },
        { kind: 'code', literal: '--port 0' },
      ],
      terms: ['change port', 'Port', 'listen address', 'env var'],
      mode: 'agent-primary',
    });
    expect(distiller.usage()).toEqual({ calls: 1, inputTokens: 1200, outputTokens: 80, cacheHits: 1000, droppedFacts: 0 });
    const [request] = fake().requests;
    expect(request && sentKey(request)).toBe(FAKE_KEY);
    expect(request?.raw).toContain('`--port 0` to pick a free port');
    expect(`${request?.path} ${request?.raw}`).toContain('test-model');
  });

  it('drops and counts a fact that is not byte-for-byte in the source', async () => {
    fake().script({
      json: {
        ...goodSectionAnswer,
        facts: [
          { kind: 'code', literal: '--port 0' },
          { kind: 'default', literal: 'the default port is 4321' },
          { kind: 'key', literal: 'port' },
          { kind: 'key', literal: 'PORT ' },
        ],
      },
    });
    const distiller = distillerFor(provider, fake());

    const out = await distiller.distillSection(portSection, page);

    expect(out.facts).toEqual([
      { kind: 'code', literal: '--port 0' },
      { kind: 'key', literal: 'port' },
    ]);
    expect(distiller.usage().droppedFacts).toBe(2);
  });

  it('retries a 429 through the SDK and then succeeds', async () => {
    fake().script({ status: 429, headers: FAST_RETRY, errorMessage: 'Rate limited' }, { json: goodSectionAnswer });
    const distiller = distillerFor(provider, fake());

    const out = await distiller.distillSection(portSection, page);

    expect(out.summary).toBe(goodSectionAnswer.summary);
    expect(fake().requests).toHaveLength(2);
    expect(distiller.usage().calls).toBe(1);
  });

  it('retries an overloaded or unavailable provider', async () => {
    const status = provider === 'anthropic' ? 529 : 503;
    fake().script({ status, headers: FAST_RETRY, errorMessage: 'Overloaded' }, { json: goodSectionAnswer });

    const out = await distillerFor(provider, fake()).distillSection(portSection, page);

    expect(out.mode).toBe('agent-primary');
    expect(fake().requests).toHaveLength(2);
  });

  it('gives up after maxRetries on a 500 storm with a clear error that does not contain the key', async () => {
    fake().otherwise({ status: 500, headers: FAST_RETRY, errorMessage: `upstream exploded for ${FAKE_KEY}` });
    const distiller = distillerFor(provider, fake(), { maxRetries: 2 });

    const error: unknown = await distiller.distillSection(portSection, page).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ProviderError);
    const message = error instanceof Error ? error.message : '';
    expect(message).toContain(`${provider} section distillation of guide/server#change-the-port failed (HTTP 500) after 2 retries`);
    expect(message).not.toContain(FAKE_KEY);
    expect(message).not.toContain(FAKE_KEY.slice(0, 12));
    expect(JSON.stringify(error)).not.toContain(FAKE_KEY);
    expect(fake().requests).toHaveLength(3);
  });

  it('does not retry a 400 and says what the provider said', async () => {
    fake().script({ status: 400, errorMessage: 'max_tokens is too large' });

    const error: unknown = await distillerFor(provider, fake()).distillSection(portSection, page).catch((e: unknown) => e);

    expect(error instanceof Error ? error.message : '').toMatch(/failed \(HTTP 400\): max_tokens is too large$/);
    expect(fake().requests).toHaveLength(1);
  });

  it('asks once more when the answer does not match the schema, then fails clearly', async () => {
    fake().script({ json: { summary: 42 } }, { json: goodSectionAnswer });
    const distiller = distillerFor(provider, fake());
    expect((await distiller.distillSection(portSection, page)).summary).toBe(goodSectionAnswer.summary);
    expect(distiller.usage().calls).toBe(2);

    fake().script({ json: { nope: true } }, { text: 'not json at all' });
    await expect(distiller.distillSection(portSection, page)).rejects.toThrow(/did not match the expected structure twice/);
  });

  it('gives up on a call that outlives its timeout', async () => {
    fake().script({ json: goodSectionAnswer, delayMs: 3_000 });

    const error: unknown = await distillerFor(provider, fake(), { timeoutMs: 100, maxRetries: 0 })
      .distillSection(portSection, page)
      .catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ProviderError);
    expect(error instanceof Error ? error.message : '').toMatch(new RegExp(`^${provider} section distillation of .* failed: `));
    expect(fake().requests).toHaveLength(1);
  });

  it('can run many sections concurrently', async () => {
    for (let i = 0; i < 8; i += 1) fake().script({ json: goodSectionAnswer, usage: { input: 10, output: 1 } });
    const distiller = distillerFor(provider, fake());

    const outs = await Promise.all(Array.from({ length: 8 }, () => distiller.distillSection(portSection, page)));

    expect(outs.every((o) => o.facts.length === 2)).toBe(true);
    expect(distiller.usage()).toMatchObject({ calls: 8, inputTokens: 80, outputTokens: 8 });
  });
});

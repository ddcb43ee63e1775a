import { afterEach, beforeEach } from 'vitest';
import { createModelDistiller, type ModelDistillerOptions } from '../../pipeline/distill/prompted/index.ts';
import type { Distiller } from '../../pipeline/types.ts';
import type { FakeModelServer } from './fake-model-server.ts';
import { FAKE_KEY, FAKES, type FakeProvider } from './fake-providers.ts';

/** Retry-after the fakes send: short, so the SDKs' real back-off path runs fast. */
export const FAST_RETRY = { 'retry-after': '0.01' } as const;

/** Starts the fake of `provider` before each test and closes it after. */
export function useFake(provider: FakeProvider): { fake: () => FakeModelServer } {
  let server: FakeModelServer | undefined;
  beforeEach(async () => {
    server = await FAKES[provider]();
  });
  afterEach(async () => {
    await server?.close();
  });
  return {
    fake: () => {
      if (!server) throw new Error('fake server not started');
      return server;
    },
  };
}

/** A distiller of `provider` talking to `fake`, with the recognisable fake key and fast retries. */
export function distillerFor(
  provider: FakeProvider,
  fake: FakeModelServer,
  options: Partial<Omit<ModelDistillerOptions, 'provider'>> = {},
): Distiller {
  return createModelDistiller({
    provider,
    // A model of our own: the default may be one the SDK warns about on every call.
    model: `${provider}-fake-model`,
    apiKey: FAKE_KEY,
    baseUrl: fake.url,
    maxRetries: 2,
    timeoutMs: 5_000,
    retryDelayMs: 10,
    ...options,
  });
}

import { startFakeAnthropic } from './fake-anthropic.ts';
import { startFakeGemini } from './fake-gemini.ts';
import type { FakeModelServer, RecordedRequest } from './fake-model-server.ts';
import { startFakeOpenAI } from './fake-openai.ts';

/** The three fakes by provider name, for scenarios that run against each. */
export const FAKES = {
  anthropic: startFakeAnthropic,
  openai: startFakeOpenAI,
  gemini: startFakeGemini,
} as const satisfies Record<string, () => Promise<FakeModelServer>>;

export type FakeProvider = keyof typeof FAKES;
export const FAKE_PROVIDERS: readonly FakeProvider[] = ['anthropic', 'openai', 'gemini'];

/** The API key a provider's SDK sent with a request (`x-api-key`, `authorization: Bearer` or `x-goog-api-key`). */
export function sentKey(request: RecordedRequest): string | undefined {
  for (const header of ['x-api-key', 'x-goog-api-key', 'authorization']) {
    const value = request.headers[header];
    const text = Array.isArray(value) ? value[0] : value;
    if (text) return text.replace(/^Bearer /, '');
  }
  return undefined;
}

/** A key nobody could mistake for anything else, to prove it never leaks. */
export const FAKE_KEY = 'sk-test-FAKEKEY-0123456789-do-not-leak';

import { describe, expect, it } from 'vitest';
import { resolveProvider } from '../../../pipeline/distill/choose.ts';
import { DEFAULT_MODELS } from '../../../pipeline/model/index.ts';

const KEY = 'sk-resolve-test-key-123456';

describe('resolveProvider', () => {
  it('defaults to anthropic with its default model when its key is set', () => {
    expect(resolveProvider({ ANTHROPIC_API_KEY: KEY })).toEqual({
      provider: 'anthropic',
      model: DEFAULT_MODELS.anthropic,
      apiKey: KEY,
      fellBackToOffline: false,
    });
  });

  it('takes the flag over ASK_PROVIDER, and the model flag over ASK_MODEL', () => {
    const env = { ASK_PROVIDER: 'gemini', ASK_MODEL: 'from-env', OPENAI_API_KEY: KEY, GEMINI_API_KEY: KEY, OPENAI_BASE_URL: 'http://gw/v1' };
    expect(resolveProvider(env, 'openai', 'from-flag')).toMatchObject({ provider: 'openai', model: 'from-flag', baseUrl: 'http://gw/v1' });
    expect(resolveProvider(env)).toMatchObject({ provider: 'gemini', model: 'from-env' });
  });

  it('falls back to offline with a one-line notice that names the variable and no key', () => {
    const resolved = resolveProvider({ ASK_PROVIDER: 'openai', ANTHROPIC_API_KEY: KEY, OPENAI_API_KEY: '  ' });
    expect(resolved).toMatchObject({ provider: 'offline', model: 'offline-v1', fellBackToOffline: true });
    expect(resolved.apiKey).toBeUndefined();
    expect(resolved.notice).toMatch(/^OPENAI_API_KEY is not set: using the offline distiller/);
    expect(resolved.notice).not.toContain('\n');
    expect(resolved.notice).not.toContain(KEY);
  });

  it('chooses offline on request, and refuses an unknown provider by naming the choices', () => {
    expect(resolveProvider({ ANTHROPIC_API_KEY: KEY }, 'offline')).toEqual({ provider: 'offline', model: 'offline-v1', fellBackToOffline: false });
    expect(() => resolveProvider({}, 'mistral')).toThrow("unknown provider 'mistral': use anthropic, openai, gemini, offline");
  });
});

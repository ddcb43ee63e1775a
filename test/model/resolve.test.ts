import { describe, expect, it } from 'vitest';
import { resolveProvider } from '../../pipeline/distill/choose.ts';
import { DEFAULT_MODELS, resolveModel } from '../../pipeline/model/index.ts';
import { loopConfig } from '../../pipeline/runtime/provider-config.ts';

const UNKNOWN = "unknown provider 'mistral': use anthropic, openai, gemini, offline";
const KEY = 'sk-resolve-test-key-123456';

describe('the one model resolver', () => {
  it('reads every variable in the runtime, then process, then build environment', () => {
    const sources = {
      runtimeEnv: { ASK_PROVIDER: 'openai', OPENAI_API_KEY: 'runtime-key' },
      processEnv: { ASK_PROVIDER: 'gemini', ASK_MODEL: 'process-model', OPENAI_BASE_URL: 'http://process/v1' },
      buildEnv: { ASK_MODEL: 'build-model', OPENAI_API_KEY: 'build-key' },
    };
    expect(resolveModel(sources, {})).toEqual({ provider: 'openai', model: 'process-model', apiKey: 'runtime-key', baseUrl: 'http://process/v1' });
    expect(resolveModel({ buildEnv: sources.buildEnv }, { provider: 'openai' })).toEqual({ provider: 'openai', model: 'build-model', apiKey: 'build-key', baseUrl: undefined });
  });

  it('takes the request over the variables, and defaults to anthropic and its default model', () => {
    expect(resolveModel({ processEnv: { ASK_PROVIDER: 'gemini', ASK_MODEL: 'm' } }, { provider: ' OpenAI ', model: 'flag-model' })).toMatchObject({ provider: 'openai', model: 'flag-model' });
    expect(resolveModel({}, {})).toEqual({ provider: 'anthropic', model: DEFAULT_MODELS.anthropic, apiKey: undefined, baseUrl: undefined });
    expect(resolveModel({ processEnv: { ASK_PROVIDER: 'offline' } }, {})).toEqual({ provider: 'offline' });
  });

  it('refuses an unknown provider the same way in the build and in the runtime', () => {
    expect(() => resolveModel({ runtimeEnv: { ASK_PROVIDER: 'mistral' } }, {})).toThrow(UNKNOWN);
    expect(() => resolveProvider({ ASK_PROVIDER: 'mistral' })).toThrow(UNKNOWN);
    expect(() => loopConfig({ runtimeEnv: { ASK_PROVIDER: 'mistral' } }, {})).toThrow(UNKNOWN);
    expect(() => loopConfig({}, { provider: 'mistral' })).toThrow(UNKNOWN);
  });

  it('gives the build and the runtime the same provider, model, key and base URL', () => {
    const env = { ASK_PROVIDER: 'gemini', ASK_MODEL: 'g-model', GEMINI_API_KEY: 'g-key', GEMINI_BASE_URL: 'http://gw' };
    const build = resolveProvider(env);
    const runtime = loopConfig({ processEnv: env }, {});
    expect({ provider: runtime.provider, model: runtime.model, apiKey: runtime.apiKey, baseUrl: runtime.baseUrl }).toEqual({
      provider: build.provider,
      model: build.model,
      apiKey: build.apiKey,
      baseUrl: build.baseUrl,
    });
  });
});

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
    expect(() => resolveProvider({}, 'mistral')).toThrow(UNKNOWN);
  });
});

import { describe, expect, it } from 'vitest';
import { resolveProvider } from '../../pipeline/distill/choose.ts';
import { DEFAULT_MODELS, resolveModel } from '../../pipeline/model/index.ts';
import { loopConfig } from '../../pipeline/runtime/provider-config.ts';

const UNKNOWN = "unknown provider 'mistral': use anthropic, openai, gemini, offline";

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

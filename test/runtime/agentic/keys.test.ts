import { describe, expect, it } from 'vitest';
import { lookupProviderKey } from '../../../pipeline/model/keys.ts';

describe('lookupProviderKey', () => {
  it('reads the runtime environment first, then the process, then the build environment', () => {
    const all = { runtimeEnv: { ANTHROPIC_API_KEY: 'runtime' }, processEnv: { ANTHROPIC_API_KEY: 'process' }, buildEnv: { ANTHROPIC_API_KEY: 'build' } };
    expect(lookupProviderKey('anthropic', all)).toBe('runtime');
    expect(lookupProviderKey('anthropic', { ...all, runtimeEnv: {} })).toBe('process');
    expect(lookupProviderKey('anthropic', { buildEnv: all.buildEnv })).toBe('build');
  });

  it("uses the provider's own variable and skips empty or non-string values", () => {
    const sources = { runtimeEnv: { OPENAI_API_KEY: '', GEMINI_API_KEY: 42 }, processEnv: { OPENAI_API_KEY: ' sk-o ', GEMINI_API_KEY: 'g' } };
    expect(lookupProviderKey('openai', sources)).toBe('sk-o');
    expect(lookupProviderKey('gemini', sources)).toBe('g');
    expect(lookupProviderKey('anthropic', sources)).toBeUndefined();
  });
});

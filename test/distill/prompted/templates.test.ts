import { describe, expect, it } from 'vitest';
import { loadPrompts, promptHashes } from '../../../pipeline/distill/prompted/index.ts';
import { renderTemplate } from '../../../pipeline/distill/prompted/render.ts';

describe('prompt templates', () => {
  const prompts = loadPrompts();
  const base = promptHashes(prompts);

  it('are read from templates/prompts and hashed per pass', () => {
    expect(prompts.section).toContain('record_section');
    expect(new Set(Object.values(base)).size).toBe(4);
    expect(promptHashes(loadPrompts())).toEqual(base);
  });

  it('re-run only the pass whose prompt changed', () => {
    expect(promptHashes({ ...prompts, glossary: `${prompts.glossary} ` })).toEqual({ ...base, glossary: expect.not.stringMatching(base.glossary) as unknown });
    expect(promptHashes({ ...prompts, sectionInput: `${prompts.sectionInput}\n` })).toEqual({ ...base, section: expect.not.stringMatching(base.section) as unknown });
  });

  it('re-run the three corpus passes when their shared prompt changed, and not the section pass', () => {
    const changed = promptHashes({ ...prompts, corpus: `${prompts.corpus}!` });
    expect(changed.section).toBe(base.section);
    for (const pass of ['glossary', 'suggestions', 'context'] as const) expect(changed[pass]).not.toBe(base[pass]);
  });

  it('fill every placeholder and refuse a missing one', () => {
    expect(renderTemplate('a {{x}} b {{ y }}', { x: '1', y: '$& $1' })).toBe('a 1 b $& $1');
    expect(() => renderTemplate('{{missing}}', {})).toThrow(/\{\{missing\}\} has no value/);
  });
});

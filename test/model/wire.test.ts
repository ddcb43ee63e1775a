import { describe, expect, it } from 'vitest';
import { corpus, goodSectionAnswer, page, portSection } from '../support/distill-fixtures.ts';
import { distillerFor, useFake } from '../support/model-distiller.ts';

/** What each provider is sent: structured output and prompt caching as each provider does them. */

describe('anthropic requests', () => {
  const { fake } = useFake('anthropic');

  it('force the output tool and mark the shared system block for prompt caching', async () => {
    fake().script({ json: goodSectionAnswer });
    await distillerFor('anthropic', fake()).distillSection(portSection, page);

    const body = fake().requests[0]?.body;
    expect(fake().requests[0]?.path).toBe('/v1/messages');
    expect(body?.tool_choice).toEqual({ type: 'tool', name: 'record_section' });
    expect(body?.system).toEqual([expect.objectContaining({ type: 'text', cache_control: { type: 'ephemeral' } }) as unknown]);
    expect(body?.tools).toEqual([expect.objectContaining({ name: 'record_section', input_schema: expect.objectContaining({ type: 'object' }) as unknown })]);
  });

  it('give the three corpus passes one identical cached prefix (tools and system)', async () => {
    fake().script({ json: { entries: [] } }, { json: { questions: [] } }, { json: { context: 'x' } });
    const distiller = distillerFor('anthropic', fake());
    await distiller.distillGlossary(corpus);
    await distiller.suggestQuestions(corpus, []);
    await distiller.writeContext(corpus, []);

    const [first, ...others] = fake().requests.map((r) => r.body);
    const system = first?.system;
    expect(Array.isArray(system) && system.at(-1)).toMatchObject({ cache_control: { type: 'ephemeral' } });
    for (const body of others) {
      expect(body.system).toEqual(first?.system);
      expect(body.tools).toEqual(first?.tools);
    }
    expect(fake().requests.map((r) => (r.body.tool_choice as { name?: string }).name)).toEqual([
      'record_glossary',
      'record_suggestions',
      'record_context',
    ]);
  });
});

describe('openai requests', () => {
  const { fake } = useFake('openai');

  it('ask for a strict json_schema response with the instructions first', async () => {
    fake().script({ json: goodSectionAnswer });
    await distillerFor('openai', fake()).distillSection(portSection, page);

    const body = fake().requests[0]?.body;
    expect(fake().requests[0]?.path).toBe('/chat/completions');
    expect(body?.response_format).toMatchObject({ type: 'json_schema', json_schema: { name: 'record_section', strict: true } });
    expect(body?.messages).toMatchObject([{ role: 'system' }, { role: 'user' }]);
    expect(body?.max_completion_tokens).toBe(4096);
  });
});

describe('gemini requests', () => {
  const { fake } = useFake('gemini');

  it('ask generateContent for JSON with a response JSON schema', async () => {
    fake().script({ json: goodSectionAnswer });
    await distillerFor('gemini', fake(), { model: 'gemini-test' }).distillSection(portSection, page);

    const request = fake().requests[0];
    expect(request?.path).toBe('/v1beta/models/gemini-test:generateContent');
    expect(request?.body.generationConfig).toMatchObject({
      responseMimeType: 'application/json',
      responseJsonSchema: expect.objectContaining({ required: ['summary', 'facts', 'terms', 'mode'] }) as unknown,
    });
    expect(request?.body.systemInstruction).toBeDefined();
  });
});

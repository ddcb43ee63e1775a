import { describe, expect, it } from 'vitest';
import { FAKE_KEY, FAKE_PROVIDERS } from '../../support/fake-providers.ts';
import { answer, answerText, readFrames, useFake } from './helpers.ts';

const RETRY_FAST = { 'retry-after': '0.01' };

/** Event names with runs of the same name collapsed (how many token frames depends on the link filter's hold-back). */
function collapse(events: readonly string[]): string[] {
  return events.filter((event, index) => event !== 'token' || events[index - 1] !== 'token');
}

describe.each(FAKE_PROVIDERS)('the agentic answer through the real %s SDK', (provider) => {
  const fake = useFake(provider);

  it('researches with tool calls, sends sources before any token, streams the answer and ends with done', async () => {
    fake().script(
      { toolCalls: [{ name: 'search', args: { query: 'listen port' } }, { name: 'open_section', args: { id: 'guide/server#options' } }] },
      { text: 'READY' },
      { text: ['Use ', '`--port 0`', ' (see [the port](/guide/server#change-the-port)).'], usage: { input: 500, output: 40 } },
    );

    const { frames, raw } = await readFrames(answer(provider, fake()));

    expect(collapse(frames.map((f) => f.event))).toEqual(['search', 'search', 'search', 'sources', 'token', 'done']);
    expect(frames.slice(0, 3).map((f) => f.data.query)).toEqual(['How do I change the port?', 'listen port', 'Options']);
    expect(frames[3]?.data).toEqual({
      sources: [
        { url: '/guide/server#change-the-port', title: 'Running the server', heading: 'Change the port', group: 'guide' },
        { url: '/guide/server#options', title: 'Running the server', heading: 'Options', group: 'guide', terms: ['flags', 'options'] },
      ],
      model: 'loop-model',
      mode: 'agentic',
    });
    expect(answerText(frames)).toBe('Use `--port 0` (see [the port](/guide/server#change-the-port)).');
    expect(frames.at(-1)?.data).toEqual({});
    expect(raw).not.toContain(FAKE_KEY);
    expect(fake().requests).toHaveLength(3);
  });

  it('hands the tool results back, with the source text of a source-primary section, and disables tools for the answer', async () => {
    fake().script(
      { toolCalls: [{ name: 'open_section', args: { id: 'guide/server#options' } }] },
      { text: 'READY' },
      { text: 'Done.' },
    );

    await readFrames(answer(provider, fake()));

    const [first, second, last] = fake().requests;
    expect(first?.raw).toContain('First search results for the question');
    expect(second?.raw).toContain('| --port | the port |');
    const final = last?.body;
    if (provider === 'anthropic') expect(final?.tool_choice).toEqual({ type: 'none' });
    if (provider === 'openai') expect(final?.tool_choice).toBe('none');
    if (provider === 'gemini') expect(final?.toolConfig).toEqual({ functionCallingConfig: { mode: 'NONE' } });
    expect(last?.raw).toContain('Write the answer now');
  });

  it('stops researching at its step bound and refuses sub-queries past theirs', async () => {
    fake().script(
      { toolCalls: [{ name: 'search', args: { query: 'proxy' } }, { name: 'search', args: { query: 'flags' } }] },
      { toolCalls: [{ name: 'search', args: { query: 'options' } }] },
      { text: ['Answer with what I have.'] },
    );

    const { frames } = await readFrames(answer(provider, fake(), { bounds: { maxSteps: 2, maxSubQueries: 1 } }));

    expect(frames.filter((f) => f.event === 'search').map((f) => f.data.query)).toEqual(['How do I change the port?', 'proxy']);
    expect(fake().requests).toHaveLength(3);
    expect(fake().requests[2]?.raw).toContain('Search limit reached');
    expect(answerText(frames)).toBe('Answer with what I have.');
    expect(frames.at(-1)?.event).toBe('done');
  });

  it('turns a hallucinated link into plain text even when it spans several deltas', async () => {
    fake().script(
      { text: 'READY' },
      { text: ['See [the gu', 'ide](https://evil.exa', 'mple/port) or [the port](/guide/server#change', '-the-port), or https://evil.example/x.'] },
    );

    const { frames } = await readFrames(answer(provider, fake()));

    const z = '\u200B';
    expect(answerText(frames)).toBe(`See ${z}the guide${z} or [the port](/guide/server#change-the-port), or https${z}://evil.example/x.`);
  });

  it('ends with an error frame, and no done, when the stream breaks midway', async () => {
    fake().script({ text: 'READY' }, { text: ['Partial ', 'answer ', 'never ends'], cutAfter: 2 });

    const { frames, raw } = await readFrames(answer(provider, fake()));

    expect(frames.map((f) => f.event)).toEqual(['search', 'sources', 'token', 'token', 'error']);
    expect(answerText(frames)).toBe('Partial answer ');
    expect(String(frames.at(-1)?.data.error)).toMatch(new RegExp(`^${provider} answer failed`));
    expect(raw).not.toContain(FAKE_KEY);
  });

  it('ends with an error frame without the key when the provider keeps failing', async () => {
    fake().otherwise({ status: 500, headers: RETRY_FAST, errorMessage: `boom ${FAKE_KEY}` });

    const { frames, raw } = await readFrames(answer(provider, fake()));

    expect(frames.map((f) => f.event)).toEqual(['search', 'error']);
    expect(frames[1]?.data.error).toMatch(/failed \(HTTP 500\) after 1 retries: boom \[redacted\]/);
    expect(raw).not.toContain(FAKE_KEY);
    expect(fake().requests).toHaveLength(2);
  });
});

describe('the agentic answer on anthropic', () => {
  const fake = useFake('anthropic');

  it('ends with an error frame when the stream reports overloaded midway', async () => {
    fake().script({ text: 'READY' }, { text: ['Half'], streamError: 'overloaded_error' });

    const { frames } = await readFrames(answer('anthropic', fake()));

    expect(frames.map((f) => f.event)).toEqual(['search', 'sources', 'token', 'error']);
    expect(frames.at(-1)?.data.error).toMatch(/Overloaded/);
  });

  it('caches the shared system prompt', async () => {
    fake().script({ text: 'READY' }, { text: 'ok' });
    await readFrames(answer('anthropic', fake()));
    for (const request of fake().requests) {
      expect(request.body.system).toEqual([expect.objectContaining({ cache_control: { type: 'ephemeral' } })]);
    }
  });

  it('stops calling the provider when the reader goes away', async () => {
    fake().script({ toolCalls: [{ name: 'search', args: { query: 'proxy' } }] }, { text: 'READY' }, { text: 'never read' });
    const controller = new AbortController();
    const stream = answer('anthropic', fake(), { signal: controller.signal });
    const reader = stream.getReader();
    await reader.read();
    controller.abort();
    await reader.cancel();
    expect(fake().requests.length).toBeLessThan(3);
  });
});

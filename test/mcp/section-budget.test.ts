import { describe, expect, it } from 'vitest';
import { cutToTokens, fitSection, jsonCost } from '../../pipeline/mcp/section-budget.ts';
import { estimateTokens } from '../../pipeline/text/tokens.ts';
import type { DigestNode } from '../../pipeline/types.ts';

const TEXT = ['## Revoke a token', '', 'Run `svc tokens rm NAME`. Revoked tokens stop working at once.', '', 'A second paragraph about what revoking means for open sessions and scripts.', ''].join('\n');

const NODE: DigestNode = {
  id: 'guide/tokens#revoke-a-token',
  kind: 'section',
  title: 'Session tokens',
  heading: 'Revoke a token',
  group: 'guide',
  url: '/guide/tokens#revoke-a-token',
  summary: 'How to revoke a session token so that it stops working.',
  facts: [
    { kind: 'code', literal: 'svc tokens rm NAME', chunkId: 'guide/tokens#revoke-a-token' },
    { kind: 'value', literal: 'at once', chunkId: 'guide/tokens#revoke-a-token' },
  ],
  sources: [{ chunkId: 'guide/tokens#revoke-a-token', url: '/guide/tokens#revoke-a-token', anchor: 'revoke-a-token' }],
  mode: 'agent-primary',
  terms: ['revoke', 'token'],
  markdown: TEXT,
};

describe('fitting a section into a token budget', () => {
  it('gives everything and says so when the budget is large', () => {
    const fit = fitSection(NODE, 10_000);
    expect(fit.summary).toBe(NODE.summary);
    expect(fit.facts).toEqual([
      { kind: 'code', literal: 'svc tokens rm NAME' },
      { kind: 'value', literal: 'at once' },
    ]);
    expect(fit.text).toBe(TEXT);
    expect(fit.omitted).toEqual({ summary: 0, facts: 0, text: 0 });
    expect(fit.note).toBe('Everything fit.');
    expect(fit.used).toBeLessThanOrEqual(10_000);
  });

  it('counts each part as the token estimate of its JSON, so the parts add up to what it used', () => {
    const fit = fitSection(NODE, 10_000);
    const head = { id: fit.id, title: fit.title, heading: fit.heading, group: fit.group, url: fit.url, terms: fit.terms };
    expect(fit.used).toBe(jsonCost(head) + jsonCost(fit.summary) + fit.facts.reduce((sum, fact) => sum + jsonCost(fact), 0) + jsonCost(fit.text));
  });

  it('fills summary, then facts, then text, cutting the text to what is left and saying what was left out', () => {
    const whole = fitSection(NODE, 10_000).used;
    const budget = whole - jsonCost(TEXT) + 12;
    const fit = fitSection(NODE, budget);
    expect(fit.summary).toBe(NODE.summary);
    expect(fit.facts).toHaveLength(2);
    expect(fit.text.length).toBeGreaterThan(0);
    expect(TEXT.startsWith(fit.text)).toBe(true);
    expect(fit.text.length).toBeLessThan(TEXT.length);
    expect(fit.used).toBeLessThanOrEqual(budget);
    expect(fit.omitted.text).toBe(jsonCost(TEXT.slice(fit.text.length)));
    expect(fit.note).toContain('the end of the text');
    expect(fit.note).toContain(`Within ${budget} tokens`);
  });

  it('leaves out the text, then facts, before it touches the summary', () => {
    const head = fitSection({ ...NODE, summary: '', facts: [], markdown: '' }, 10_000).used;
    const fit = fitSection(NODE, head + jsonCost(NODE.summary));
    expect(fit.summary).toBe(NODE.summary);
    expect(fit.facts).toEqual([]);
    expect(fit.text).toBe('');
    expect(fit.omitted).toEqual({ summary: 0, facts: 2, text: jsonCost(TEXT) });
    expect(fit.note).toContain('2 of 2 facts');
    expect(fit.note).toContain(`the whole text (${jsonCost(TEXT)} tokens)`);
  });

  it('keeps the identity even when the budget is smaller than it, and cuts the summary', () => {
    const fit = fitSection(NODE, 1);
    expect(fit.id).toBe(NODE.id);
    expect(fit.url).toBe(NODE.url);
    expect(fit.summary).toBe('');
    expect(fit.omitted.summary).toBe(jsonCost(NODE.summary));
    expect(fit.used).toBeGreaterThan(1);
  });
});

describe('cutting a text to a number of tokens', () => {
  it('returns the text whole when it fits', () => {
    expect(cutToTokens('short', 5)).toBe('short');
  });

  it('cuts after a line break in the second half, else after a space, and never exceeds the estimate', () => {
    expect(cutToTokens('first line\nsecond line goes on', 3)).toBe('first line\n');
    expect(cutToTokens('alpha beta gamma delta', 3)).toBe('alpha beta ');
    for (let tokens = 0; tokens < 8; tokens += 1) expect(estimateTokens(cutToTokens(TEXT, tokens))).toBeLessThanOrEqual(tokens);
  });

  it('measures with the cost it is given, and never splits a surrogate pair', () => {
    const quoted = 'say "x" "y" "z"';
    expect(jsonCost(cutToTokens(quoted, 4, jsonCost))).toBeLessThanOrEqual(4);
    expect(cutToTokens('a😀😀', 1)).toBe('a😀');
  });
});

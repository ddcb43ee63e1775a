import { describe, expect, it } from 'vitest';
import { estimateTokens } from '../../pipeline/text/tokens.ts';
import { budgetNote, fillBudget, type BudgetCandidates } from '../../pipeline/runtime/budget.ts';
import type { DigestNode } from '../../pipeline/types.ts';

function node(id: string, summary: string, literal: string, markdown: string): DigestNode {
  return {
    id,
    kind: 'section',
    title: 'Page',
    heading: id,
    group: null,
    url: `/page#${id}`,
    summary,
    facts: [{ kind: 'code', literal, chunkId: id }],
    sources: [],
    mode: 'agent-primary',
    terms: [],
    markdown,
  };
}

const NODES = [node('a', 'First.', 'x', `## a\n\n${'text '.repeat(40)}`), node('b', 'Second.', 'y', '## b\n\nShort.'), node('c', 'Third.', 'z', '## c\n\nShort too.')];
const summaryCost = (one: DigestNode) =>
  estimateTokens(JSON.stringify({ id: one.id, title: one.title, heading: one.heading, group: one.group, url: one.url, summary: one.summary }));
const factsCost = (one: DigestNode) => estimateTokens(JSON.stringify(one.facts));
const textCost = (one: DigestNode) => estimateTokens(JSON.stringify(one.markdown));

/** Candidates over `nodes`, recording which positions were read. */
function candidates(nodes: readonly (DigestNode | undefined)[]): BudgetCandidates & { read: number[] } {
  const read: number[] = [];
  return { count: nodes.length, node: (at) => (read.push(at), nodes[at]), read };
}

describe('estimateTokens', () => {
  it('is a token per four characters, rounded up', () => {
    expect([estimateTokens(''), estimateTokens('a'), estimateTokens('abcd'), estimateTokens('abcde')]).toEqual([0, 1, 1, 2]);
  });
});

describe('fillBudget', () => {
  const [a, b, c] = NODES as [DigestNode, DigestNode, DigestNode];
  const summaries = summaryCost(a) + summaryCost(b) + summaryCost(c);
  const facts = factsCost(a) + factsCost(b) + factsCost(c);

  it('gives everything, in order, when it all fits, and says so', () => {
    const fill = fillBudget(candidates(NODES), 10_000);
    expect(fill.sections.map((section) => section.id)).toEqual(['a', 'b', 'c']);
    expect(fill.sections[1]).toEqual({ id: 'b', title: 'Page', heading: 'b', group: null, url: '/page#b', summary: 'Second.', facts: b.facts, text: b.markdown });
    expect(Object.keys(fill.sections[0] ?? {})).toEqual(['id', 'title', 'heading', 'group', 'url', 'summary', 'facts', 'text']);
    expect(fill.used).toBe(summaries + facts + textCost(a) + textCost(b) + textCost(c));
    expect(fill.omitted).toEqual({ summaries: 0, facts: 0, text: 0 });
    expect(budgetNote(fill, 10_000)).toBe('Everything fit.');
  });

  it('fills summaries first, then facts, and stops a pass at the first part that does not fit', () => {
    // all summaries and facts, and room for the short texts of b and c but not the long one of a
    const budget = summaries + facts + textCost(b) + textCost(c);
    expect(textCost(a)).toBeGreaterThan(textCost(b) + textCost(c));
    const fill = fillBudget(candidates(NODES), budget);
    expect(fill.sections.map((section) => [section.id, section.facts !== undefined, section.text !== undefined])).toEqual([
      ['a', true, false],
      ['b', true, false],
      ['c', true, false],
    ]);
    expect(fill.used).toBe(summaries + facts);
    expect(fill.omitted).toEqual({ summaries: 0, facts: 0, text: 3 });
    expect(budgetNote(fill, budget)).toBe(`Of 3 sections, left out 3 texts to fit ${budget} tokens. Raise 'budget', or narrow with 'q' or 'group'.`);
  });

  it('reads nodes only as far as the summaries go, and never goes over the budget', () => {
    const budget = summaryCost(a) + summaryCost(b) - 1;
    const source = candidates(NODES);
    const fill = fillBudget(source, budget);
    expect(fill.sections.map((section) => section.id)).toEqual(['a']);
    expect(source.read).toEqual([0, 1]);
    expect(fill.used).toBeLessThanOrEqual(budget);
    // a's facts fit in what b's summary could not use; its long text does not
    expect(fill.sections[0]?.facts).toEqual(a.facts);
    expect(fill.omitted).toEqual({ summaries: 2, facts: 2, text: 3 });
  });

  it('gives nothing under the cost of one summary, and counts only candidates with a node', () => {
    const fill = fillBudget(candidates([undefined, a, b]), 1);
    expect(fill.sections).toEqual([]);
    expect(fill.used).toBe(0);
    expect(fill.total).toBe(2);
    expect(fill.omitted).toEqual({ summaries: 2, facts: 2, text: 2 });
    expect(budgetNote(fill, 1)).toBe("Of 2 sections, left out 2 summaries, 2 facts lists, 2 texts to fit 1 token. Raise 'budget', or narrow with 'q' or 'group'.");
  });
});

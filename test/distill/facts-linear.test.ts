import { describe, expect, it } from 'vitest';
import type { Candidate } from '../../pipeline/distill/offline/fact-kinds.ts';
import { MAX_CHECKED_LITERALS, MAX_FACTS, selectFacts } from '../../pipeline/distill/offline/facts.ts';

describe('fact selection stays linear in the number of inline code spans', () => {
  it('selects from 100k distinct code spans without reading the source once per span', () => {
    const literals = Array.from({ length: 100_000 }, (_, i) => `option${i}`);
    const source = `## Options\n\n${literals.map((literal) => `\`${literal}\``).join(' ')}\n`;
    const prefix = '## Options\n\n'.length;
    let at = prefix;
    const candidates: Candidate[] = literals.map((literal) => {
      const candidate: Candidate = { kind: 'code', literal, at };
      at += literal.length + 3;
      return candidate;
    });
    const facts = selectFacts(source, candidates);
    expect(facts).toHaveLength(MAX_FACTS);
    expect(facts[0]).toEqual({ kind: 'code', literal: 'option0' });
  });

  it('still drops literals not in the source and merges duplicates below the check cap', () => {
    const source = 'Set `port` to `8080`; `port` again.';
    const candidates: Candidate[] = [
      { kind: 'key', literal: 'port', at: 5 },
      { kind: 'value', literal: '8080', at: 15 },
      { kind: 'code', literal: 'missing', at: 0 },
      { kind: 'default', literal: 'port', at: 24 },
    ];
    expect(selectFacts(source, candidates)).toEqual([{ kind: 'default', literal: 'port' }, { kind: 'value', literal: '8080' }]);
    expect(MAX_CHECKED_LITERALS).toBeGreaterThan(MAX_FACTS);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bestFirst } from '../../pipeline/search/best-first.ts';

describe('best-first selection', () => {
  it('yields every candidate in the order a full sort gives (score descending, then corpus order)', () => {
    const scored = fc.uniqueArray(fc.record({ index: fc.nat(500), score: fc.constantFrom(0.5, 1, 1.5, 2, 3.25) }), { selector: (item) => item.index, maxLength: 60 });
    fc.assert(
      fc.property(scored, (items) => {
        const expected = [...items].sort((a, b) => b.score - a.score || a.index - b.index);
        expect([...bestFirst([...items])]).toEqual(expected);
      }),
    );
  });
});

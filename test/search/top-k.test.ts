import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { topSections } from '../../pipeline/search/top-k.ts';

describe('top-k selection', () => {
  it('gives the first `limit` sections of a full sort (score descending, then corpus order)', () => {
    const scored = fc.uniqueArray(fc.record({ index: fc.nat(200), score: fc.constantFrom(0.5, 1, 1.5, 2, 3.25) }), { selector: (item) => item.index, maxLength: 80 });
    fc.assert(
      fc.property(scored, fc.nat(90), (items, limit) => {
        const scores = new Float64Array(201);
        for (const { index, score } of items) scores[index] = score;
        const candidates = Int32Array.from(items.map((item) => item.index));
        const expected = [...items].sort((a, b) => b.score - a.score || a.index - b.index).slice(0, limit).map((item) => item.index);
        expect(topSections(scores, candidates, candidates.length, limit)).toEqual(expected);
      }),
    );
  });
});

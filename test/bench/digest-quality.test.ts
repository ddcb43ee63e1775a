/**
 * The judged sample of `npm run bench:digest`: stable, and precise only over judged items.
 */
import { describe, expect, it } from 'vitest';
import { glossaryItem, judgeSample, precisionOf, sampleItems, SAMPLE_SIZE } from '../../scripts/bench/quality-verdicts.ts';

describe('the judged sample', () => {
  const items = Array.from({ length: 50 }, (_, i) => `question ${i}?`);

  it('takes the same items in the same order whatever order they come in', () => {
    const sample = sampleItems('corpus', 'suggestions', items);
    expect(sample).toHaveLength(SAMPLE_SIZE);
    expect(sampleItems('corpus', 'suggestions', [...items].reverse())).toEqual(sample);
    expect(sampleItems('other', 'suggestions', items)).not.toEqual(sample);
  });

  it('keeps an item in the sample when an item outside it is dropped', () => {
    const sample = sampleItems('corpus', 'suggestions', items);
    const outside = items.find((item) => !sample.includes(item)) ?? '';
    expect(sampleItems('corpus', 'suggestions', items.filter((item) => item !== outside))).toEqual(sample);
  });

  it('reports precision over judged items and counts the rest as unjudged', () => {
    const entry = { term: 'lane', aliases: ['track'], definition: 'A lane is a release track.' };
    const item = glossaryItem(entry);
    expect(item).toBe('lane (track): A lane is a release track.');
    const verdicts = { c: { glossary: { [item]: { useful: true, reason: 'defined' }, 'gone: old text.': { useful: false, reason: 'stale' } } } };
    const sample = judgeSample(verdicts, 'c', 'glossary', [item, 'other: An other thing.']);
    expect(precisionOf(sample)).toEqual({ useful: 1, judged: 1, unjudged: 1 });
  });
});

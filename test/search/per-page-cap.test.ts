import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rankSections } from '../../pipeline/search/index.ts';
import type { SearchIndex } from '../../pipeline/search/open.ts';
import { indexOf, type SectionSpec } from './fixtures.ts';

/** Pages of many sections sharing the words, so that a cap below the result count binds. */
const WORDS = ['cache', 'entries', 'expire', 'limit', 'token', 'refresh', 'header', 'retry'];
const pageSpec = fc.record({
  sections: fc.integer({ min: 1, max: 9 }),
  words: fc.array(fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 6 }), { minLength: 9, maxLength: 9 }),
});
const corpus = fc.array(pageSpec, { minLength: 1, maxLength: 8 }).map((pages) =>
  pages.flatMap((page, number): SectionSpec[] =>
    Array.from({ length: page.sections }, (_, at) => ({ id: `page${number}#s${at}`, title: `Page ${number}`, text: (page.words[at] ?? []).join(' ') })),
  ),
);
const query = fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 3 }).map((words) => words.join(' '));

/** Every scored section, best first, with no cap (a cap of the section count never binds). */
function uncapped(index: SearchIndex, text: string) {
  return rankSections(index, text, { maxResults: index.sectionCount, perDocCap: index.sectionCount }).ranked;
}

/** Rule 6 written out: down the best-first order, skip a section whose page has `perDocCap` already. */
function capped(index: SearchIndex, text: string, maxResults: number, perDocCap: number) {
  const perPage = new Map<number, number>();
  return uncapped(index, text)
    .filter(({ index: section }) => {
      const page = index.page(section);
      const taken = perPage.get(page) ?? 0;
      if (taken >= perDocCap) return false;
      perPage.set(page, taken + 1);
      return true;
    })
    .slice(0, maxResults);
}

describe('the per-page cap', () => {
  it('ranks as rule 6 written out, for caps that bind and caps that cannot', () => {
    fc.assert(
      fc.property(corpus, query, fc.integer({ min: 1, max: 40 }), fc.integer({ min: 1, max: 12 }), (specs, text, maxResults, perDocCap) => {
        const index = indexOf(specs);
        expect(rankSections(index, text, { maxResults, perDocCap }).ranked).toEqual(capped(index, text, maxResults, perDocCap));
      }),
      { numRuns: 300 },
    );
  });

  it('gives the best sections of one page beyond any small cap when the cap is the section count', () => {
    const specs: SectionSpec[] = [
      ...Array.from({ length: 6 }, (_, at): SectionSpec => ({ id: `big#s${at}`, title: 'Big', text: 'refresh token '.repeat(at + 1) })),
      { id: 'small#only', title: 'Small', text: 'refresh the cache' },
    ];
    const index = indexOf(specs);
    const all = uncapped(index, 'refresh token');
    expect(all).toHaveLength(7);
    expect(all.filter(({ index: section }) => index.id(section).startsWith('big#'))).toHaveLength(6);
    // the default cap of two keeps two of the big page
    const ids = rankSections(index, 'refresh token', { maxResults: 7 }).ranked.map(({ index: section }) => index.id(section));
    expect(ids.filter((id) => id.startsWith('big#'))).toHaveLength(2);
    expect(ids).toContain('small#only');
  });
});

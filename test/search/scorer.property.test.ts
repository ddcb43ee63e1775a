import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rankSections } from '../../pipeline/search/index.ts';
import { indexOf, type SectionSpec } from './fixtures.ts';
import { referenceRank } from './reference-scorer.ts';

/** A small vocabulary so that terms collide across sections, with stopwords, identifiers and stems among it. */
const word = fc.constantFrom('token', 'tokens', 'session', 'rotate', 'rotating', 'the', 'how', 'is', '--url', 'API_KEY', 'inbox', 'notification', 'read', 'status', 'read_status', 'workspace', 'agent', 'log', 'logs', 'deadline', 'otp', 'passcode', 'one-time');
const phrase = (max: number) => fc.array(word, { maxLength: max }).map((words) => words.join(' '));
const sectionSpec = fc.record({
  page: fc.integer({ min: 0, max: 4 }),
  heading: fc.option(phrase(3), { nil: null }),
  text: phrase(12),
  terms: fc.array(phrase(2), { maxLength: 3 }),
  summary: phrase(5),
  facts: fc.array(word, { maxLength: 2 }),
});
const corpus = fc.array(sectionSpec, { minLength: 1, maxLength: 14 }).map((raw) =>
  raw.map((spec, at): SectionSpec => ({
    id: spec.heading === null ? `p${spec.page}` : `p${spec.page}#s${at}`,
    title: `Page ${spec.page}`,
    heading: spec.heading,
    text: spec.text,
    terms: spec.terms,
    summary: spec.summary,
    facts: spec.facts,
  })),
).map((specs) => specs.filter((spec, at) => specs.findIndex((other) => other.id === spec.id) === at));
const glossary = fc.array(fc.record({ term: phrase(2), aliases: fc.array(phrase(1), { maxLength: 2 }), definition: fc.constant('d') }), { maxLength: 3 });
const options = fc.record({ maxResults: fc.integer({ min: 1, max: 8 }), perDocCap: fc.integer({ min: 1, max: 3 }) });

describe('the scorer against a naive reference of the spec rules', () => {
  it('ranks exactly as the reference on random small corpora and queries (ties may swap)', () => {
    fc.assert(
      fc.property(corpus, glossary, phrase(4), options, (specs, entries, query, limits) => {
        const index = indexOf(specs, { glossary: entries });
        const actual = rankSections(index, query, { ...limits, features: { prefix: false, fuzzy: false } }).ranked.map((ranked) => ({
          id: index.id(ranked.index),
          score: ranked.score,
        }));
        const expected = query.trim() === '' ? [] : referenceRank(specs, entries, query, limits);
        expect(actual.map((result) => result.score)).toHaveLength(expected.length);
        actual.forEach((result, at) => {
          const wanted = expected[at];
          expect(result.score).toBeCloseTo(wanted?.score ?? NaN, 9);
          if (result.id !== wanted?.id) expect(Math.abs(result.score - (wanted?.score ?? 0))).toBeLessThan(1e-9);
        });
      }),
      { numRuns: 500 },
    );
  });
});

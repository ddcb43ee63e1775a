/**
 * Retrieval quality of the keyword scorer on content-fixtures and its labelled queries
 * (`queries.json`): MRR@6 and recall@6, overall and per query kind, must not drop below the
 * floors. The tables are the committed `digest/` when it is current with the fixtures, else a
 * fresh offline build into a temporary folder; results are mapped to sections by url, over the
 * content loaded with the digest's own site options (its generator). `npm run bench:search`
 * prints the same figures beside other engines and the real-docs corpora
 * (`real-quality.test.ts`); a scorer change that raises them should raise the floors too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSearchIndex, type SearchIndex } from '../../pipeline/search/index.ts';
import { loadDigestContent, ourRanking } from '../../scripts/bench/eval-corpora.ts';
import {
  evaluate,
  fixtureDigest,
  FIXTURES_DIR,
  loadEvalQueries,
  QUERY_KINDS,
  sectionIdsByUrl,
  type EvalQuery,
  type EvalSummary,
  type FixtureDigest,
  type QueryKind,
} from '../../scripts/bench/eval.ts';

/**
 * Floors: the values measured on 2026-11-22 (length factor floored at 2, section length in
 * distinct tokens, search tables schema 3; committed digest built by offline-v1; 117 queries)
 * minus 0.03, rounded down to two decimals. Measured then (MRR@6 / recall@6): all 0.765 / 0.759;
 * keyword 0.951 / 0.931; identifier 0.806 / 0.896; error 0.961 / 0.895; question 0.582 / 0.560.
 */
const FLOOR = { mrr: 0.73, recall: 0.72 } as const;
const KIND_FLOORS: Readonly<Record<QueryKind, { readonly mrr: number; readonly recall: number }>> = {
  keyword: { mrr: 0.92, recall: 0.9 },
  identifier: { mrr: 0.77, recall: 0.86 },
  error: { mrr: 0.93, recall: 0.86 },
  question: { mrr: 0.55, recall: 0.53 },
};

let digest: FixtureDigest;
let index: SearchIndex;
let queries: EvalQuery<QueryKind>[];
let summary: EvalSummary<QueryKind>;

beforeAll(async () => {
  digest = await fixtureDigest();
  index = await loadSearchIndex(digest.dir);
  queries = await loadEvalQueries();
  const content = await loadDigestContent(FIXTURES_DIR, digest.dir);
  summary = evaluate(queries, ourRanking(index, sectionIdsByUrl(content.sections)), QUERY_KINDS);
}, 60_000);

afterAll(async () => {
  await digest.dispose();
});

/** The queries of a kind that found nothing relevant, for the failure message. */
function misses(kind?: QueryKind): string {
  return summary.perQuery
    .filter((entry) => (kind === undefined || entry.query.kind === kind) && entry.score.reciprocalRank === 0)
    .map((entry) => `  ${entry.query.query} -> ${entry.ranked.slice(0, 3).join(', ') || '(nothing)'}`)
    .join('\n');
}

describe('the labelled query set', () => {
  it('names only sections that exist, 1 to 3 per query, with every kind present', () => {
    const ids = new Set(Array.from({ length: index.sectionCount }, (_, at) => index.id(at)));
    for (const query of queries) {
      expect(query.relevant.length, query.query).toBeGreaterThanOrEqual(1);
      expect(query.relevant.length, query.query).toBeLessThanOrEqual(3);
      for (const id of query.relevant) expect(ids.has(id), `${query.query}: ${id}`).toBe(true);
    }
    for (const kind of QUERY_KINDS) expect(queries.some((query) => query.kind === kind), kind).toBe(true);
  });
});

describe('keyword scorer quality on content-fixtures', () => {
  it(`keeps MRR@6 >= ${FLOOR.mrr} and recall@6 >= ${FLOOR.recall} over all queries`, () => {
    expect(summary.overall.mrr, `MRR@6 ${summary.overall.mrr.toFixed(3)}; no relevant hit for:\n${misses()}`).toBeGreaterThanOrEqual(FLOOR.mrr);
    expect(summary.overall.recall, `recall@6 ${summary.overall.recall.toFixed(3)}`).toBeGreaterThanOrEqual(FLOOR.recall);
  });

  for (const kind of QUERY_KINDS) {
    it(`keeps MRR@6 >= ${KIND_FLOORS[kind].mrr} and recall@6 >= ${KIND_FLOORS[kind].recall} on ${kind} queries`, () => {
      const metrics = summary.byKind[kind];
      expect(metrics.count).toBeGreaterThan(0);
      expect(metrics.mrr, `${kind} MRR@6 ${metrics.mrr.toFixed(3)}; no relevant hit for:\n${misses(kind)}`).toBeGreaterThanOrEqual(KIND_FLOORS[kind].mrr);
      expect(metrics.recall, `${kind} recall@6 ${metrics.recall.toFixed(3)}`).toBeGreaterThanOrEqual(KIND_FLOORS[kind].recall);
    });
  }
});

/**
 * Retrieval quality of the keyword scorer on documentation we did not write: each corpus of
 * `../shared/eval` built with the offline distiller under its generator (as the user with no key
 * gets it), its labelled queries run through `searchKeyword` (top 6, at most 2 sections a page),
 * results mapped to sections by url and golds by page file and heading, exactly as
 * `npm run bench:search` measures them. MRR@6 per corpus and on the mean of the six must not
 * drop below the floors; a change that raises them should raise the floors too. `ask eval` on the
 * same digests and queries must give the same figures, and so must it on the digests' own checks.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadSearchIndex } from '../../pipeline/search/index.ts';
import { loadDigestContent, ourRanking, realEvalCorpora, type EvalCorpus } from '../../scripts/bench/eval-corpora.ts';
import { evaluate, sectionIdsByUrl, type EvalSummary } from '../../scripts/bench/eval.ts';
import { loadRealQueries, realCorpora } from '../../scripts/bench/real-corpora.ts';
import { runAsk } from '../support/cli.ts';
import { tempFoldersPerTest } from '../support/temp-folder.ts';
import { evalDigestDir } from '../support/eval-builds.ts';
import { noteMissingSharedEval, SHARED_EVAL_PRESENT } from '../support/shared-folder.ts';

/**
 * Floors: MRR@6 measured on 2026-11-27 (offline distiller, section pass v6 (v7 changes only sections of over 500 literals), each set built with
 * its generator config where it kept one) minus 0.03. Measured then: hono 0.765, vitepress 0.781,
 * pnpm 0.780, mkdocs-material 0.900, knip 0.824, hoppscotch 0.592, mean 0.773.
 */
const FLOORS: Readonly<Record<string, number>> = {
  hono: 0.735,
  vitepress: 0.751,
  pnpm: 0.75,
  'mkdocs-material': 0.87,
  knip: 0.794,
  hoppscotch: 0.562,
};
const MEAN_FLOOR = 0.743;

const corpora = realEvalCorpora();
const summaries = new Map<string, EvalSummary>();
/** Each corpus's ranking through the shipped scorer, kept from `measure` for the own-checks test. */
const rankings = new Map<string, (query: string) => readonly string[]>();
const freshFolder = tempFoldersPerTest();

/** What `ask eval --json` prints of its figures. */
interface EvalReport {
  readonly overall: { readonly count: number; readonly mrr: number; readonly recall: number };
  readonly byKind: Readonly<Record<string, { readonly mrr: number; readonly recall: number }>>;
}

/** Builds a corpus offline, loads it under the digest's site options and runs its queries through the shipped scorer. */
async function measure(corpus: EvalCorpus): Promise<EvalSummary> {
  const real = realCorpora().find((entry) => entry.name === corpus.name);
  if (real === undefined) throw new Error(`${corpus.name} is not a set of ../shared/eval`);
  const outDir = await evalDigestDir(real);
  const content = await loadDigestContent(corpus.contentDir, outDir);
  const { queries, unresolved } = await corpus.queries(content);
  expect(unresolved, `${corpus.name}: golds that match no section`).toEqual([]);
  const ranking = ourRanking(await loadSearchIndex(outDir), sectionIdsByUrl(content.sections));
  rankings.set(corpus.name, ranking);
  return evaluate(queries, ranking, corpus.kinds);
}

/** The queries with no relevant section in the top 6, for a failure message. */
function misses(summary: EvalSummary): string {
  return summary.perQuery
    .filter((entry) => entry.score.reciprocalRank === 0)
    .map((entry) => `  [${entry.query.kind}] ${entry.query.query} -> ${entry.ranked.slice(0, 3).join(', ') || '(nothing)'}`)
    .join('\n');
}

noteMissingSharedEval();

describe.skipIf(!SHARED_EVAL_PRESENT)('keyword scorer quality on real docs (offline digest)', () => {
  beforeAll(async () => {
    for (const corpus of corpora) summaries.set(corpus.name, await measure(corpus));
  }, 180_000);

  it.each(corpora.map((corpus) => corpus.name))('keeps MRR@6 on %s at or above its floor', (name) => {
    const summary = summaries.get(name);
    const floor = FLOORS[name];
    expect(summary, name).toBeDefined();
    expect(floor, `${name}: no floor`).toBeDefined();
    if (summary === undefined || floor === undefined) return;
    const kinds = Object.entries(summary.byKind)
      .map(([kind, metrics]) => `${kind} ${metrics.mrr.toFixed(3)}`)
      .join(', ');
    expect(summary.overall.mrr, `${name} MRR@6 ${summary.overall.mrr.toFixed(3)} (${kinds}); no relevant hit for:\n${misses(summary)}`).toBeGreaterThanOrEqual(floor);
  });

  // `ask eval` on the same digest, the queries written as a team writes them (content files with
  // GitHub heading anchors): its figures are those the benchmark's own code computed above
  it.each(corpora.map((corpus) => corpus.name))('ask eval gives the same MRR@6 and recall@6 on %s, overall and per kind', async (name) => {
    const real = realCorpora().find((entry) => entry.name === name);
    const summary = summaries.get(name);
    if (real === undefined || summary === undefined) throw new Error(`${name}: not measured`);
    const { dir } = await freshFolder();
    const queries = (await loadRealQueries(real.queriesFile)).map((query) => JSON.stringify({ query: query.query, expect: query.gold, kind: query.kind }));
    await writeFile(path.join(dir, 'queries.jsonl'), `${queries.join('\n')}\n`);
    const run = await runAsk(['eval', '--digest', await evalDigestDir(real), '--queries', 'queries.jsonl', '--content', real.docsDir, '--json'], dir);
    expect(run.err).toEqual([]);
    expect(run.code).toBe(0);
    const report = JSON.parse(run.out.join('\n')) as EvalReport;
    expect(report.overall.count).toBe(summary.overall.count);
    expect(report.overall.mrr).toBeCloseTo(summary.overall.mrr, 9);
    expect(report.overall.recall).toBeCloseTo(summary.overall.recall, 9);
    for (const [kind, metrics] of Object.entries(summary.byKind)) {
      expect(report.byKind[kind]?.mrr, kind).toBeCloseTo(metrics.mrr, 9);
      expect(report.byKind[kind]?.recall, kind).toBeCloseTo(metrics.recall, 9);
    }
  });

  // without --queries, `ask eval` measures the digest's own checks: the same figures as the
  // benchmark's code gives for each suggested question with the section suggestions.json names
  it.each(corpora.map((corpus) => corpus.name))('ask eval of the digest\'s own checks gives the benchmark\'s figures on %s', async (name) => {
    const real = realCorpora().find((entry) => entry.name === name);
    const ranking = rankings.get(name);
    if (real === undefined || ranking === undefined) throw new Error(`${name}: not measured`);
    const digest = await evalDigestDir(real);
    const file = JSON.parse(await readFile(path.join(digest, 'suggestions.json'), 'utf8')) as { suggestions: string[]; answeredIn: Record<string, string> };
    const own = file.suggestions.flatMap((question) => {
      const section = file.answeredIn[question];
      return section === undefined ? [] : [{ query: question, kind: 'suggested' as const, relevant: [section] }];
    });
    expect(own.length, `${name}: suggested questions with their section`).toBeGreaterThan(0);
    const expected = evaluate(own, ranking, ['suggested']);
    const { dir } = await freshFolder();
    const run = await runAsk(['eval', '--digest', digest, '--content', real.docsDir, '--json'], dir);
    expect(run.err).toEqual([]);
    const report = JSON.parse(run.out.join('\n')) as EvalReport;
    expect(report.overall.count).toBe(own.length);
    expect(report.overall.mrr).toBeCloseTo(expected.overall.mrr, 9);
    expect(report.overall.recall).toBeCloseTo(expected.overall.recall, 9);
  });

  it.runIf(corpora.length === Object.keys(FLOORS).length)(`keeps the mean MRR@6 of the ${Object.keys(FLOORS).length} corpora at or above ${MEAN_FLOOR}`, () => {
    const values = corpora.map((corpus) => summaries.get(corpus.name)?.overall.mrr ?? 0);
    const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
    expect(mean, `mean MRR@6 ${mean.toFixed(3)} (${values.map((value) => value.toFixed(3)).join(', ')})`).toBeGreaterThanOrEqual(MEAN_FLOOR);
  });
});

/**
 * Sections 1 and 2 of bench:search: retrieval quality on content-fixtures, the ablation, the floor
 * sweep and the scoring experiments.
 */
import { BM25_B, buildSearchIndex, LENGTH_FLOOR, openSearchIndex, openSearchTables, type ScoringFeatures, type SearchIndex } from '../../pipeline/search/index.ts';
import { EVAL_K, EVAL_PER_PAGE_CAP, evaluate, fixed, fixtureDigest, FIXTURES_DIR, loadEvalQueries, type EvalSummary } from './eval.ts';
import { readCorpus } from './search-corpus.ts';
import { ENGINES, QUALITY_ONLY, ourEngine, ours, type Engine } from './search-engines.ts';
import { markdownTable, qualityHeader, qualityRow } from './search-format.ts';
import { FLOOR_SWEEP, VARIANTS, rankVariant } from './search-variants.ts';

/** What the targets of the search issue are checked against. */
export interface QualityFigures {
  readonly ours: number;
  readonly others: readonly { readonly name: string; readonly mrr: number }[];
}

export async function quality(out: string[]): Promise<QualityFigures> {
  const queries = await loadEvalQueries();
  const digest = await fixtureDigest();
  try {
    const corpus = await readCorpus(FIXTURES_DIR, digest.dir);
    const built = new Map<string, Engine>();
    for (const kind of [...ENGINES, ...QUALITY_ONLY]) {
      // ours as shipped: the tables the digest build wrote
      built.set(kind.name, kind === ours ? ourEngine(openSearchTables(corpus.tables), corpus.siteUrl) : await kind.build(corpus));
    }
    const summaries = new Map<string, EvalSummary>();
    for (const [name, engine] of built) summaries.set(name, evaluate(queries, (query) => engine.search(query)));
    const figures: QualityFigures = {
      ours: summaries.get(ours.name)?.overall.mrr ?? 0,
      others: [...summaries].filter(([name]) => name !== ours.name).map(([name, summary]) => ({ name, mrr: summary.overall.mrr })),
    };

    out.push(
      `## Retrieval quality on content-fixtures`,
      '',
      `${queries.length} labelled queries (\`test/eval/queries.json\`), ${corpus.sections.length} sections, digest ${digest.origin === 'committed' ? 'committed (`digest/`)' : 'built offline into a temporary folder'}. Every engine: at most ${EVAL_PER_PAGE_CAP} sections per page, top ${EVAL_K}. R = recall@6.`,
      '',
      markdownTable(qualityHeader(queries), [...summaries].map(([name, summary]) => qualityRow(name, summary))),
      '',
    );

    // Ablation: each feature off in turn; stem off needs tables tokenised without stemming.
    const shipped = openSearchTables(corpus.tables);
    const unstemmed = openSearchIndex(buildSearchIndex({ sections: corpus.sections, nodes: corpus.nodes, glossary: corpus.glossary, stem: false }));
    const variants: [string, SearchIndex, Partial<ScoringFeatures>][] = [
      ['all features', shipped, {}],
      ['glossary off', shipped, { glossary: false }],
      ['signal off', shipped, { signal: false }],
      ['floor off', shipped, { floor: false }],
      ['prefix off', shipped, { prefix: false }],
      ['fuzzy off', shipped, { fuzzy: false }],
      ['stem off', unstemmed, {}],
      ['prefix and fuzzy off', shipped, { prefix: false, fuzzy: false }],
      ['glossary and signal off', shipped, { glossary: false, signal: false }],
    ];
    const base = evaluate(queries, (query) => ourEngine(shipped, corpus.siteUrl).search(query));
    const rows = variants.map(([name, index, features]) => {
      const summary = evaluate(queries, (query) => ourEngine(index, corpus.siteUrl, features).search(query));
      const delta = (value: number, reference: number): string => `${value - reference >= 0 ? '+' : ''}${fixed(value - reference)}`;
      return [
        name,
        fixed(summary.overall.mrr),
        delta(summary.overall.mrr, base.overall.mrr),
        fixed(summary.overall.recall),
        fixed(summary.byKind.question.mrr),
        delta(summary.byKind.question.mrr, base.byKind.question.mrr),
        ...(['keyword', 'identifier', 'error'] as const).map((kind) => fixed(summary.byKind[kind].mrr)),
      ];
    });
    out.push(
      '## Ablation of our scorer',
      '',
      'Each feature switched off in turn (`rankSections` `features`; stem off: a second index built with `stem: false`).',
      '',
      markdownTable(['variant', 'MRR@6 all', 'Δ all', 'R@6 all', 'MRR@6 question', 'Δ question', 'MRR keyword', 'MRR identifier', 'MRR error'], rows),
      '',
    );

    // Rule 5's floor, swept: where the shipped value comes from.
    const floorRows = FLOOR_SWEEP.map((floor) => {
      const summary = evaluate(queries, (query) => ourEngine(shipped, corpus.siteUrl, undefined, floor).search(query));
      return [`${floor}${floor === LENGTH_FLOOR ? ' (shipped)' : ''}`, fixed(summary.overall.mrr), fixed(summary.overall.recall), ...(['keyword', 'identifier', 'error', 'question'] as const).map((kind) => fixed(summary.byKind[kind].mrr))];
    });
    out.push(
      "## Rule 5's floor, swept",
      '',
      'The length factor `1 - b + b · len / avg` (b 0.75) floored at each value; a floor `f` leaves sections up to `(f - 1 + b) / b` times the average length undivided relative to each other.',
      '',
      markdownTable(['floor', 'MRR@6 all', 'R@6 all', 'MRR keyword', 'MRR identifier', 'MRR error', 'MRR question'], floorRows),
      '',
    );

    // Experiments: the scoring formula varied over the same tables, stemmed and not.
    const shippedIds = queries.map((query) => ourEngine(shipped, corpus.siteUrl).search(query.query).join(' '));
    const replicaIds = queries.map((query) => rankVariant(shipped, query.query, VARIANTS[0] ?? { name: '', body: () => 0, signal: () => 0, heading: () => 0, divideWhole: true }).join(' '));
    const faithful = shippedIds.every((ids, at) => ids === replicaIds[at]);
    const experimentRows = [shipped, unstemmed].flatMap((index) =>
      VARIANTS.map((variant) => qualityRow(`${variant.name}${index === unstemmed ? ', stem off' : ''}`, evaluate(queries, (query) => rankVariant(index, query, variant)))),
    );
    out.push(
      '## Experiments: the scoring formula varied (bench only, not the product)',
      '',
      `The same query terms, expansions and per-page cap as \`rankSections\`, over the same tables; only how a posting earns and where rule 5's length factor \`1 - b + b · len / avg\` (b ${BM25_B}, floored at ${LENGTH_FLOOR} as shipped) applies change. The replica ${faithful ? 'ranks every query exactly as `searchKeyword` does' : 'DIFFERS from `searchKeyword` on some queries: the scorer changed since this bench was written'}.`,
      '',
      markdownTable(qualityHeader(queries, 'variant'), experimentRows),
      '',
    );
    return figures;
  } finally {
    await digest.dispose();
  }
}

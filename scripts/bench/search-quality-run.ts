/**
 * One corpus of bench:search's quality sections: its offline digest, every engine on the same
 * sections, our scorer with each feature off, each tuned parameter swept, and the scoring experiments.
 * search-quality.ts lays the runs of all corpora side by side.
 */
import { buildSearchIndex, openSearchIndex, openSearchTables, type RankOptions, type ScoringFeatures, type SearchIndex } from '../../pipeline/search/index.ts';
import { evalDigest, ourRanking, type EvalCorpus } from './eval-corpora.ts';
import { evaluate, type EvalQuery, type EvalSummary } from './eval.ts';
import { readCorpus } from './search-corpus.ts';
import { ENGINES, ours, QUALITY_ONLY } from './search-engines.ts';
import { HEADING_CONTEXT, rankVariant, VARIANTS } from './search-variants.ts';
import { sweep, type Sweeps } from './search-tuning.ts';

/** Our scorer's name in every table. */
export const OURS = ours.name;

/** The ablation: each feature off in turn (stem off: a second index tokenised without stemming). */
export const ABLATION: readonly { readonly name: string; readonly unstemmed?: true; readonly features: Partial<ScoringFeatures> }[] = [
  { name: 'all features', features: {} },
  { name: 'glossary off (rule 1)', features: { glossary: false } },
  { name: 'stopwords off (rule 2)', features: { stopwords: false } },
  { name: 'IDF off (rule 3)', features: { idf: false } },
  { name: 'heading ×3 off, ×1 (rule 4)', features: { heading: false } },
  { name: 'signal off (rule 4)', features: { signal: false } },
  { name: 'floor off (rule 5)', features: { floor: false } },
  { name: 'prefix off', features: { prefix: false } },
  { name: 'fuzzy off', features: { fuzzy: false } },
  { name: 'page-kind prior off', features: { kindPrior: false } },
  { name: 'stem off', unstemmed: true, features: {} },
  { name: 'prefix and fuzzy off', features: { prefix: false, fuzzy: false } },
  { name: 'glossary and signal off', features: { glossary: false, signal: false } },
];

export interface CorpusRun {
  readonly corpus: EvalCorpus;
  readonly pages: number;
  readonly sections: number;
  readonly queries: readonly EvalQuery[];
  /** Golds no section of the loaded content fits (counted as never found). */
  readonly unresolved: readonly string[];
  readonly digestOrigin: 'built' | 'reused';
  readonly buildSeconds: number;
  /** By engine name, ours first (as shipped: the digest's own tables). */
  readonly engines: ReadonlyMap<string, EvalSummary>;
  /** By ABLATION name. */
  readonly ablation: ReadonlyMap<string, EvalSummary>;
  /** By tuned parameter (search-tuning.ts) and value. */
  readonly sweeps: Sweeps;
  /** By experiment name (VARIANTS, then the same unstemmed). */
  readonly experiments: ReadonlyMap<string, EvalSummary>;
  /** By HEADING_CONTEXT name: tables built again with that heading context. */
  readonly headingContext: ReadonlyMap<string, EvalSummary>;
  /** Whether the replica of VARIANTS ranks every query as `searchKeyword` does. */
  readonly replicaFaithful: boolean;
}

export async function runCorpus(corpus: EvalCorpus, options: { readonly reuseDigests?: boolean } = {}): Promise<CorpusRun> {
  const started = performance.now();
  const digest = await evalDigest(corpus, { reuse: options.reuseDigests ?? false });
  const buildSeconds = (performance.now() - started) / 1000;
  try {
    const loaded = await readCorpus(corpus.contentDir, digest.dir);
    const { queries, unresolved } = await corpus.queries(loaded);
    const run = (rank: (query: string) => readonly string[]): EvalSummary => evaluate(queries, rank, corpus.kinds);

    // ours as shipped: the tables the digest build wrote, results mapped back by url
    const shipped = openSearchTables(loaded.tables);
    const oursRank = (index: SearchIndex, features: Partial<ScoringFeatures> = {}, tuned: Pick<RankOptions, 'lengthFloor' | 'kindPriors'> = {}) =>
      ourRanking(index, loaded.idByUrl, { features, ...tuned });
    const engines = new Map<string, EvalSummary>([[OURS, run(oursRank(shipped))]]);
    const unmapped = new Set(engines.get(OURS)?.perQuery.flatMap((entry) => entry.ranked.filter((id) => id.startsWith('unknown:'))));
    if (unmapped.size > 0) console.error(`[bench:search] ${corpus.name}: ${unmapped.size} result urls match no loaded section: ${[...unmapped].slice(0, 3).join(', ')}`);
    for (const kind of [...ENGINES, ...QUALITY_ONLY]) {
      if (kind === ours) continue;
      const engine = await kind.build(loaded);
      engines.set(kind.name, run((query) => engine.search(query)));
    }

    const unstemmed = openSearchIndex(buildSearchIndex({ sections: loaded.sections, nodes: loaded.nodes, glossary: loaded.glossary, stem: false, pages: loaded.pages }));
    const ablation = new Map(ABLATION.map((variant) => [variant.name, run(oursRank(variant.unstemmed ? unstemmed : shipped, variant.features))]));
    const sweeps = sweep((tuned) => run(oursRank(shipped, {}, tuned)));
    const headingContext = new Map(
      HEADING_CONTEXT.map((variant) => {
        const tables = buildSearchIndex({ sections: variant.sections(loaded.sections), nodes: loaded.nodes, glossary: loaded.glossary, pages: loaded.pages });
        return [variant.name, run(oursRank(openSearchIndex(tables)))];
      }),
    );

    const experiments = new Map<string, EvalSummary>();
    for (const [index, suffix] of [[shipped, ''], [unstemmed, ', stem off']] as const) {
      for (const variant of VARIANTS) experiments.set(`${variant.name}${suffix}`, run((query) => rankVariant(index, query, variant)));
    }
    const replica = VARIANTS[0];
    const shippedRank = oursRank(shipped);
    const replicaFaithful =
      replica !== undefined && queries.every((query) => shippedRank(query.query).join(' ') === rankVariant(shipped, query.query, replica).join(' '));

    return {
      corpus,
      pages: loaded.pages.length,
      sections: loaded.sections.length,
      queries,
      unresolved,
      digestOrigin: digest.origin,
      buildSeconds,
      engines,
      ablation,
      sweeps,
      headingContext,
      experiments,
      replicaFaithful,
    };
  } finally {
    await digest.dispose();
  }
}

/**
 * The corpora retrieval quality is measured on: the real docs of `../shared/eval` (each under its
 * generator, their golds resolved to section ids by page file and heading) and `content-fixtures`
 * (its own query set, shown apart). Each is built with the offline distiller, as the user with no
 * key gets it; our results are turned back into section ids through the urls of the sections
 * loaded under the same generator. Shared by `bench:search` and `test/eval/real-quality.test.ts`.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildDigest } from '../../pipeline/compile/build.ts';
import { checkDigest, contentSiteOf } from '../../pipeline/compile/check.ts';
import { loadContent, type LoadedContent } from '../../pipeline/content/index.ts';
import type { GeneratorName } from '../../pipeline/content/generators/index.ts';
import { readManifest } from '../../pipeline/digest/read.ts';
import { createOfflineDistiller } from '../../pipeline/distill/offline/index.ts';
import { searchKeyword, type RankOptions, type SearchIndex } from '../../pipeline/search/index.ts';
import { EVAL_K, EVAL_PER_PAGE_CAP, FIXTURES_DIR, loadEvalQueries, QUERY_KINDS, type EvalQuery } from './eval.ts';
import { realCorpora, realEvalQueries, REAL_QUERY_KINDS } from './real-corpora.ts';

export interface EvalCorpus {
  readonly name: string;
  readonly generator: GeneratorName;
  readonly contentDir: string;
  /** A corpus of `../shared/eval` (in the mean), or content-fixtures (shown apart). */
  readonly real: boolean;
  /** The kinds of its query set, in table order. */
  readonly kinds: readonly string[];
  /** Its labelled queries, relevant ids resolved against the content as loaded; golds no section fits are listed. */
  queries(content: Pick<LoadedContent, 'pages' | 'sections'>): Promise<{ readonly queries: readonly EvalQuery[]; readonly unresolved: readonly string[] }>;
}

/** The real corpora present on this machine. */
export function realEvalCorpora(): EvalCorpus[] {
  return realCorpora().map((corpus) => ({
    name: corpus.name,
    generator: corpus.generator,
    contentDir: corpus.docsDir,
    real: true,
    kinds: REAL_QUERY_KINDS,
    queries: (content) => realEvalQueries(corpus, content),
  }));
}

export const FIXTURES_CORPUS: EvalCorpus = {
  name: 'content-fixtures',
  generator: 'plain',
  contentDir: FIXTURES_DIR,
  real: false,
  kinds: QUERY_KINDS,
  queries: async () => ({ queries: await loadEvalQueries(), unresolved: [] }),
};

/** Every corpus of the quality figures: the real ones, then content-fixtures. */
export function evalCorpora(): EvalCorpus[] {
  return [...realEvalCorpora(), FIXTURES_CORPUS];
}

/** Builds a corpus with the offline distiller under its generator (and its generator config, when given) into `outDir` (from scratch). */
export async function buildOfflineDigest(corpus: Pick<EvalCorpus, 'contentDir' | 'generator'> & { readonly config?: string | null }, outDir: string, siteUrl = ''): Promise<void> {
  await buildDigest({
    contentDir: corpus.contentDir,
    outDir,
    siteUrl,
    generator: corpus.generator,
    ...(corpus.config === undefined ? {} : { config: corpus.config }),
    distiller: createOfflineDistiller(),
    concurrency: 4,
    force: true,
    cacheDir: null,
    now: () => performance.now(),
  });
}

/** A digest folder of a corpus, and what removes it when it was made for this run. */
export interface EvalDigest {
  readonly dir: string;
  /** `built`: built by this call; `reused`: a digest already current with the content and the offline distiller. */
  readonly origin: 'built' | 'reused';
  readonly dispose: () => Promise<void>;
}

/** Where `--reuse-digests` keeps each corpus's digest between runs. */
export function keptDigestDir(corpus: Pick<EvalCorpus, 'name'>): string {
  return path.join(os.tmpdir(), 'ask-bench-eval', corpus.name);
}

/**
 * The corpus's offline digest: built into a temporary folder (removed by `dispose`), or with
 * `reuse`, kept in `keptDigestDir` and rebuilt only when `checkDigest` finds it stale (content,
 * the offline passes' versions, the search tables' schema) or it was built under another
 * generator. Reuse trusts the distiller's version strings: after editing the distiller without
 * bumping them, build afresh.
 */
export async function evalDigest(corpus: EvalCorpus, options: { readonly reuse?: boolean } = {}): Promise<EvalDigest> {
  if (options.reuse === true) {
    const dir = keptDigestDir(corpus);
    const manifest = await readManifest(dir).catch(() => null);
    const current = manifest !== null && manifest.site.generator === corpus.generator && manifest.distiller.provider === 'offline' && !(await checkDigest(corpus.contentDir, dir)).stale;
    if (!current) await buildOfflineDigest(corpus, dir);
    return { dir, origin: current ? 'reused' : 'built', dispose: async () => {} };
  }
  const temporary = await mkdtemp(path.join(os.tmpdir(), 'ask-eval-'));
  const dir = path.join(temporary, 'digest');
  await buildOfflineDigest(corpus, dir);
  return { dir, origin: 'built', dispose: () => rm(temporary, { recursive: true, force: true }) };
}

/** The content of a digest as it was built: loaded with the site options its manifest records. */
export async function loadDigestContent(contentDir: string, digestDir: string): Promise<LoadedContent> {
  const manifest = await readManifest(digestDir);
  if (manifest === null) throw new Error(`${digestDir}: no digest`);
  return loadContent({ contentDir, ...contentSiteOf(manifest) });
}

/**
 * Our scorer as shipped (`searchKeyword`, top 6, at most 2 a page), its result urls mapped to
 * section ids through `idByUrl`; a url no section has stays as `unknown:<url>` (never relevant).
 */
export function ourRanking(index: SearchIndex, idByUrl: ReadonlyMap<string, string>, options: Pick<RankOptions, 'features' | 'lengthFloor' | 'kindPriors'> = {}): (query: string) => string[] {
  const rankOptions: RankOptions = { maxResults: EVAL_K, perDocCap: EVAL_PER_PAGE_CAP, ...options };
  return (query) => searchKeyword(index, query, rankOptions).map((result) => idByUrl.get(result.url) ?? `unknown:${result.url}`);
}

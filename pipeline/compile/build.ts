/**
 * `buildDigest`: the orchestrator, as a short list of named steps, each timed as a phase of the
 * report. Only this step list and the steps it names touch the file system and the clock.
 */
import os from 'node:os';
import path from 'node:path';
import { CHUNKER_VERSION, corpusHash, loadContent } from '../content/index.ts';
import { DIGEST_SCHEMA_VERSION } from '../format/manifest.ts';
import { discardStagedTree, stageTree } from '../digest/write.ts';
import { refreshDigestGitignore } from '../digest/gitignore.ts';
import { SEARCH_SCHEMA_VERSION } from '../format/search-tables.ts';
import { TOKENIZER_VERSION } from '../search/tokenize.ts';
import type { Distiller, Section } from '../types.ts';
import { AnswerCache } from './cache.ts';
import { runCorpusPasses } from './corpus-passes.ts';
import { collectGarbage } from './memory.ts';
import { WORKERS_MIN_FILES, type BuildOptions, type BuildReport } from './options.ts';
import { PageStore, type SectionRecord } from './page-store.ts';
import { createPhaseClock } from './phases.ts';
import { planBuild } from './plan.ts';
import { createPageReading } from './read-pages.ts';
import { readSiteView } from './site-view.ts';
import { repairTree } from './repair-tree.ts';
import { recordVerifiedTree, treeUnchangedSinceVerified } from './tree-memo.ts';
import { sourceCommitOf } from './source-commit.ts';
import { distilSections, reusableSections } from './sections.ts';
import { writeDigest } from './write-digest.ts';

export { type BuildOptions, type BuildReport } from './options.ts';

/** What the page store's records depend on besides each file: the distiller and every version that shapes a record. */
function storeIdentity(distiller: Distiller): string {
  return JSON.stringify(['page-store-3', DIGEST_SCHEMA_VERSION, CHUNKER_VERSION, TOKENIZER_VERSION, SEARCH_SCHEMA_VERSION, distiller.provider, distiller.model, distiller.templateHashes.section]);
}

/** Each section's record, in content order, its notes handed to the distiller for its corpus passes. */
function recordsInOrder(sections: readonly Section[], records: ReadonlyMap<string, SectionRecord>, distiller: Distiller): SectionRecord[] {
  return sections.map((section) => {
    const record = records.get(section.id);
    if (record === undefined) throw new Error(`no node for section ${section.id}`);
    if (record.notes !== null) distiller.takeSectionNotes?.(section, record.notes);
    return record;
  });
}

/**
 * The whole pipeline: plan (is anything to do?), read (parse only what changed), distil (only
 * sections nothing has a node for), the corpus passes and the search tables, then write
 * (unchanged node files linked) and swap the tree in atomically. Returns early, writing nothing
 * (but the folder's `.gitignore`, when an older `ask` wrote another) and calling no model, when
 * the content files, the site URL, the distiller and its prompts are all what the digest was
 * built from and its tree is what the build makes of them; files that are not (edited by hand)
 * are rewritten (`repairTree`), and the steps run when model output is lost.
 */
export async function buildDigest(options: BuildOptions): Promise<BuildReport> {
  const started = options.now();
  const clock = createPhaseClock(options.now);
  const { distiller, outDir } = options;
  const plan = await clock.time('hash', () => planBuild(options));
  const { previous, site } = plan;
  const report = (fields: Omit<BuildReport, 'elapsedMs' | 'phases'>): BuildReport => ({ ...fields, elapsedMs: options.now() - started, phases: clock.totals() });
  let repaired: readonly string[] = [];
  // node files of the digest that are gone: never linked from it, made again
  let lost: ReadonlySet<string> = new Set();
  if (previous && plan.upToDate) {
    await refreshDigestGitignore(outDir);
    const upToDate = (): BuildReport => report({ upToDate: true, pages: previous.counts.pages, sections: previous.counts.sections, changed: [], removed: [], usage: distiller.usage(), contentHash: previous.contentHash, parsedFiles: 0, repaired });
    // a folder just as this machine last made or verified it needs no second look (tree-memo.ts)
    if (await clock.time('hash', () => treeUnchangedSinceVerified(options.cacheDir, outDir))) return upToDate();
    // nothing to distil: the tree is still made again, and what is not the build's rewritten
    const repair = await clock.time('write', () => repairTree(options, previous));
    repaired = repair.repaired;
    lost = new Set(repair.lost);
    if (lost.size === 0) {
      await clock.time('write', () => recordVerifiedTree(options.cacheDir, outDir));
      return upToDate();
    }
  }

  // the new tree is staged beside the digest; the current one is untouched until the swap
  const staged = await stageTree(outDir);
  try {
    const store = await clock.time('hash', () => PageStore.open(options.cacheDir === null ? null : path.join(options.cacheDir, 'pages'), storeIdentity(distiller), options.force, plan.stamp));
    const reusable = new Set(Object.values(reusableSections(previous, options.force, distiller) ?? {}));
    const reading = createPageReading({
      store,
      distiller,
      known: (hash) => reusable.has(hash) || store.section(hash) !== undefined,
      knownHashes: () => [...new Set([...reusable, ...store.sectionHashes()])],
      workers: options.workers ?? os.availableParallelism(),
      minFiles: options.workers === undefined ? WORKERS_MIN_FILES : 1,
    });
    await clock.time('parse', () => Promise.resolve(collectGarbage()));
    const content = await clock.timeShared(reading.times, () =>
      loadContent({
        contentDir: options.contentDir,
        siteUrl: options.siteUrl,
        generator: site.generator,
        urlStyle: { trailingSlash: site.trailingSlash, htmlExtension: site.htmlExtension },
        exclude: site.exclude,
        readFiles: reading.readFiles,
      }),
    );
    const contentHash = await clock.time('hash', () => Promise.resolve(corpusHash(content.sections)));
    const commit = await clock.time('hash', () => sourceCommitOf(options.contentDir, options.sourceCommit));
    const cache = new AnswerCache(options.cacheDir === null || distiller.provider === 'offline' ? null : path.join(options.cacheDir, 'answers'));
    await clock.time('distil', () => Promise.resolve(collectGarbage()));
    const distilled = await clock.timeShared(reading.times, () =>
      distilSections(content, {
        distiller,
        previous,
        previousDir: outDir,
        lost,
        cache,
        store,
        reading,
        concurrency: options.concurrency,
        force: options.force,
        times: reading.times,
        onProgress: (done, total) => options.onProgress?.('distil', done, total),
      }),
    );
    const records = await clock.time('distil', () => Promise.resolve(recordsInOrder(content.sections, distilled.records, distiller)));
    const corpus = await runCorpusPasses({ content, contentHash, records, distiller, previous, outDir, force: options.force, cache, clock, ...(options.onProgress ? { onProgress: options.onProgress } : {}) });
    const view = await clock.time('write', () => readSiteView({ contentDir: options.contentDir, generator: site.generator, config: plan.setup.config, pages: content.pages, nodes: corpus.nodes, context: corpus.context.value }));
    await clock.time('write', () => writeDigest({ outDir, staged, siteUrl: options.siteUrl, commit, site, distiller, content, contentHash, distilled, corpus, store, reading, view }));
    await clock.time('write', () => recordVerifiedTree(options.cacheDir, outDir));
    const currentIds = new Set(content.sections.map((section) => section.id));
    const usage = distiller.usage();
    return report({
      upToDate: false,
      pages: content.pages.length,
      sections: content.sections.length,
      changed: distilled.changed,
      removed: Object.keys(previous?.sections ?? {}).filter((id) => !currentIds.has(id)).sort(),
      usage: { ...usage, droppedFacts: usage.droppedFacts + distilled.dropped },
      contentHash,
      parsedFiles: reading.parsedFiles(),
      repaired,
    });
  } finally {
    // nothing once the staged tree was swapped in; a failed build's half tree otherwise
    await discardStagedTree(staged);
  }
}

import os from 'node:os';
import path from 'node:path';
import { CHUNKER_VERSION, corpusHash, hashContentFiles, loadContent } from '../content/index.ts';
import type { LoadedContent } from '../content/index.ts';
import { searchTablesCurrent } from '../digest/check.ts';
import { digestFiles } from '../digest/files.ts';
import { DIGEST_SCHEMA_VERSION, DigestFormatError, parseManifest, type Manifest } from '../digest/manifest.ts';
import { buildOverview } from '../digest/overview.ts';
import { DIGEST_FILES, sectionFilePath } from '../digest/paths.ts';
import { readDigestFile, readGlossary } from '../digest/read.ts';
import { stableJson } from '../digest/stable-json.ts';
import { discardStagedTree, linkUnchanged, recoverInterruptedWrite, stageTree, writeTreeAtomically } from '../digest/write.ts';
import { generatorNamed, type GeneratorName, type UrlStyle } from '../content/generators/index.ts';
import { assembleSearchTables } from '../search/index-build.ts';
import { SEARCH_SCHEMA_VERSION } from '../search/index-format.ts';
import { openSearchTables, searchSections, searchTableFiles, searchTableSources } from '../search/index.ts';
import { TOKENIZER_VERSION } from '../search/tokenize.ts';
import type { Distiller, DistillUsage, GlossaryEntry, Section } from '../types.ts';
import { AnswerCache } from './cache.ts';
import { corpusInputHash, runCorpusPass, type CorpusPass } from './corpus.ts';
import { digestStamp, PageStore, type SectionRecord } from './page-store.ts';
import { createPhaseClock, type PhaseTimes } from './phases.ts';
import { createPageReading } from './read-pages.ts';
import { distilSections, reusableSections, sameDistiller } from './sections.ts';

/** The manifest's record of the site options of a build, defaults filled in. */
function siteRecord(options: BuildOptions): Manifest['site'] {
  const generator = options.generator ?? 'plain';
  const style = options.urlStyle ?? generatorNamed(generator).urlStyle;
  return { generator, trailingSlash: style.trailingSlash, htmlExtension: style.htmlExtension, exclude: [...(options.exclude ?? [])] };
}

function sameSite(a: Manifest['site'], b: Manifest['site']): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

export interface BuildOptions {
  readonly contentDir: string;
  readonly outDir: string;
  readonly siteUrl: string;
  /** Whose conventions place the pages and name the anchors; default `plain`. */
  readonly generator?: GeneratorName;
  /** Default: the generator's own. */
  readonly urlStyle?: UrlStyle;
  /** Globs of content files to leave out. */
  readonly exclude?: readonly string[];
  readonly distiller: Distiller;
  readonly concurrency: number;
  readonly force: boolean;
  /** Folder of the chunk and answer caches; null: no cache. */
  readonly cacheDir: string | null;
  readonly onProgress?: (stage: string, done: number, total: number) => void;
  /** Milliseconds since some origin; the build's only clock. */
  readonly now: () => number;
  /**
   * Worker threads that read, parse, chunk and (offline distiller) distil the pages. 0: all in
   * this thread. Omitted: one per available core, for corpora of `WORKERS_MIN_FILES` files or more.
   */
  readonly workers?: number;
}

/** Below this many files to parse a build stays in one thread: starting workers costs more than it saves. */
export const WORKERS_MIN_FILES = 200;

export interface BuildReport {
  readonly upToDate: boolean;
  readonly pages: number;
  readonly sections: number;
  /** Sections whose node was distilled anew (or taken from the answer cache). */
  readonly changed: readonly string[];
  readonly removed: readonly string[];
  readonly usage: DistillUsage;
  readonly contentHash: string;
  readonly elapsedMs: number;
  /** Milliseconds per phase; they add up to `elapsedMs` (up to rounding). */
  readonly phases: PhaseTimes;
  /** Content files parsed by this build (the others came from the page store). */
  readonly parsedFiles: number;
}

function sameRecord(a: Readonly<Record<string, string>>, b: Readonly<Record<string, string>>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

function sameTemplates(previous: Manifest, distiller: Distiller): boolean {
  return sameDistiller(previous, distiller) && sameRecord(previous.templates, distiller.templateHashes);
}

/** Keeps the suggested questions whose keyword search finds something in the top 6. */
function retrievable(questions: readonly string[], index: ReturnType<typeof openSearchTables>): string[] {
  return questions.filter((question) => searchSections(index, question).length > 0);
}

/** What the page store's records depend on besides each file: the distiller and every version that shapes a record. */
function storeIdentity(distiller: Distiller): string {
  return JSON.stringify(['page-store-1', CHUNKER_VERSION, TOKENIZER_VERSION, SEARCH_SCHEMA_VERSION, distiller.provider, distiller.model, distiller.templateHashes.section]);
}

/** The previous digest's manifest and its stamp; null when there is none or it is of another schema. */
async function previousDigest(outDir: string): Promise<{ manifest: Manifest; stamp: string } | null> {
  const text = await readDigestFile(outDir, DIGEST_FILES.manifest);
  if (text === null) return null;
  try {
    return { manifest: parseManifest(text, outDir), stamp: digestStamp(text) };
  } catch (error) {
    if (error instanceof DigestFormatError) return null; // another schema: rebuild everything
    throw error;
  }
}

/**
 * Puts every file read now (drafts too, so they are not parsed again), and every stored page
 * whose records were made again, into the page store.
 */
function rememberPages(store: PageStore, reading: ReturnType<typeof createPageReading>, content: LoadedContent, records: ReadonlyMap<string, SectionRecord>): void {
  const pages = new Map(content.pages.map((page) => [page.file, page]));
  const byPage = new Map<string, Section[]>();
  for (const section of content.sections) {
    const list = byPage.get(section.pageSlug);
    if (list) list.push(section);
    else byPage.set(section.pageSlug, [section]);
  }
  for (const [file, outcome] of reading.outcomes()) {
    const page = pages.get(file);
    const sections = page === undefined ? [] : (byPage.get(page.slug) ?? []);
    if ('stored' in outcome && outcome.stored.records.length === sections.length) continue;
    const key = 'stored' in outcome ? outcome.stored.key : outcome.key;
    const kept = sections.map((section) => records.get(section.id)).filter((record): record is SectionRecord => record !== undefined);
    store.put({ file, key, read: page === undefined ? null : { page, sections }, records: kept });
  }
}

/**
 * The whole pipeline, as named steps: plan (is anything to do?), read (parse only what changed),
 * distil (only sections nothing has a node for), the glossary, the search tables, suggestions
 * and context, then write (unchanged node files linked) and swap the tree in atomically.
 * Returns early, writing nothing and calling no model, when the content files, the site URL,
 * the distiller and its prompts are all what the digest was built from.
 */
export async function buildDigest(options: BuildOptions): Promise<BuildReport> {
  const started = options.now();
  const clock = createPhaseClock(options.now);
  const { distiller, outDir } = options;
  const site = siteRecord(options);
  const before = await clock.time('hash', async () => {
    await recoverInterruptedWrite(outDir);
    return previousDigest(outDir);
  });
  const previous = before?.manifest ?? null;
  const upToDate = await clock.time('hash', async () => {
    if (!previous || options.force || previous.siteUrl !== options.siteUrl || !sameSite(previous.site, site) || !sameTemplates(previous, distiller)) return false;
    // corpus passes recorded under another rule of their inputs (an older ask) run again
    if (corpusInputHash('glossary', previous.contentHash, distiller, null) !== previous.corpus.glossary) return false;
    if (!(await searchTablesCurrent(outDir))) return false;
    return sameRecord(await hashContentFiles(options.contentDir, site.exclude), previous.files);
  });
  if (previous && upToDate) {
    return {
      upToDate: true,
      pages: previous.counts.pages,
      sections: previous.counts.sections,
      changed: [],
      removed: [],
      usage: distiller.usage(),
      contentHash: previous.contentHash,
      elapsedMs: options.now() - started,
      phases: clock.totals(),
      parsedFiles: 0,
    };
  }

  // the new tree is staged beside the digest; the current one is untouched until the swap
  const staged = await stageTree(outDir);
  try {
    const store = await clock.time('hash', () =>
      PageStore.open(options.cacheDir === null ? null : path.join(options.cacheDir, 'pages'), storeIdentity(distiller), options.force, before?.stamp ?? null),
    );
    const reusable = new Set(Object.values(reusableSections(previous, options.force, distiller) ?? {}));
    const reading = createPageReading({
      store,
      distiller,
      known: (hash) => reusable.has(hash) || store.section(hash) !== undefined,
      knownHashes: () => [...new Set([...reusable, ...store.sectionHashes()])],
      workers: options.workers ?? os.availableParallelism(),
      minFiles: options.workers === undefined ? WORKERS_MIN_FILES : 1,
    });
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
    const contentHash = corpusHash(content.sections);
    const cache = new AnswerCache(options.cacheDir === null || distiller.provider === 'offline' ? null : path.join(options.cacheDir, 'answers'));
    const distilled = await clock.timeShared(reading.times, () =>
      distilSections(content, {
        distiller,
        previous,
        previousDir: outDir,
        cache,
        store,
        reading,
        concurrency: options.concurrency,
        force: options.force,
        times: reading.times,
        onProgress: (done, total) => options.onProgress?.('distil', done, total),
      }),
    );
    const records = content.sections.map((section) => {
      const record = distilled.records.get(section.id);
      if (record === undefined) throw new Error(`no node for section ${section.id}`);
      return record;
    });
    for (const [at, section] of content.sections.entries()) distiller.takeSectionNotes?.(section, records[at]?.notes ?? null);
    const nodes = records.map((record) => record.node);
    const corpus = { pages: content.pages, sections: content.sections, nodes };

    const runner = {
      previous,
      force: options.force,
      cache,
      readPrevious: async (pass: CorpusPass): Promise<unknown> => {
        if (pass === 'glossary') return readGlossary(outDir);
        if (pass === 'context') return readDigestFile(outDir, DIGEST_FILES.context);
        const text = await readDigestFile(outDir, DIGEST_FILES.suggestions);
        return text === null ? null : (JSON.parse(text) as { suggestions: string[] }).suggestions;
      },
    };
    options.onProgress?.('corpus', 0, 3);
    const glossary = await clock.time('corpus', () =>
      runCorpusPass<GlossaryEntry[]>(runner, 'glossary', corpusInputHash('glossary', contentHash, distiller, null), () => distiller.distillGlossary(corpus)),
    );
    // made once: the suggestions pass searches these very files, and they are written as they are
    const searchFiles = await clock.time('index', async () =>
      searchTableFiles(assembleSearchTables({ sections: content.sections, indexed: records.map((record) => record.indexed), hasDigest: true, stem: true, glossary: glossary.value })),
    );
    options.onProgress?.('corpus', 1, 3);
    const suggestions = await clock.time('corpus', () =>
      runCorpusPass<string[]>(runner, 'suggestions', corpusInputHash('suggestions', contentHash, distiller, glossary.value), async () =>
        retrievable(await distiller.suggestQuestions(corpus, glossary.value), openSearchTables(searchTableSources(searchFiles))),
      ),
    );
    options.onProgress?.('corpus', 2, 3);
    const context = await clock.time('corpus', () =>
      runCorpusPass<string>(runner, 'context', corpusInputHash('context', contentHash, distiller, glossary.value), () => distiller.writeContext(corpus, glossary.value)),
    );
    options.onProgress?.('corpus', 3, 3);

    const manifest: Manifest = {
      schema: DIGEST_SCHEMA_VERSION,
      contentHash,
      siteUrl: options.siteUrl,
      site,
      distiller: { provider: distiller.provider, model: distiller.model },
      templates: { ...distiller.templateHashes },
      corpus: { glossary: glossary.inputHash, suggestions: suggestions.inputHash, context: context.inputHash },
      counts: {
        pages: content.pages.length,
        sections: content.sections.length,
        facts: nodes.reduce((total, node) => total + node.facts.length, 0),
        glossary: glossary.value.length,
        suggestions: suggestions.value.length,
      },
      files: content.fileHashes,
      sections: Object.fromEntries(content.sections.map((section) => [section.id, section.hash])),
    };
    const manifestText = stableJson(manifest);
    await clock.time('write', async () => {
      const { unchangedFiles } = distilled;
      linkUnchanged(outDir, staged, [...unchangedFiles].map(sectionFilePath));
      await writeTreeAtomically(
        outDir,
        digestFiles({
          manifest,
          nodes: nodes.filter((node) => !unchangedFiles.has(node.id)),
          glossary: glossary.value,
          suggestions: suggestions.value,
          overview: buildOverview(content.pages, content.sections),
          context: context.value,
          searchFiles,
        }),
        staged,
      );
      rememberPages(store, reading, content, distilled.records);
      await store.save(new Set(Object.keys(content.fileHashes)), digestStamp(manifestText));
    });
    const currentIds = new Set(content.sections.map((section) => section.id));
    const usage = distiller.usage();
    return {
      upToDate: false,
      pages: content.pages.length,
      sections: content.sections.length,
      changed: distilled.changed,
      removed: Object.keys(previous?.sections ?? {}).filter((id) => !currentIds.has(id)).sort(),
      usage: { ...usage, droppedFacts: usage.droppedFacts + distilled.dropped },
      contentHash,
      elapsedMs: options.now() - started,
      phases: clock.totals(),
      parsedFiles: reading.parsedFiles(),
    };
  } finally {
    // nothing once the staged tree was swapped in; a failed build's half tree otherwise
    await discardStagedTree(staged);
  }
}

import os from 'node:os';
import path from 'node:path';
import { corpusHash, hashContentFiles, loadContent } from '../content/index.ts';
import { DIGEST_SCHEMA_VERSION, DigestFormatError, type Manifest } from '../digest/manifest.ts';
import { buildOverview } from '../digest/overview.ts';
import { DIGEST_FILES } from '../digest/paths.ts';
import { readDigestFile, readGlossary, readManifest } from '../digest/read.ts';
import { discardStagedTree, recoverInterruptedWrite, stageTree, writeTreeAtomically } from '../digest/write.ts';
import { buildSearchIndex, openSearchTables, searchSections, searchTableFiles, searchTableSources } from '../search/index.ts';
import type { DigestNode, Distiller, DistillUsage, GlossaryEntry } from '../types.ts';
import { AnswerCache } from './cache.ts';
import { collectGarbage } from './memory.ts';
import { searchTablesCurrent } from '../digest/check.ts';
import { corpusInputHash, runCorpusPass, type CorpusPass } from './corpus.ts';
import { createSectionQueue, reusableSections, sameDistiller } from './sections.ts';
import { createWorkerReader, type WorkerReader } from './workers/reader.ts';
import { isOfflineDistiller } from '../distill/offline/index.ts';
import { digestFiles } from '../digest/files.ts';
import { generatorNamed, type GeneratorName, type UrlStyle } from '../content/generators/index.ts';

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

/** Below this many content files a build stays in one thread: starting workers costs more than it saves. */
export const WORKERS_MIN_FILES = 200;

/** The worker-thread reader of a build, or null when it reads in this thread. */
function workerReader(options: BuildOptions, previous: Manifest | null, stagedDir: string): WorkerReader | null {
  const workers = options.workers ?? os.availableParallelism();
  if (workers <= 0) return null;
  return createWorkerReader({
    workers,
    minFiles: options.workers === undefined ? WORKERS_MIN_FILES : 0,
    offline: isOfflineDistiller(options.distiller),
    reuse: reusableSections(previous, options.force, options.distiller),
    stagedDir,
  });
}

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
}

async function previousManifest(outDir: string): Promise<Manifest | null> {
  try {
    return await readManifest(outDir);
  } catch (error) {
    if (error instanceof DigestFormatError) return null; // another schema: rebuild everything
    throw error;
  }
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

/**
 * The whole pipeline: load, chunk, hash, distil (only what changed), emit atomically, index.
 * Returns early, writing nothing and calling no model, when the content files, the site URL,
 * the distiller and its prompts are all what the digest was built from.
 */
export async function buildDigest(options: BuildOptions): Promise<BuildReport> {
  const started = options.now();
  const { distiller, outDir } = options;
  await recoverInterruptedWrite(outDir);
  const previous = await previousManifest(outDir);
  const site = siteRecord(options);

  // nothing to do when the inputs are those of the manifest and the tables are of this version
  if (previous && !options.force && previous.siteUrl === options.siteUrl && sameSite(previous.site, site) && sameTemplates(previous, distiller) && (await searchTablesCurrent(outDir))) {
    const fileHashes = await hashContentFiles(options.contentDir, site.exclude);
    if (sameRecord(fileHashes, previous.files)) {
      return {
        upToDate: true,
        pages: previous.counts.pages,
        sections: previous.counts.sections,
        changed: [],
        removed: [],
        usage: distiller.usage(),
        contentHash: previous.contentHash,
        elapsedMs: options.now() - started,
      };
    }
  }

  // the new tree is staged beside the digest from the start: worker threads write nodes there as they go
  const staged = await stageTree(outDir);
  try {
    const reader = workerReader(options, previous, staged);
    const cache = new AnswerCache(options.cacheDir === null || distiller.provider === 'offline' ? null : path.join(options.cacheDir, 'answers'));
    const queue = createSectionQueue({
      distiller,
      previous,
      previousDir: outDir,
      cache,
      concurrency: options.concurrency,
      force: options.force,
      onProgress: (done, queued) => options.onProgress?.('distil', done, queued),
      ...(reader ? { precomputed: reader.precomputed } : {}),
    });
    let content;
    try {
      content = await loadContent({
        contentDir: options.contentDir,
        siteUrl: options.siteUrl,
        generator: site.generator,
        urlStyle: { trailingSlash: site.trailingSlash, htmlExtension: site.htmlExtension },
        exclude: site.exclude,
        ...(options.cacheDir === null ? {} : { cacheDir: path.join(options.cacheDir, 'chunks') }),
        onPage: (read) => queue.add(read.page, read.sections),
        ...(reader ? { readFiles: reader.readFiles } : {}),
      });
    } finally {
      // a content error stops the build, but the calls already queued settle first
      await queue.finish().catch(() => undefined);
    }
    const contentHash = corpusHash(content.sections);
    const { nodes, changed, dropped } = await queue.finish();
    const orderedNodes = content.sections.map((section) => nodes.get(section.id)).filter((node): node is DigestNode => node !== undefined);
    const corpus = { pages: content.pages, sections: content.sections, nodes: orderedNodes };

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
    collectGarbage();
    options.onProgress?.('corpus', 0, 3);
    const glossary = await runCorpusPass<GlossaryEntry[]>(runner, 'glossary', corpusInputHash('glossary', contentHash, distiller, null), () =>
      distiller.distillGlossary(corpus),
    );
    // made once: the suggestions pass searches these very files, and they are written as they are
    const searchFiles = searchTableFiles(buildSearchIndex({ sections: content.sections, nodes, glossary: glossary.value }));
    collectGarbage();
    options.onProgress?.('corpus', 1, 3);
    const suggestions = await runCorpusPass<string[]>(
      runner,
      'suggestions',
      corpusInputHash('suggestions', contentHash, distiller, glossary.value),
      async () => retrievable(await distiller.suggestQuestions(corpus, glossary.value), openSearchTables(searchTableSources(searchFiles))),
    );
    collectGarbage();
    options.onProgress?.('corpus', 2, 3);
    const context = await runCorpusPass<string>(runner, 'context', corpusInputHash('context', contentHash, distiller, glossary.value), () =>
      distiller.writeContext(corpus, glossary.value),
    );
    collectGarbage();
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
        facts: orderedNodes.reduce((total, node) => total + node.facts.length, 0),
        glossary: glossary.value.length,
        suggestions: suggestions.value.length,
      },
      files: content.fileHashes,
      sections: Object.fromEntries(content.sections.map((section) => [section.id, section.hash])),
    };
    // the nodes the workers wrote to the staged tree already are left out
    const unwritten = reader ? new Map([...nodes].filter(([id]) => !reader.wrote(id))) : nodes;
    await writeTreeAtomically(
      outDir,
      digestFiles({
        manifest,
        nodes: unwritten,
        glossary: glossary.value,
        suggestions: suggestions.value,
        overview: buildOverview(content.pages, content.sections),
        context: context.value,
        searchFiles,
      }),
      staged,
    );
    const currentIds = new Set(content.sections.map((section) => section.id));
    const usage = distiller.usage();
    return {
      upToDate: false,
      pages: content.pages.length,
      sections: content.sections.length,
      changed,
      removed: Object.keys(previous?.sections ?? {}).filter((id) => !currentIds.has(id)).sort(),
      usage: { ...usage, droppedFacts: usage.droppedFacts + dropped },
      contentHash,
      elapsedMs: options.now() - started,
    };
  } finally {
    // nothing once the staged tree was swapped in; a failed build's half tree otherwise
    await discardStagedTree(staged);
  }
}

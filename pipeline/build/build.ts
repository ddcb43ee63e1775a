import path from 'node:path';
import { corpusHash, hashContentFiles, loadContent } from '../content/index.ts';
import { DIGEST_SCHEMA_VERSION, DigestFormatError, type Manifest } from '../digest/manifest.ts';
import { buildOverview } from '../digest/overview.ts';
import { DIGEST_FILES } from '../digest/paths.ts';
import { readDigestFile, readGlossary, readManifest } from '../digest/read.ts';
import { recoverInterruptedWrite, writeTreeAtomically } from '../digest/write.ts';
import { buildSearchIndex, openSearchIndex, searchSections } from '../search/index.ts';
import type { DigestNode, Distiller, DistillUsage, GlossaryEntry } from '../types.ts';
import { AnswerCache } from './cache.ts';
import { searchTablesCurrent } from './check.ts';
import { corpusInputHash, runCorpusPass, type CorpusPass } from './corpus.ts';
import { createSectionQueue, sameDistiller } from './sections.ts';
import { digestFiles } from './tree.ts';

export interface BuildOptions {
  readonly contentDir: string;
  readonly outDir: string;
  readonly siteUrl: string;
  readonly distiller: Distiller;
  readonly concurrency: number;
  readonly force: boolean;
  /** Folder of the chunk and answer caches; null: no cache. */
  readonly cacheDir: string | null;
  readonly onProgress?: (stage: string, done: number, total: number) => void;
  /** Milliseconds since some origin; the build's only clock. */
  readonly now: () => number;
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
function retrievable(questions: readonly string[], index: ReturnType<typeof openSearchIndex>): string[] {
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

  // nothing to do when the inputs are those of the manifest and the tables are of this version
  if (previous && !options.force && previous.siteUrl === options.siteUrl && sameTemplates(previous, distiller) && (await searchTablesCurrent(outDir))) {
    const fileHashes = await hashContentFiles(options.contentDir);
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

  const cache = new AnswerCache(options.cacheDir === null || distiller.provider === 'offline' ? null : path.join(options.cacheDir, 'answers'));
  const queue = createSectionQueue({
    distiller,
    previous,
    previousDir: outDir,
    cache,
    concurrency: options.concurrency,
    force: options.force,
    onProgress: (done, queued) => options.onProgress?.('distil', done, queued),
  });
  let content;
  try {
    content = await loadContent({
      contentDir: options.contentDir,
      siteUrl: options.siteUrl,
      ...(options.cacheDir === null ? {} : { cacheDir: path.join(options.cacheDir, 'chunks') }),
      onPage: (read) => queue.add(read.page, read.sections),
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
  options.onProgress?.('corpus', 0, 3);
  const glossary = await runCorpusPass<GlossaryEntry[]>(runner, 'glossary', corpusInputHash('glossary', contentHash, distiller, null), () =>
    distiller.distillGlossary(corpus),
  );
  const searchIndex = buildSearchIndex({ sections: content.sections, nodes, glossary: glossary.value });
  options.onProgress?.('corpus', 1, 3);
  const suggestions = await runCorpusPass<string[]>(
    runner,
    'suggestions',
    corpusInputHash('suggestions', contentHash, distiller, glossary.value),
    async () => retrievable(await distiller.suggestQuestions(corpus, glossary.value), openSearchIndex(searchIndex)),
  );
  options.onProgress?.('corpus', 2, 3);
  const context = await runCorpusPass<string>(runner, 'context', corpusInputHash('context', contentHash, distiller, glossary.value), () =>
    distiller.writeContext(corpus, glossary.value),
  );
  options.onProgress?.('corpus', 3, 3);

  const manifest: Manifest = {
    schema: DIGEST_SCHEMA_VERSION,
    contentHash,
    siteUrl: options.siteUrl,
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
  await writeTreeAtomically(
    outDir,
    digestFiles({
      manifest,
      nodes,
      glossary: glossary.value,
      suggestions: suggestions.value,
      overview: buildOverview(content.pages, content.sections),
      context: context.value,
      searchIndex,
    }),
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
}

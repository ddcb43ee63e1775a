/**
 * The write step: the manifest, every file of the tree into the staged folder (node files that
 * did not change, and pages' Markdown the previous build rendered from the same inputs,
 * hard-linked from the current tree, the rest written), the archive (its unchanged members copied
 * from the current one), the swap, then the page store, the pages' renders and the archive's
 * members saved with the digest they now belong to.
 */
import type { LoadedContent } from '../content/index.ts';
import { digestFiles } from './digest-files.ts';
import type { Manifest } from '../format/manifest.ts';
import { manifestOf } from './manifest-of.ts';
import { renderLlmsFiles } from './llms.ts';
import { buildOverview } from './overview.ts';
import { pageMarkdownPath, sectionFilePath } from '../format/paths.ts';
import { stableJson } from '../format/stable-json.ts';
import { linkUnchanged, writeTreeAtomically } from '../digest/write.ts';
import type { Distiller, Section } from '../types.ts';
import type { CorpusOutputs } from './corpus-passes.ts';
import { digestStamp, type PageStore, type SectionRecord } from './page-store.ts';
import { PageRenders } from './page-renders.ts';
import { writeBuiltArchive, type BuiltArchive } from '../digest/archive.ts';
import { ArchiveMemo } from './archive-memo.ts';
import type { PageReading } from './read-pages.ts';
import type { DistilledSections } from './sections.ts';
import type { SiteView } from './site-view.ts';

export interface DigestToWrite {
  readonly outDir: string;
  /** The staged tree (`stageTree`). */
  readonly staged: string;
  readonly siteUrl: string;
  /** The commit the content came from, null when unknown. */
  readonly commit: string | null;
  readonly site: Manifest['site'];
  readonly distiller: Distiller;
  readonly content: LoadedContent;
  readonly contentHash: string;
  readonly distilled: DistilledSections;
  readonly corpus: CorpusOutputs;
  readonly store: PageStore;
  readonly reading: PageReading;
  /** The site's name and description, and its pages in sidebar order. */
  readonly view: SiteView;
}

function manifestOfBuild(input: DigestToWrite): Manifest {
  const { corpus } = input;
  return manifestOf({
    commit: input.commit,
    siteUrl: input.siteUrl,
    site: input.site,
    identity: input.view.identity,
    distiller: input.distiller,
    content: input.content,
    contentHash: input.contentHash,
    corpus: { glossary: corpus.glossary.inputHash, suggestions: corpus.suggestions.inputHash, context: corpus.context.inputHash },
    nodes: corpus.nodes,
    glossaryCount: corpus.glossary.value.length,
    suggestionsCount: corpus.suggestions.value.length,
  });
}

/**
 * Puts every file read now (drafts too, so they are not parsed again), and every stored page
 * whose records were made again, into the page store.
 */
function rememberPages(store: PageStore, reading: PageReading, content: LoadedContent, records: ReadonlyMap<string, SectionRecord>): void {
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

export async function writeDigest(input: DigestToWrite): Promise<void> {
  const { outDir, staged, content, corpus } = input;
  const manifest = manifestOfBuild(input);
  const { unchangedFiles } = input.distilled;
  linkUnchanged(outDir, staged, [...unchangedFiles].map(sectionFilePath));
  const memo = input.store.memoFolder();
  const renders = await PageRenders.open(memo?.dir ?? null, outDir, content.pages, memo?.reuse ?? false);
  const llms = renderLlmsFiles({ pages: content.pages, sections: content.sections, nodes: corpus.nodes, identity: input.view.identity, navigation: input.view.navigation }, renders);
  linkUnchanged(outDir, staged, [...llms.kept].map(pageMarkdownPath));
  const archiveMemo = ArchiveMemo.open(memo?.dir ?? null, outDir, memo?.reuse ?? false);
  let archive: BuiltArchive | null = null;
  const writeArchive = async (tree: string): Promise<void> => {
    try {
      archive = await writeBuiltArchive(tree, archiveMemo);
    } finally {
      archiveMemo.close();
    }
  };
  await writeTreeAtomically(
    outDir,
    digestFiles({
      manifest,
      nodes: corpus.nodes.filter((node) => !unchangedFiles.has(node.id)),
      glossary: corpus.glossary.value,
      suggestions: corpus.suggestions.value,
      overview: buildOverview(input.view.navigation, content.sections),
      context: corpus.context.value,
      searchFiles: corpus.searchFiles,
      llms,
    }),
    staged,
    writeArchive,
  );
  rememberPages(input.store, input.reading, content, input.distilled.records);
  await input.store.save(new Set(Object.keys(content.fileHashes)), digestStamp(stableJson(manifest)));
  await renders.save();
  if (archive !== null) await archiveMemo.save(archive);
}

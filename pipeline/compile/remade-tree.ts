/**
 * The digest tree as the build makes it of this content and of the model output the tree holds,
 * with no model call: every node's parts that come from its section (id, titles, url, sources,
 * Markdown) made again and its facts put through the verbatim check (`nodeFromDistillation`, the
 * build's own rule), and from those nodes, the glossary, the suggestions and the context, every
 * derived file (the manifest, `overview.md`, the search tables, `llms.txt`, `llms-full.txt`,
 * `pages/*.md`) by the functions the write step uses. Only the model's words (a node's summary,
 * terms, mode and which verbatim facts it chose; the glossary, the suggestions, the context)
 * cannot be made again: they are taken as the tree has them.
 */
import { corpusHash, type LoadedContent } from '../content/index.ts';
import { DigestFormatError, type Manifest } from '../format/manifest.ts';
import { decodeDigestJson, DigestNodeSchema, SuggestionsFileSchema, suggestedQuestionsOf } from '../format/digest-json.ts';
import { BUILD_ONLY_FILES, DIGEST_FILES, sectionFilePath } from '../format/paths.ts';
import { readDigestFile, readDigestJson, readGlossary } from '../digest/read.ts';
import { nodeFromDistillation } from '../distill/verbatim.ts';
import type { DigestNode } from '../types.ts';
import type { IndexedSection } from '../search/index-build.ts';
import { corpusInputHash } from './corpus.ts';
import { digestFiles } from './digest-files.ts';
import { digestSearchFiles } from './digest-search-files.ts';
import { renderLlmsFiles } from './llms.ts';
import { manifestOf } from './manifest-of.ts';
import { buildOverview } from './overview.ts';
import { sectionTokens } from './section-work.ts';
import { readSiteSetup } from './site-setup.ts';
import { readSiteView } from './site-view.ts';

export interface RemadeTree {
  /** Every file of the digest (node files among them) with the bytes the build writes; the build-only files apart. */
  readonly files: ReadonlyMap<string, string>;
  /** Files whose model output is missing or unreadable in the tree: only a build that runs the model's passes again makes them. */
  readonly lost: readonly string[];
}

/** A node file as the tree holds it, null when it is missing or not a node. */
async function nodeIn(outDir: string, relative: string): Promise<DigestNode | null> {
  const text = await readDigestFile(outDir, relative);
  if (text === null) return null;
  try {
    return decodeDigestJson(text, outDir, relative, DigestNodeSchema);
  } catch (error) {
    if (error instanceof DigestFormatError) return null;
    throw error;
  }
}

/** The model output of the tree that is not in its nodes, `lost` naming what is missing or unreadable. */
async function corpusOutput(outDir: string, lost: string[]) {
  const read = async <T>(relative: string, reader: () => Promise<T | null>, empty: T): Promise<T> => {
    try {
      const value = await reader();
      if (value !== null) return value;
    } catch (error) {
      if (!(error instanceof DigestFormatError)) throw error;
    }
    lost.push(relative);
    return empty;
  };
  const glossary = await read(DIGEST_FILES.glossary, async () => ((await readDigestFile(outDir, DIGEST_FILES.glossary)) === null ? null : readGlossary(outDir)), []);
  const suggestions = await read(DIGEST_FILES.suggestions, async () => {
    const file = await readDigestJson(outDir, DIGEST_FILES.suggestions, SuggestionsFileSchema);
    return file === null ? null : suggestedQuestionsOf(file);
  }, []);
  const context = await read(DIGEST_FILES.context, () => readDigestFile(outDir, DIGEST_FILES.context), '');
  return { glossary, suggestions, context };
}

/** Re-makes the tree of the digest in `outDir` from `content` (loaded with the manifest's site options). See the module comment. */
export async function remakeTree(contentDir: string, outDir: string, manifest: Manifest, content: LoadedContent): Promise<RemadeTree> {
  const lost: string[] = [];
  const nodes: DigestNode[] = [];
  const indexed: IndexedSection[] = [];
  for (const section of content.sections) {
    const relative = sectionFilePath(section.id);
    const held = await nodeIn(outDir, relative);
    if (held === null) lost.push(relative);
    // a lost node's words are none: the files made of it are then not compared (`verifyTree`)
    const node = nodeFromDistillation(section, held ?? { summary: '', facts: [], terms: [], mode: 'source-primary' }).node;
    nodes.push(node);
    indexed.push(sectionTokens(section, node));
  }
  const { glossary, suggestions, context } = await corpusOutput(outDir, lost);
  const { site } = manifest;
  const setup = await readSiteSetup({ contentDir, config: site.config, ...(site.name === null ? {} : { siteName: site.name }), ...(site.description === null ? {} : { siteDescription: site.description }) }, site.generator);
  const view = await readSiteView({ contentDir, generator: site.generator, config: setup.config, pages: content.pages, nodes, context });
  const contentHash = corpusHash(content.sections);
  const distiller = { provider: manifest.distiller.provider, model: manifest.distiller.model, templateHashes: manifest.templates };
  const remade = manifestOf({
    commit: manifest.build.commit,
    siteUrl: manifest.siteUrl,
    site,
    identity: view.identity,
    distiller,
    content,
    contentHash,
    corpus: {
      glossary: corpusInputHash('glossary', contentHash, distiller, null),
      suggestions: corpusInputHash('suggestions', contentHash, distiller, glossary),
      context: corpusInputHash('context', contentHash, distiller, glossary),
    },
    nodes,
    glossaryCount: glossary.length,
    suggestionsCount: suggestions.length,
  });
  const files = digestFiles({
    manifest: remade,
    nodes,
    glossary,
    suggestions,
    overview: buildOverview(view.navigation, content.sections),
    context,
    searchFiles: digestSearchFiles(content, indexed, glossary),
    llms: renderLlmsFiles({ pages: content.pages, sections: content.sections, nodes, identity: view.identity, navigation: view.navigation }),
  });
  return { files: new Map([...files].filter(([relative]) => relative !== BUILD_ONLY_FILES.gitignore)), lost };
}

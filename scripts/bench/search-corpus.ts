/**
 * The section documents every engine indexes, and our tables as the digest holds them.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { contentSiteOf } from '../../pipeline/compile/check.ts';
import { loadContent } from '../../pipeline/content/index.ts';
import { DIGEST_FILES, sectionFilePath } from '../../pipeline/format/paths.ts';
import { readGlossary, readManifest, readNode } from '../../pipeline/digest/read.ts';
import { buildSearchIndex, openSearchTables, SearchIndexError, searchTableFiles, type SearchTableSources } from '../../pipeline/search/index.ts';
import type { PageOfKind } from '../../pipeline/search/index-build.ts';
import type { DigestNode, GlossaryEntry, Page, Section } from '../../pipeline/types.ts';
import { sectionIdsByUrl } from './eval.ts';

export interface SectionDoc {
  readonly id: string;
  /** Page title. */
  readonly title: string;
  /** Section heading, '' for a page's intro. */
  readonly heading: string;
  /** The `##` heading a `###` section sits under, '' otherwise (VitePress's `titles`). */
  readonly parent: string;
  readonly text: string;
}

function sectionDocs(sections: readonly Section[]): SectionDoc[] {
  let parent = '';
  let page = '';
  return sections.map((section) => {
    if (section.pageSlug !== page) {
      page = section.pageSlug;
      parent = '';
    }
    const doc = { id: section.id, title: section.title, heading: section.heading ?? '', parent: section.depth === 3 ? parent : '', text: section.text };
    if (section.depth === 2) parent = section.heading ?? '';
    return doc;
  });
}

/** Everything one corpus gives the engines: sections, digest nodes, glossary. */
export interface Corpus {
  readonly sections: readonly Section[];
  readonly docs: readonly SectionDoc[];
  readonly nodes: ReadonlyMap<string, DigestNode>;
  readonly glossary: readonly GlossaryEntry[];
  readonly siteUrl: string;
  /** Our search tables as the digest holds them (the three files' texts). */
  readonly tables: SearchTableSources;
  /** The pages, for their kinds; absent: every page a guide. */
  readonly pages?: readonly PageOfKind[];
}

/** A corpus read from a digest folder and its content. */
export interface LoadedCorpus extends Corpus {
  /** The pages, loaded under the generator and site options the digest was built with. */
  readonly pages: readonly Page[];
  /** Each section's url to its id: how a result of ours (a url) is turned back into a section. */
  readonly idByUrl: ReadonlyMap<string, string>;
}

/**
 * A digest and its content: the content loaded with the site options the manifest records (its
 * generator, url style, exclusions), so that section ids and urls are the digest's own.
 */
export async function readCorpus(contentDir: string, digestDir: string, chunkCacheDir?: string): Promise<LoadedCorpus> {
  const manifest = await readManifest(digestDir);
  if (manifest === null) throw new Error(`${digestDir}: no digest`);
  const content = await loadContent({ contentDir, ...contentSiteOf(manifest), ...(chunkCacheDir === undefined ? {} : { cacheDir: chunkCacheDir }) });
  const nodes = new Map<string, DigestNode>();
  for (const id of Object.keys(manifest.sections)) {
    const node = await readNode(digestDir, sectionFilePath(id));
    if (node) nodes.set(id, node);
  }
  const glossary = await readGlossary(digestDir);
  let tables: SearchTableSources;
  try {
    tables = await readTableTexts(digestDir);
    openSearchTables(tables);
  } catch (error) {
    if (!(error instanceof SearchIndexError) && !isMissingFile(error)) throw error;
    // a digest that is current for its content but holds tables of an older search schema:
    // rebuild the tables alone, as `ask index build` does
    console.error(`[bench:search] ${digestDir}: ${error instanceof Error ? error.message.split(';')[0] : 'no tables'}; rebuilding the search tables`);
    const files = searchTableFiles(buildSearchIndex({ sections: content.sections, nodes, glossary, pages: content.pages }));
    for (const [relative, text] of files) await writeFile(path.join(digestDir, relative), text);
    tables = await readTableTexts(digestDir);
  }
  return {
    pages: content.pages,
    sections: content.sections,
    idByUrl: sectionIdsByUrl(content.sections),
    docs: sectionDocs(content.sections),
    nodes,
    glossary,
    siteUrl: manifest.siteUrl,
    tables,
  };
}

function isMissingFile(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ENOENT';
}

/** The three files of a digest's search tables, as text. */
async function readTableTexts(digestDir: string): Promise<SearchTableSources> {
  const [header, postings, sections, pages] = await Promise.all(
    [DIGEST_FILES.searchIndex, DIGEST_FILES.searchPostings, DIGEST_FILES.searchSections, DIGEST_FILES.searchPages].map((relative) => readFile(path.join(digestDir, relative), 'utf8')),
  );
  return { header: header ?? '', postings: postings ?? '', sections: sections ?? '', pages: pages ?? '' };
}

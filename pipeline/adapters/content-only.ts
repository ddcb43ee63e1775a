import { ContentErrors, corpusHash, loadContent } from '../content/index.ts';
import { siteNavigation } from '../content/site-config/navigation.ts';
import { buildOverview } from '../compile/overview.ts';
import { DigestLoadError, type AskData } from '../runtime/digest-data.ts';
import { buildSearchIndex } from '../search/index-build.ts';
import { openSearchIndex } from '../search/open.ts';

/**
 * What the handler serves from a content folder when there is no digest: keyword search over the
 * raw chunk text with the fallback scoring of spec rule 7, the overview (a table of contents needs
 * no model), and nothing distilled: no glossary, no suggestions (the spec's empty array), no
 * section nodes, no archive.
 */
export async function contentOnlyData(contentDir: string): Promise<AskData> {
  const content = await loadContent({ contentDir, siteUrl: '' }).catch((error: unknown) => {
    // a page that cannot be read is the docs' problem: the 500 says which, as a build would
    if (error instanceof ContentErrors) throw new DigestLoadError(`no digest, and the content cannot be read: ${error.message}`);
    throw error;
  });
  const index = openSearchIndex(buildSearchIndex({ sections: content.sections, nodes: null, pages: content.pages }));
  const overview = { overview: buildOverview(siteNavigation({ pages: content.pages, sidebar: null, data: { folders: new Map(), pagePositions: new Map() } }), content.sections), context: '' };
  return {
    hasDigest: false,
    contentHash: corpusHash(content.sections),
    buildCommit: null,
    identity: null,
    node: () => undefined,
    sectionNodes: () => Promise.resolve([]),
    sectionPosition: () => undefined,
    glossary: [],
    suggestions: [],
    overview: () => Promise.resolve(overview),
    index,
    hasPage: () => false,
    pageOfMarkdownPath: () => undefined,
    optionalText: () => Promise.resolve(undefined),
  };
}

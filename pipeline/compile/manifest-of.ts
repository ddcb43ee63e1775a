/**
 * The manifest a build writes, made from what it read and what its passes gave: the one rule of
 * every field, shared by the write step and by the check that re-makes the tree (`verify-tree.ts`).
 */
import type { LoadedContent } from '../content/index.ts';
import type { ResolvedIdentity } from '../content/site-config/identity.ts';
import { DIGEST_SCHEMA_VERSION, type Manifest } from '../format/manifest.ts';
import { PAGE_KIND_PRIORS } from '../search/page-priors.ts';
import type { DigestNode, Distiller, Page } from '../types.ts';

export interface ManifestInputs {
  /** The commit the content came from, null when unknown. */
  readonly commit: string | null;
  readonly siteUrl: string;
  readonly site: Manifest['site'];
  readonly identity: ResolvedIdentity;
  readonly distiller: Pick<Distiller, 'provider' | 'model' | 'templateHashes'>;
  readonly content: Pick<LoadedContent, 'pages' | 'sections' | 'fileHashes'>;
  readonly contentHash: string;
  /** Each corpus pass's input hash. */
  readonly corpus: Manifest['corpus'];
  readonly nodes: readonly DigestNode[];
  readonly glossaryCount: number;
  readonly suggestionsCount: number;
}

/** The manifest's record of the pages that are not guides, and the priors of their kinds. */
function pageKindsOf(pages: readonly Page[]): Manifest['pageKinds'] {
  const kinds: Manifest['pageKinds'] = { pages: {}, priors: {} };
  for (const page of pages) {
    if (page.kind === 'guide') continue;
    kinds.pages[page.slug] = page.kind;
    kinds.priors[page.kind] = PAGE_KIND_PRIORS[page.kind];
  }
  return kinds;
}

export function manifestOf(input: ManifestInputs): Manifest {
  const { content, distiller } = input;
  return {
    schema: DIGEST_SCHEMA_VERSION,
    build: { commit: input.commit },
    contentHash: input.contentHash,
    siteUrl: input.siteUrl,
    identity: input.identity,
    site: input.site,
    distiller: { provider: distiller.provider, model: distiller.model },
    templates: { ...distiller.templateHashes },
    corpus: input.corpus,
    counts: {
      pages: content.pages.length,
      sections: content.sections.length,
      facts: input.nodes.reduce((total, node) => total + node.facts.length, 0),
      glossary: input.glossaryCount,
      suggestions: input.suggestionsCount,
    },
    pageKinds: pageKindsOf(content.pages),
    files: content.fileHashes,
    sections: Object.fromEntries(content.sections.map((section) => [section.id, section.hash])),
  };
}

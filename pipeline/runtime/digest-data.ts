import { parseManifest, type Manifest } from '../digest/manifest.ts';
import { DIGEST_FILES, sectionFilePath } from '../digest/paths.ts';
import { openSearchTables, type SearchIndex } from '../search/open.ts';
import type { DigestNode, GlossaryEntry } from '../types.ts';

/** Everything the handler serves, parsed once per instance. */
export interface AskData {
  /** The digest's manifest; null when the host serves raw content without a digest (spec rule 7). */
  readonly manifest: Manifest | null;
  /** What `x-ask-content-hash` returns: the digest's content hash, or the live content's without one. */
  readonly contentHash: string;
  /** Section nodes in corpus order (pages in path order, sections in document order). */
  readonly nodes: readonly DigestNode[];
  readonly nodeById: ReadonlyMap<string, DigestNode>;
  /** Each section's position in the search tables (corpus order). */
  readonly sectionPosition: ReadonlyMap<string, number>;
  readonly glossary: readonly GlossaryEntry[];
  readonly suggestions: readonly string[];
  readonly overview: string;
  readonly context: string;
  readonly index: SearchIndex;
}

/** A digest tree as digest-relative path -> text: read from a folder on Node, bundled on a worker. */
export type DigestFiles = ReadonlyMap<string, string>;

/** The digest is missing or broken: the handler answers 500 with this message. */
export class DigestLoadError extends Error {
  override readonly name = 'DigestLoadError';
}

function required(files: DigestFiles, relative: string): string {
  const text = files.get(relative);
  if (text === undefined) throw new DigestLoadError(`the digest has no ${relative}; run 'ask digest build'`);
  return text;
}

function parseJson<T>(text: string, relative: string): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new DigestLoadError(`the digest's ${relative} is not valid JSON; run 'ask digest build --force'`);
  }
}

/**
 * Parses a digest tree held in memory. Pure (no I/O), so it runs the same on Node and on an
 * edge worker. Throws DigestLoadError when a required file is missing or unreadable.
 */
export function parseDigestFiles(files: DigestFiles): AskData {
  const manifest = parseManifest(required(files, DIGEST_FILES.manifest), 'digest');
  const index = openSearchTables(
    {
      header: required(files, DIGEST_FILES.searchIndex),
      postings: required(files, DIGEST_FILES.searchPostings),
      sections: required(files, DIGEST_FILES.searchSections),
      pages: required(files, DIGEST_FILES.searchPages),
    },
    DIGEST_FILES.searchIndex,
  );
  const nodeById = new Map<string, DigestNode>();
  for (const id of Object.keys(manifest.sections)) {
    const file = sectionFilePath(id);
    nodeById.set(id, parseJson<DigestNode>(required(files, file), file));
  }
  const sectionPosition = new Map<string, number>();
  for (let position = 0; position < index.sectionCount; position += 1) sectionPosition.set(index.id(position), position);
  const nodes = [...sectionPosition.keys()].map((id) => nodeById.get(id)).filter((node): node is DigestNode => node !== undefined);
  return {
    manifest,
    contentHash: manifest.contentHash,
    nodes,
    nodeById,
    sectionPosition,
    glossary: parseJson<{ terms: GlossaryEntry[] }>(required(files, DIGEST_FILES.glossary), DIGEST_FILES.glossary).terms,
    suggestions: parseJson<{ suggestions: string[] }>(required(files, DIGEST_FILES.suggestions), DIGEST_FILES.suggestions).suggestions,
    overview: required(files, DIGEST_FILES.overview),
    context: required(files, DIGEST_FILES.context),
    index,
  };
}

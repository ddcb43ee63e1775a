import type { LoadedContent } from '../content/index.ts';
import { assembleSearchTables, type IndexedSection } from '../search/index-build.ts';
import { searchTableFiles } from '../search/index.ts';
import type { GlossaryEntry } from '../types.ts';

/**
 * The digest's search tables, as files: assembled from each section's tokens (in the order of
 * `content.sections`) with the glossary. The one rule of the build's tables and of the check
 * that re-makes them.
 */
export function digestSearchFiles(content: Pick<LoadedContent, 'pages' | 'sections'>, indexed: readonly IndexedSection[], glossary: readonly GlossaryEntry[]): ReadonlyMap<string, string> {
  return searchTableFiles(assembleSearchTables({ sections: content.sections, indexed, hasDigest: true, stem: true, glossary, pages: content.pages }));
}

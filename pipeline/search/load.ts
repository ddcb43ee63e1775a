import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { DIGEST_FILES } from '../digest/paths.ts';
import { parseSearchIndex, SearchIndexError, type SearchIndex } from './open.ts';

/**
 * Loads the precomputed search tables of a digest folder (`<dir>/search/index.json`).
 * Loading is all a cold start does: one read and one JSON.parse, no re-tokenising.
 */
export async function loadSearchIndex(dir: string): Promise<SearchIndex> {
  const file = path.join(dir, DIGEST_FILES.searchIndex);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    throw new SearchIndexError(`${file}: no search tables there; build them with 'ask digest build' or 'ask index build'`);
  }
  return parseSearchIndex(text, file);
}

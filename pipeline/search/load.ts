import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { DIGEST_FILES } from '../digest/paths.ts';
import { openSearchTables, SearchIndexError, type SearchIndex } from './open.ts';

async function readTable(file: string): Promise<Buffer> {
  try {
    return await readFile(file);
  } catch {
    throw new SearchIndexError(`${file}: no search tables there; build them with 'ask digest build' or 'ask index build'`);
  }
}

/**
 * Loads the precomputed search tables of a digest folder (`<dir>/search/`). Loading is all a cold
 * start does: three reads and one JSON.parse of the header; no re-tokenising, and the posting and
 * section tables stay bytes until a query decodes the lines it needs.
 */
export async function loadSearchIndex(dir: string): Promise<SearchIndex> {
  const headerFile = path.join(dir, DIGEST_FILES.searchIndex);
  const [header, postings, sections] = await Promise.all([
    readTable(headerFile),
    readTable(path.join(dir, DIGEST_FILES.searchPostings)),
    readTable(path.join(dir, DIGEST_FILES.searchSections)),
  ]);
  return openSearchTables({ header: header.toString('utf8'), postings, sections }, headerFile);
}

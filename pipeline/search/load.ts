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
 * start does: four reads and one JSON.parse of the header; no re-tokenising, and the posting,
 * section and page tables stay bytes until a query decodes the lines it needs.
 */
export async function loadSearchIndex(dir: string): Promise<SearchIndex> {
  const headerFile = path.join(dir, DIGEST_FILES.searchIndex);
  const [header, postings, sections, pages] = await Promise.all(
    [DIGEST_FILES.searchIndex, DIGEST_FILES.searchPostings, DIGEST_FILES.searchSections, DIGEST_FILES.searchPages].map((relative) => readTable(path.join(dir, relative))),
  );
  if (!header || !postings || !sections || !pages) throw new SearchIndexError(`${headerFile}: the search tables are incomplete`);
  return openSearchTables({ header: header.toString('utf8'), postings, sections, pages }, headerFile);
}

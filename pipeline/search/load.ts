import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { DIGEST_FILES } from '../digest/paths.ts';
import type { ByteReader } from './line-table.ts';
import { openSearchTables, SearchIndexError, type SearchIndex } from './open.ts';

function missing(file: string): SearchIndexError {
  return new SearchIndexError(`${file}: no search tables there; build them with 'ask digest build' or 'ask index build'`);
}

async function readTable(file: string): Promise<Buffer> {
  try {
    return await readFile(file);
  } catch {
    throw missing(file);
  }
}

/** Closes the file of a section table once its index is garbage. */
const openFiles = new FinalizationRegistry<number>((descriptor) => closeSync(descriptor));

/**
 * The section table left on disk: a section's line is read (one `readSync` at its offset) when it
 * is a result. The file stays open for the life of the index. A digest rebuilt meanwhile swaps
 * folders, so the open file keeps the tables this index was loaded with.
 */
function fileReader(file: string): { reader: ByteReader; descriptor: number } {
  let descriptor: number;
  try {
    descriptor = openSync(file, 'r');
  } catch {
    throw missing(file);
  }
  const read = (position: number, length: number): Uint8Array => {
    const bytes = new Uint8Array(length);
    let done = 0;
    while (done < length) {
      const count = readSync(descriptor, bytes, done, length - done, position + done);
      if (count === 0) break;
      done += count;
    }
    return bytes.subarray(0, done);
  };
  const size = fstatSync(descriptor).size;
  const reader: ByteReader = { size, read, readAll: () => read(0, size) };
  return { reader, descriptor };
}

/**
 * Loads the precomputed search tables of a digest folder (`<dir>/search/`). Loading is all a cold
 * start does: the header parsed, the posting and page tables read as bytes, the section table
 * opened; no re-tokenising, and nothing decoded until a query needs it.
 */
export async function loadSearchIndex(dir: string): Promise<SearchIndex> {
  const headerFile = path.join(dir, DIGEST_FILES.searchIndex);
  const [header, postings, pages] = await Promise.all([DIGEST_FILES.searchIndex, DIGEST_FILES.searchPostings, DIGEST_FILES.searchPages].map((relative) => readTable(path.join(dir, relative))));
  if (!header || !postings || !pages) throw new SearchIndexError(`${headerFile}: the search tables are incomplete`);
  const { reader, descriptor } = fileReader(path.join(dir, DIGEST_FILES.searchSections));
  let index: SearchIndex;
  try {
    index = openSearchTables({ header: header.toString('utf8'), postings, sections: reader, pages }, headerFile);
  } catch (error) {
    closeSync(descriptor);
    throw error;
  }
  openFiles.register(index, descriptor);
  return index;
}

import { closeSync, fstatSync, read, readSync } from 'node:fs';
import path from 'node:path';
import { DigestLinkError, openDigestFileSync, readDigestBytes } from '../disk/no-follow.ts';
import { DIGEST_FILES } from '../format/paths.ts';
import type { ByteReader } from '../format/line-table.ts';
import { openSearchTables, SearchIndexError, type SearchIndex } from './open.ts';

function missing(file: string): SearchIndexError {
  return new SearchIndexError(`${file}: no search tables there; build them with 'ask digest build' or 'ask index build'`);
}

/** A table's bytes (a symbolic link refused, never followed). */
async function readTable(dir: string, relative: string): Promise<Buffer> {
  try {
    return await readDigestBytes(dir, relative);
  } catch (error) {
    if (error instanceof DigestLinkError) throw new SearchIndexError(error.message);
    throw missing(path.join(dir, relative));
  }
}

/** Closes the file of a section table once its index is garbage. */
const openFiles = new FinalizationRegistry<() => void>((close) => close());

/**
 * Lines read from the section file one at a time before it is read whole, and the largest file
 * read so. A process that shows this many results is serving queries: from then on a result's
 * line is taken from memory instead of a `readSync` each (the syscall was a quarter of a warm
 * query on small corpora). A one-off query (the CLI) never gets there.
 */
export const LINE_READS_BEFORE_WHOLE = 48;
const MAX_WHOLE_SECTION_BYTES = 16 * 1024 * 1024;

/** The first `size` bytes of an open file, read in the background (libuv's pool), never blocking a query. */
function readWhole(descriptor: number, size: number): Promise<Uint8Array> {
  const bytes = new Uint8Array(size);
  return new Promise((resolve, reject) => {
    const step = (done: number): void => {
      if (done >= size) {
        resolve(bytes);
        return;
      }
      read(descriptor, bytes, done, size - done, done, (error, count) => {
        if (error) reject(error);
        else if (count === 0) reject(new Error('the section table is shorter than when it was opened'));
        else step(done + count);
      });
    };
    step(0);
  });
}

/**
 * The section table left on disk: a section's line is read (one `readSync` at its offset) when it
 * is a result. The file stays open until `close` (the reader's owner closes it once it is
 * garbage). A digest rebuilt meanwhile swaps folders, so the open file keeps the tables it was
 * opened with. Once `LINE_READS_BEFORE_WHOLE` lines were read, the file (up to
 * `MAX_WHOLE_SECTION_BYTES`) is read whole in the background, through the same descriptor, and
 * lines are then taken from memory. Throws DigestLinkError for a link, the file system's error
 * (ENOENT) for no file.
 */
export function openTableFile(dir: string, relative: string): { readonly reader: ByteReader; readonly close: () => void } {
  const descriptor = openDigestFileSync(dir, relative);
  const size = fstatSync(descriptor).size;
  let whole: Uint8Array | null = null;
  let lineReads = 0;
  const readFromDisk = (position: number, length: number): Uint8Array => {
    const bytes = new Uint8Array(length);
    let done = 0;
    while (done < length) {
      const count = readSync(descriptor, bytes, done, length - done, position + done);
      if (count === 0) break;
      done += count;
    }
    return bytes.subarray(0, done);
  };
  const readLine = (position: number, length: number): Uint8Array => {
    if (whole !== null) return whole.subarray(position, Math.min(position + length, size));
    lineReads += 1;
    if (lineReads === LINE_READS_BEFORE_WHOLE && size <= MAX_WHOLE_SECTION_BYTES) {
      // on failure (the descriptor closed with its index) lines stay read one at a time
      readWhole(descriptor, size).then(
        (bytes) => {
          whole = bytes;
        },
        () => {},
      );
    }
    return readFromDisk(position, length);
  };
  const reader: ByteReader = { size, read: readLine, readAll: () => whole ?? readFromDisk(0, size) };
  return { reader, close: () => closeSync(descriptor) };
}

/** `openTableFile`, its errors said as the search tables' (SearchIndexError). */
function fileReader(dir: string, relative: string): { readonly reader: ByteReader; readonly close: () => void } {
  try {
    return openTableFile(dir, relative);
  } catch (error) {
    if (error instanceof DigestLinkError) throw new SearchIndexError(error.message);
    throw missing(path.join(dir, relative));
  }
}

/**
 * Loads the precomputed search tables of a digest folder (`<dir>/search/`). Loading is all a cold
 * start does: the header parsed, the posting and page tables read as bytes, the section table
 * opened; no re-tokenising, and nothing decoded until a query needs it.
 */
export async function loadSearchIndex(dir: string): Promise<SearchIndex> {
  const headerFile = path.join(dir, DIGEST_FILES.searchIndex);
  const [header, postings, pages] = await Promise.all([DIGEST_FILES.searchIndex, DIGEST_FILES.searchPostings, DIGEST_FILES.searchPages].map((relative) => readTable(dir, relative)));
  if (!header || !postings || !pages) throw new SearchIndexError(`${headerFile}: the search tables are incomplete`);
  const { reader, close } = fileReader(dir, DIGEST_FILES.searchSections);
  let index: SearchIndex;
  try {
    index = openSearchTables({ header: header.toString('utf8'), postings, sections: reader, pages }, headerFile);
  } catch (error) {
    close();
    throw error;
  }
  openFiles.register(index, close);
  return index;
}

import type { ByteReader } from '../../format/line-table.ts';
import { DIGEST_FILES } from '../../format/paths.ts';
import { openSearchTables, type SearchIndex } from '../../search/open.ts';
import { askDataOf, manifestHead, manifestHeadOfPrefix, missingFile, type AskData, type ManifestHead, type NodeFileReader } from '../digest-data.ts';
import type { DigestStorage } from './storage.ts';

const decoder = new TextDecoder();

/** The least of the manifest read first, in bytes (then a quarter of it, then all of it). */
const MANIFEST_PREFIX = 64 * 1024;

/**
 * Files read between two turns of the event loop when all the node files are read (the section
 * list): a slice of 128 blocks the loop for 10-40 ms.
 */
const FILES_PER_TURN = 128;

/** A file of a local store kept open: its bytes as they were when it was opened, whatever replaces it since. */
interface OpenTable {
  readonly reader: ByteReader;
  readonly close: () => void;
}

/**
 * A store on the machine (a local folder): the seam, and the same files read synchronously, for
 * what the handler asks for synchronously (a section's node or its line, the manifest's section
 * list). A synchronous read is some 3x faster than an asynchronous one for many small files.
 */
export interface LocalDigestStorage extends DigestStorage {
  /** A file's bytes, read now; null when there is none. */
  readSync(path: string): Uint8Array | null;
  /** A file opened and kept open until `close`, read by range when asked; null when there is none. */
  openSync(path: string): OpenTable | null;
}

/** How a host says a file the digest needs is missing (where it looked: no folder at all, no search tables there); `missingFile` by default. */
interface PlainDigestOptions {
  readonly missing?: (relative: string) => Promise<Error>;
}

/** Closes a section table's file once its index is garbage. */
const openTables = new FinalizationRegistry<() => void>((close) => close());

/** The next turn of the event loop (Node's `setImmediate` where there is one). */
function nextTurn(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof setImmediate === 'function') setImmediate(resolve);
    else setTimeout(resolve, 0);
  });
}

/** The plain digest's section node files (`sections/<id>.json`), read when asked for, in slices with a turn of the event loop between them when all are. */
function plainNodeReader(storage: LocalDigestStorage): NodeFileReader {
  const one = (relative: string): string | undefined => {
    const bytes = storage.readSync(relative);
    return bytes === null ? undefined : decoder.decode(bytes);
  };
  return {
    one,
    async all(relatives) {
      const texts: (string | undefined)[] = [];
      for (let at = 0; at < relatives.length; at += FILES_PER_TURN) {
        if (at > 0) await nextTurn();
        for (const relative of relatives.slice(at, at + FILES_PER_TURN)) texts.push(one(relative));
      }
      return texts;
    },
  };
}

/** The error for a file the digest needs and the store does not have. */
function missing(options: PlainDigestOptions, relative: string): Promise<Error> {
  return options.missing === undefined ? Promise.resolve(missingFile(relative)) : options.missing(relative);
}

/** The whole manifest, read from the store as it is when the section list is first needed. */
function manifestText(storage: LocalDigestStorage): () => string {
  return () => {
    const bytes = storage.readSync(DIGEST_FILES.manifest);
    if (bytes === null) throw missingFile(DIGEST_FILES.manifest);
    return decoder.decode(bytes);
  };
}

/**
 * The manifest's head (schema, content hash, build commit, identity) from as little of the file as
 * holds it: its keys are sorted, so all four come before `sections`, the bulk of the file (10 MB
 * at 10k pages, 1 MB before it). A prefix of a quarter of the file (at least MANIFEST_PREFIX) is
 * read, then the whole file if the prefix falls short.
 */
async function readManifestHead(storage: LocalDigestStorage, options: PlainDigestOptions): Promise<ManifestHead> {
  const whole = manifestText(storage);
  const file = storage.openSync(DIGEST_FILES.manifest);
  if (file === null) throw await missing(options, DIGEST_FILES.manifest);
  try {
    const { size } = file.reader;
    // `files` (one line per page) is about an eighth of the file, `sections` the rest
    for (let length = Math.min(size, Math.max(MANIFEST_PREFIX, Math.ceil(size / 4))); ; length = size) {
      const bytes = file.reader.read(0, length);
      // decoded as UTF-8 (a character cut at the end of the prefix lies in `files` or `sections`)
      const prefix = decoder.decode(bytes);
      const head = manifestHeadOfPrefix(prefix, bytes.byteLength >= size || bytes.byteLength < length, whole);
      if (head === null) continue;
      // the head found in UTF-8 text: its name and description are read again as they are (the prefix reader takes latin1)
      return head.identity === null ? head : { ...manifestHead(prefix), text: whole };
    }
  } finally {
    file.close();
  }
}

/** The section table, left in the store and read a line at a time when a line is a result; closed once `index` is garbage. */
async function openSections(storage: LocalDigestStorage, options: PlainDigestOptions, open: (sections: ByteReader) => SearchIndex): Promise<SearchIndex> {
  const table = storage.openSync(DIGEST_FILES.searchSections);
  if (table === null) throw await missing(options, DIGEST_FILES.searchSections);
  let index: SearchIndex;
  try {
    index = open(table.reader);
  } catch (error) {
    table.close();
    throw error;
  }
  openTables.register(index, table.close);
  return index;
}

/**
 * The handler's data source over a plain digest folder on the machine (`manifest.json`,
 * `sections/<id>.json`, `search/*.txt`, as `ask digest build` writes it), as `ask serve` loads it
 * on its first request: the manifest's head read from a prefix, the small corpus files and the
 * search tables' header, postings and pages read; the section table kept open in the store (a
 * line read when it is a result: `LocalDigestStorage.openSync`), no section node read until a
 * route or the agentic loop asks for it (nor llms.txt, llms-full.txt or a page's Markdown until
 * its route does, each time it does). What the first keyword answer waits for is the tables and
 * the manifest's head, not the tree. The manifest's section list and the nodes are read from the
 * store as it is when first asked for: a digest rebuilt under a running server keeps the tables
 * it loaded, not its nodes.
 */
export function plainDigestSource(storage: LocalDigestStorage, options: PlainDigestOptions = {}): { readonly load: () => Promise<AskData> } {
  const requiredBytes = async (relative: string): Promise<Uint8Array> => {
    const bytes = await storage.read(relative);
    if (bytes === null) throw await missing(options, relative);
    return bytes;
  };
  const requiredText = async (relative: string): Promise<string> => decoder.decode(await requiredBytes(relative));
  const tables = async (): Promise<SearchIndex> => {
    const [header, postings, pages] = await Promise.all([requiredText(DIGEST_FILES.searchIndex), requiredBytes(DIGEST_FILES.searchPostings), requiredBytes(DIGEST_FILES.searchPages)]);
    return openSections(storage, options, (sections) => openSearchTables({ header, postings, sections, pages }, DIGEST_FILES.searchIndex));
  };
  const load = async (): Promise<AskData> => {
    const manifest = await readManifestHead(storage, options);
    const [glossary, suggestions, index] = await Promise.all([requiredText(DIGEST_FILES.glossary), requiredText(DIGEST_FILES.suggestions), tables()]);
    const overview = async () => {
      const [overviewText, context] = await Promise.all([requiredText(DIGEST_FILES.overview), requiredText(DIGEST_FILES.context)]);
      return { overview: overviewText, context };
    };
    const optionalText = async (relative: string): Promise<string | undefined> => {
      const bytes = await storage.read(relative);
      return bytes === null ? undefined : decoder.decode(bytes);
    };
    return askDataOf({ manifest, glossary, suggestions, overview, index, nodes: plainNodeReader(storage), optionalText });
  };
  return { load };
}

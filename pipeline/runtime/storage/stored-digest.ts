import { DIGEST_FILES } from '../../format/paths.ts';
import { openSearchTables } from '../../search/open.ts';
import type { StoredArchive } from '../archive-route.ts';
import { askDataOf, DigestLoadError, missingFile, type AskData, type NodeFileReader } from '../digest-data.ts';
import { EDGE_INDEX_FILE, packFile, parseEdgeIndex, wholeFile, type EdgeIndex } from './edge-index.ts';
import { storedRowReader } from './row-reader.ts';
import { partedStorage } from './parted-storage.ts';
import type { DigestStorage } from './storage.ts';

const decoder = new TextDecoder();

/** A file of the digest from the store: a packed one by its range, any other as it is under `files/`; null when there is none. */
function digestFileReader(storage: DigestStorage, index: EdgeIndex): (relative: string) => Promise<Uint8Array | null> {
  return (relative) => {
    const at = index.packed[relative];
    if (at === undefined) return storage.read(wholeFile(relative));
    return storage.read(packFile(at[0]), { offset: at[1], length: at[2] });
  };
}

/**
 * The section node files of an edge store: fetched before they are read (`fetch`, one ranged
 * read each; `all` reads each pack once, whole), the text handed over once and not kept here
 * (the parsed node is kept by the data).
 */
function storedNodeReader(storage: DigestStorage, index: EdgeIndex, read: (relative: string) => Promise<Uint8Array | null>): NodeFileReader {
  const fetched = new Map<string, string | null>();
  return {
    one(relative) {
      const text = fetched.get(relative);
      if (text === undefined) throw new DigestLoadError(`${relative} was read before it was fetched`);
      fetched.delete(relative);
      return text ?? undefined;
    },
    async fetch(relatives) {
      const texts = await Promise.all(relatives.map(async (relative) => {
        const bytes = await read(relative);
        return bytes === null ? null : decoder.decode(bytes);
      }));
      relatives.forEach((relative, at) => fetched.set(relative, texts[at] ?? null));
    },
    async all(relatives) {
      const packs = new Set<number>();
      for (const relative of relatives) {
        const at = index.packed[relative];
        if (at !== undefined) packs.add(at[0]);
      }
      const bytes = new Map<number, Uint8Array | null>();
      // a few packs at a time: each is a few hundred kilobytes
      const list = [...packs];
      for (let from = 0; from < list.length; from += 6) {
        await Promise.all(list.slice(from, from + 6).map(async (pack) => bytes.set(pack, await storage.read(packFile(pack)))));
      }
      return relatives.map((relative) => {
        const at = index.packed[relative];
        const pack = at === undefined ? null : bytes.get(at[0]);
        if (at === undefined || pack === null || pack === undefined) return undefined;
        return decoder.decode(pack.subarray(at[1], at[1] + at[2]));
      });
    },
  };
}

async function requiredText(read: (relative: string) => Promise<Uint8Array | null>, relative: string): Promise<string> {
  const bytes = await read(relative);
  if (bytes === null) throw missingFile(relative);
  return decoder.decode(bytes);
}

/** The served data over an edge store's index: the small files and the search tables' header, postings and pages read now, the rest when asked for. */
async function askDataOfStore(storage: DigestStorage, index: EdgeIndex): Promise<AskData> {
  const read = digestFileReader(storage, index);
  const bytesOf = async (relative: string): Promise<Uint8Array> => {
    const bytes = await read(relative);
    if (bytes === null) throw missingFile(relative);
    return bytes;
  };
  const [glossary, suggestions, header, postings, pages] = await Promise.all([
    requiredText(read, DIGEST_FILES.glossary),
    requiredText(read, DIGEST_FILES.suggestions),
    requiredText(read, DIGEST_FILES.searchIndex),
    bytesOf(DIGEST_FILES.searchPostings),
    bytesOf(DIGEST_FILES.searchPages),
  ]);
  const search = openSearchTables({ header, postings, sections: storedRowReader(storage, index.rows), pages }, DIGEST_FILES.searchIndex, index.order);
  const manifest = {
    ...index.head,
    text: () => {
      throw new DigestLoadError(`the stored digest has no ${DIGEST_FILES.manifest}`);
    },
  };
  const overview = async () => {
    const [overviewText, context] = await Promise.all([requiredText(read, DIGEST_FILES.overview), requiredText(read, DIGEST_FILES.context)]);
    return { overview: overviewText, context };
  };
  const optionalText = async (relative: string): Promise<string | undefined> => {
    const bytes = await read(relative);
    return bytes === null ? undefined : decoder.decode(bytes);
  };
  return askDataOf({ manifest, glossary, suggestions, overview, index: search, nodes: storedNodeReader(storage, index, read), optionalText, listed: index.listed });
}

/**
 * The handler's data source over a digest in an edge store (edge-layout.ts): the served data,
 * loaded on the first request, and the archive the digest build wrote, streamed from the store
 * with its ETag. The edge index is read once (again only after a failure).
 */
export function storedDigestSource(base: DigestStorage): { readonly load: () => Promise<AskData>; readonly archive: { readonly stored: () => Promise<StoredArchive> } } {
  let index: Promise<EdgeIndex> | null = null;
  const edgeIndex = (): Promise<EdgeIndex> => {
    if (index === null) {
      index = base.read(EDGE_INDEX_FILE).then((bytes) => {
        if (bytes === null) throw new DigestLoadError(`the store holds no digest (no ${EDGE_INDEX_FILE}); run 'ask worker build' and deploy its files`);
        return parseEdgeIndex(decoder.decode(bytes));
      });
      index.catch(() => {
        index = null;
      });
    }
    return index;
  };
  // the parted view of the store, made once per edge index
  let viewed: { readonly index: EdgeIndex; readonly storage: DigestStorage } | null = null;
  const view = async (): Promise<{ readonly index: EdgeIndex; readonly storage: DigestStorage }> => {
    const index = await edgeIndex();
    if (viewed?.index !== index) viewed = { index, storage: partedStorage(base, index.parts) };
    return viewed;
  };
  const archive = async (): Promise<StoredArchive> => {
    const { index, storage } = await view();
    return { etag: index.archive.etag, size: index.archive.size, body: () => storage.stream(index.archive.file) };
  };
  return {
    load: async () => {
      const { index, storage } = await view();
      return askDataOfStore(storage, index);
    },
    archive: { stored: archive },
  };
}

import { DigestFormatError } from '../../format/manifest.ts';

/** The version of the edge layout (`edge.json`); a worker reads only its own. */
export const EDGE_LAYOUT_VERSION = 1;

/** The edge layout's index file, at the root of the stored digest. */
export const EDGE_INDEX_FILE = 'edge.json';

/** Where a packed file is: pack number, byte offset, byte length. */
export type PackedAt = readonly [pack: number, offset: number, length: number];

/** The manifest's head, as the worker needs it (manifest.json itself is not stored). */
interface EdgeHead {
  readonly contentHash: string;
  readonly buildCommit: string | null;
  readonly identity: { readonly name: string; readonly description: string | null } | null;
}

/**
 * The index of a digest laid out for an edge store (edge-layout.ts writes it): the many small
 * files (section nodes, pages' Markdown) packed into `packs/<n>.bin`, the section table cut at
 * line ends into `rows/<n>.txt`, the other files as they are under `files/`, and the archive.
 */
export interface EdgeIndex {
  readonly version: number;
  readonly head: EdgeHead;
  /** Digest-relative path of a packed file -> where it is. */
  readonly packed: Readonly<Record<string, PackedAt>>;
  /** Byte offset in `search/sections.txt` where each `rows/<n>.txt` starts, then its size. */
  readonly rows: readonly number[];
  /** The ids of the sections the manifest lists (each has a node). */
  readonly listed: readonly string[];
  /** Every section's id in the search tables' order. */
  readonly order: readonly string[];
  /** Stored files cut into parts (`parted-storage.ts`) -> the size of each part. */
  readonly parts: Readonly<Record<string, readonly number[]>>;
  /** The archive the digest build wrote, with its ETag (the one every host answers). */
  readonly archive: { readonly file: string; readonly etag: string; readonly size: number };
}

export const packFile = (pack: number): string => `packs/${pack}.bin`;
export const rowsFile = (part: number): string => `rows/${part}.txt`;
export const wholeFile = (relative: string): string => `files/${relative}`;

/** The edge index from its text; a DigestFormatError when it is not one this worker reads. */
export function parseEdgeIndex(text: string): EdgeIndex {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new DigestFormatError(`digest: ${EDGE_INDEX_FILE} is not valid JSON; run 'ask worker build' again`);
  }
  const shaped = typeof data === 'object' && data !== null && 'version' in data && data.version === EDGE_LAYOUT_VERSION && 'head' in data && 'packed' in data && 'rows' in data && 'listed' in data && 'order' in data && 'archive' in data && 'parts' in data;
  if (!shaped) throw new DigestFormatError(`digest: ${EDGE_INDEX_FILE} is not an edge layout of version ${EDGE_LAYOUT_VERSION}; run 'ask worker build' again`);
  return data as EdgeIndex;
}

import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { digestFolderArchive, listTreeFiles } from '../digest/archive.ts';
import { readDigestBytes } from '../disk/no-follow.ts';
import { DIGEST_FILES } from '../format/paths.ts';
import { strongEtag } from '../runtime/archive-route.ts';
import { manifestHead } from '../runtime/digest-data.ts';
import { partFile } from '../runtime/storage/parted-storage.ts';
import { EDGE_INDEX_FILE, EDGE_LAYOUT_VERSION, packFile, rowsFile, wholeFile, type EdgeIndex, type PackedAt } from '../runtime/storage/edge-index.ts';
import { loadSearchIndex } from '../search/load.ts';

/**
 * The most bytes of a pack of small files, and of a part of the section table. A pack is read by
 * range where the store allows it, else whole (Workers static assets): a few hundred kilobytes
 * keep both cheap, and a 10,000-page site at a few hundred files.
 */
const PACK_BYTES = 256 * 1024;
const ROW_PART_BYTES = 128 * 1024;
/** The largest file written whole: Workers static assets take none over 25 MiB; a larger one is cut into parts of this size. */
const PART_BYTES = 20 * 1024 * 1024;

/** The archive's name in the store. */
const ARCHIVE_FILE = 'archive.tar.gz';

/** What the layout wrote: its files and their bytes, and the folder of the store they are under. */
export interface EdgeLayout {
  readonly files: number;
  readonly bytes: number;
  /** The layout's folder inside the store's root (`_ask/<stamp>`): what the worker reads under. */
  readonly root: string;
}

/** Small files are packed; the search tables' section table is cut into parts; the manifest stays behind (the worker needs only its head). */
function isPacked(relative: string): boolean {
  return relative.startsWith('sections/') || relative.startsWith('pages/');
}

/** The ids of the sections the manifest lists. */
function listedIds(manifestText: string): string[] {
  const manifest = JSON.parse(manifestText) as { sections?: Record<string, unknown> };
  return Object.keys(manifest.sections ?? {});
}

/** Cuts the section table at line ends into parts of at most ROW_PART_BYTES (a longer line is a part of its own): their start offsets, then the size. */
function rowParts(table: Uint8Array): number[] {
  const starts = [0];
  let start = 0;
  let lineStart = 0;
  for (let at = 0; at < table.length; at += 1) {
    if (table[at] !== 10) continue;
    const lineEnd = at + 1;
    if (lineEnd - start > ROW_PART_BYTES && lineStart > start) {
      starts.push(lineStart);
      start = lineStart;
    }
    lineStart = lineEnd;
  }
  if (table.length > start && starts[starts.length - 1] !== table.length) starts.push(table.length);
  return starts;
}

/**
 * Writes a digest folder laid out for an edge store under `<storeRoot>/_ask/<stamp>/` (the stamp
 * from the content hash; other stamps there are removed): `edge.json` (the index), the section
 * nodes and pages' Markdown packed into `packs/<n>.bin`, the section table cut into
 * `rows/<n>.txt`, the other files under `files/`, and the archive the digest build wrote.
 */
export async function writeEdgeLayout(digestDir: string, storeRoot: string): Promise<EdgeLayout> {
  const manifestText = (await readDigestBytes(digestDir, DIGEST_FILES.manifest)).toString('utf8');
  const head = manifestHead(manifestText);
  const root = `_ask/${head.contentHash.slice(0, 16)}`;
  const parent = path.join(storeRoot, '_ask');
  await mkdir(parent, { recursive: true });
  for (const old of await readdir(parent)) if (old !== path.basename(root)) await rm(path.join(parent, old), { recursive: true, force: true });
  const folder = path.join(storeRoot, root);
  await rm(folder, { recursive: true, force: true });
  let files = 0;
  let bytes = 0;
  const parts: Record<string, number[]> = {};
  const writeOne = async (relative: string, data: Uint8Array): Promise<void> => {
    const target = path.join(folder, relative);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, data);
    files += 1;
    bytes += data.byteLength;
  };
  const write = async (relative: string, data: Uint8Array | string): Promise<void> => {
    const buffer = typeof data === 'string' ? Buffer.from(data) : data;
    if (buffer.byteLength <= PART_BYTES) return writeOne(relative, buffer);
    const sizes: number[] = [];
    for (let at = 0; at < buffer.byteLength; at += PART_BYTES) {
      const part = buffer.subarray(at, at + PART_BYTES);
      await writeOne(partFile(relative, sizes.length), part);
      sizes.push(part.byteLength);
    }
    parts[relative] = sizes;
  };

  const packed: Record<string, PackedAt> = {};
  let pack: Buffer[] = [];
  let packSize = 0;
  let packNumber = 0;
  const flush = async (): Promise<void> => {
    if (pack.length === 0) return;
    await write(packFile(packNumber), Buffer.concat(pack));
    pack = [];
    packSize = 0;
  };
  for (const relative of await listTreeFiles(digestDir)) {
    if (relative === DIGEST_FILES.manifest || relative === DIGEST_FILES.searchSections) continue;
    const data = await readDigestBytes(digestDir, relative);
    if (!isPacked(relative)) {
      await write(wholeFile(relative), data);
      continue;
    }
    if (packSize > 0 && packSize + data.byteLength > PACK_BYTES) {
      await flush();
      packNumber += 1;
    }
    packed[relative] = [packNumber, packSize, data.byteLength];
    pack.push(data);
    packSize += data.byteLength;
  }
  await flush();

  const table = await readDigestBytes(digestDir, DIGEST_FILES.searchSections);
  const rows = rowParts(table);
  for (let part = 0; part + 1 < rows.length; part += 1) await write(rowsFile(part), table.subarray(rows[part], rows[part + 1]));

  const search = await loadSearchIndex(digestDir);
  const order = Array.from({ length: search.sectionCount }, (_, section) => search.id(section));
  const archive = await digestFolderArchive(digestDir)();
  await write(ARCHIVE_FILE, archive);
  const index: EdgeIndex = {
    version: EDGE_LAYOUT_VERSION,
    head: { contentHash: head.contentHash, buildCommit: head.buildCommit, identity: head.identity },
    packed,
    rows,
    listed: listedIds(manifestText),
    order,
    parts,
    archive: { file: ARCHIVE_FILE, etag: await strongEtag(archive), size: archive.byteLength },
  };
  await write(EDGE_INDEX_FILE, JSON.stringify(index));
  return { files, bytes, root };
}

import { stat, type FileHandle } from 'node:fs/promises';
import { digestFolderArchive, listTreeFiles } from '../digest/archive.ts';
import { DigestLinkError, openDigestFile, readDigestBytes, readDigestTextSync } from '../disk/no-follow.ts';
import type { BakedDigest } from './baked-digest.ts';
import { DIGEST_FILES } from '../format/paths.ts';
import { askDataOf, DigestLoadError, manifestHeadOfPrefix, missingFile, type AskData, type DigestFiles, type ManifestHead, type NodeFileReader } from '../runtime/digest-data.ts';
import { loadSearchIndex } from '../search/load.ts';

/**
 * Files read between two turns of the event loop when a whole tree of them is read. Synchronous
 * reads are some 3x faster than `fs.promises.readFile` for 65k small node files (10k pages, 1.5 s
 * against 4 s or more) and, unlike an unbounded Promise.all, never hold more files open than a
 * process may (EMFILE); a slice of 128 blocks the loop for 10-40 ms.
 */
const FILES_PER_TURN = 128;

/** `read` over every item, in slices of FILES_PER_TURN with a turn of the event loop between them. */
async function readSliced<T>(items: readonly string[], read: (item: string) => T): Promise<T[]> {
  const results: T[] = [];
  for (let at = 0; at < items.length; at += FILES_PER_TURN) {
    if (at > 0) await new Promise((resolve) => setImmediate(resolve));
    for (const item of items.slice(at, at + FILES_PER_TURN)) results.push(read(item));
  }
  return results;
}

/** The least of the manifest read first, in bytes (then a quarter of it, then all of it). */
const MANIFEST_PREFIX = 64 * 1024;

function isMissing(error: unknown): boolean {
  return error instanceof Error && 'code' in error && (error.code === 'ENOENT' || error.code === 'ENOTDIR');
}

/** Where a refused link is said: one line naming it. */
type Log = (line: string) => void;

/** A link in the digest is answered as a missing file, said in the log; other errors as they are. */
function missingOrRefused(error: unknown, log: Log): undefined {
  if (error instanceof DigestLinkError) {
    log(`ask: ${error.message}; answered as missing`);
    return undefined;
  }
  if (isMissing(error)) return undefined;
  throw error;
}

/** The section node files of a digest folder, read from disk when asked for (links refused). */
function folderNodeReader(dir: string, log: Log): NodeFileReader {
  const one = (relative: string): string | undefined => {
    try {
      return readDigestTextSync(dir, relative);
    } catch (error) {
      return missingOrRefused(error, log);
    }
  };
  return { one, all: (relatives) => readSliced(relatives, one) };
}

/** A digest-relative file that may be absent (llms.txt, pages/<slug>.md), read from disk each time it is asked for (links refused). */
function folderOptionalText(dir: string, log: Log): (relative: string) => Promise<string | undefined> {
  return async (relative) => {
    try {
      return (await readDigestBytes(dir, relative)).toString('utf8');
    } catch (error) {
      return missingOrRefused(error, log);
    }
  };
}

/**
 * The manifest's head (schema, content hash, build commit) from as little of the file as holds it: its keys are
 * sorted, so both come before `sections`, the bulk of the file (10 MB at 10k pages, 1 MB before it).
 */
async function readManifestHead(dir: string): Promise<ManifestHead> {
  let handle: FileHandle;
  try {
    handle = await openDigestFile(dir, DIGEST_FILES.manifest);
  } catch (error) {
    if (error instanceof DigestLinkError) throw new DigestLoadError(error.message);
    if (!isMissing(error)) throw error;
    const folder = await stat(dir).catch(() => null);
    throw folder?.isDirectory() ? missingFile(DIGEST_FILES.manifest) : new DigestLoadError(`no digest folder at '${dir}'; run 'ask digest build'`, "no digest folder; run 'ask digest build'");
  }
  try {
    const size = (await handle.stat()).size;
    // `files` (one line per page) is about an eighth of the file, `sections` the rest
    for (let length = Math.min(size, Math.max(MANIFEST_PREFIX, Math.ceil(size / 4))); ; length = size) {
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await handle.read(buffer, 0, length, 0);
      const head = manifestHeadOfPrefix(buffer.toString('latin1', 0, bytesRead), bytesRead >= size || bytesRead < length, () => readDigestTextSync(dir, DIGEST_FILES.manifest));
      if (head !== null) return head;
    }
  } finally {
    await handle.close();
  }
}

/**
 * The served data of a digest folder, as `ask serve` loads it on its first request: the
 * manifest's head (schema, content hash) and the small corpus files read, the search tables
 * loaded from disk (`loadSearchIndex`: the section table stays on disk, a line read when it is a
 * result), and no section node read until a route or the agentic loop asks for it (nor llms.txt,
 * llms-full.txt or a page's Markdown until its route does, each time it does). What the first
 * keyword answer waits for is `loadSearchIndex` and the manifest's head, not the tree.
 * The manifest's section list and the nodes are read from the folder as it is when first asked
 * for: a digest rebuilt under a running server keeps the tables it loaded, not its nodes.
 * No symbolic link in the folder is followed: a node or page Markdown behind one answers as
 * missing, said in `log`; a file the digest needs behind one is a DigestLoadError.
 */
export async function loadDigestFolder(dir: string, log: Log = (line) => console.warn(line)): Promise<AskData> {
  const read = async (relative: string): Promise<string> => {
    try {
      return (await readDigestBytes(dir, relative)).toString('utf8');
    } catch (error) {
      if (error instanceof DigestLinkError) throw new DigestLoadError(error.message);
      if (isMissing(error)) throw missingFile(relative);
      throw error;
    }
  };
  const manifest = await readManifestHead(dir);
  const [glossary, suggestions, index] = await Promise.all([read(DIGEST_FILES.glossary), read(DIGEST_FILES.suggestions), loadSearchIndex(dir)]);
  const overview = async () => {
    const [overviewText, context] = await Promise.all([read(DIGEST_FILES.overview), read(DIGEST_FILES.context)]);
    return { overview: overviewText, context };
  };
  return askDataOf({ manifest, glossary, suggestions, overview, index, nodes: folderNodeReader(dir, log), optionalText: folderOptionalText(dir, log) });
}

/** Every file of a digest folder, in memory, by digest-relative path (what the worker bundle carries). */
export async function readDigestFolder(dir: string): Promise<DigestFiles> {
  let files: string[];
  try {
    files = await listTreeFiles(dir);
  } catch {
    throw new DigestLoadError(`no digest folder at '${dir}'; run 'ask digest build'`, "no digest folder; run 'ask digest build'");
  }
  const entries = await readSliced(files, (file) => [file, readDigestTextSync(dir, file)] as const);
  return new Map(entries);
}

/** A digest folder's files and archive, read now, to be carried inside a bundle (`BakedDigest`). */
export async function bakeDigestFolder(dir: string): Promise<BakedDigest> {
  const files = Object.fromEntries(await readDigestFolder(dir));
  return { files, archiveBase64: Buffer.from(await digestFolderArchive(dir)()).toString('base64') };
}

/**
 * The content hash of a live content folder, read with the site options the digest was built with.
 * The bytes of every file are compared with the manifest's file hashes first: when they all
 * match, the content is what the digest was built from and its hash is the manifest's, with
 * nothing parsed. Only a folder that changed is loaded (the content loader, remark and all, is
 * imported then), to name its hash.
 */
export function liveContentHash(contentDir: string, digestDir: string): () => Promise<string | null> {
  return async () => {
    const [content, { readManifest }, { contentSiteOf }] = await Promise.all([import('../content/index.ts'), import('../digest/read.ts'), import('../compile/check.ts')]);
    const manifest = await readManifest(digestDir);
    if (manifest) {
      const hashes = await content.hashContentFiles(contentDir, manifest.site.exclude);
      const names = Object.keys(hashes);
      if (names.length === Object.keys(manifest.files).length && names.every((name) => manifest.files[name] === hashes[name])) return manifest.contentHash;
    }
    const loaded = await content.loadContent({ contentDir, ...(manifest ? contentSiteOf(manifest) : { siteUrl: '' }) });
    return content.corpusHash(loaded.sections);
  };
}

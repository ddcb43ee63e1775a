import { stat } from 'node:fs/promises';
import path from 'node:path';
import { listTreeFiles } from '../digest/archive.ts';
import { DigestLinkError, readDigestTextSync } from '../disk/no-follow.ts';
import { DIGEST_FILES } from '../format/paths.ts';
import { DigestLoadError, missingFile, type AskData, type DigestFiles } from '../runtime/digest-data.ts';
import { plainDigestSource } from '../runtime/storage/plain-digest.ts';
import { SearchIndexError } from '../search/open.ts';
import { folderStorage } from './folder-storage.ts';

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

/** Where a refused link is said: one line naming it. */
type Log = (line: string) => void;

/** The files the digest cannot be served without: one behind a link is a load error, not a missing file. */
const REQUIRED = new Set<string>([DIGEST_FILES.manifest, DIGEST_FILES.glossary, DIGEST_FILES.suggestions, DIGEST_FILES.overview, DIGEST_FILES.context]);

/**
 * A link in the digest: a file the digest needs behind one is a DigestLoadError (a search table's
 * a SearchIndexError), any other (a node, a page's Markdown, llms.txt) is answered as missing,
 * said in the log.
 */
function refusedLink(log: Log): (error: DigestLinkError) => null {
  return (error) => {
    if (REQUIRED.has(error.relative)) throw new DigestLoadError(error.message);
    if (error.relative.startsWith('search/')) throw new SearchIndexError(error.message);
    log(`ask: ${error.message}; answered as missing`);
    return null;
  };
}

/**
 * The error for a file the digest needs that the folder does not have, said as `ask serve` says
 * it: no folder at all, no search tables there (the folder named), or the file named.
 */
async function missingIn(dir: string, relative: string): Promise<Error> {
  if (relative.startsWith('search/')) return new SearchIndexError(`${path.join(dir, relative)}: no search tables there; build them with 'ask digest build' or 'ask index build'`);
  if (relative !== DIGEST_FILES.manifest) return missingFile(relative);
  const folder = await stat(dir).catch(() => null);
  return folder?.isDirectory() ? missingFile(relative) : new DigestLoadError(`no digest folder at '${dir}'; run 'ask digest build'`, "no digest folder; run 'ask digest build'");
}

/**
 * The served data of a digest folder, as `ask serve` loads it on its first request, read through
 * the storage seam (`folderStorage` under `plainDigestSource`): the manifest's head (schema,
 * content hash) read from a prefix and the small corpus files read, the search tables' header,
 * postings and pages read, the section table left on disk (a line read when it is a result), and
 * no section node read until a route or the agentic loop asks for it (nor llms.txt, llms-full.txt
 * or a page's Markdown until its route does, each time it does). What the first keyword answer
 * waits for is the tables and the manifest's head, not the tree.
 * The manifest's section list and the nodes are read from the folder as it is when first asked
 * for. No symbolic link in the folder is followed: a node or page Markdown behind one answers as
 * missing, said in `log`; a file the digest needs behind one is a DigestLoadError.
 */
export function loadDigestFolder(dir: string, log: Log = (line) => console.warn(line)): Promise<AskData> {
  const storage = folderStorage(dir, { refused: refusedLink(log) });
  return plainDigestSource(storage, { missing: (relative) => missingIn(dir, relative) }).load();
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

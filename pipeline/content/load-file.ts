import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { decodeContentFile } from './decode.ts';
import { ContentError } from './errors.ts';
import { sha256 } from './hash.ts';
import { namesInsideFolder, readContentBytes } from './inside-folder.ts';
import { readPage, type ParsedPage, type ReadPage } from './page.ts';
import { resolveSite, type PageSite } from './site.ts';
import { writeFileAtomically } from '../disk/atomic-write.ts';

/** Bump when chunking or the content model changes: cached chunks of another version are ignored. */
export const CHUNKER_VERSION = 'chunker-4';

/** One content file, read: its page and sections, or the problem with it. */
export interface LoadedFile {
  /** Path relative to the content folder. */
  readonly file: string;
  /** sha256 of the file's bytes; null when the file could not be read. */
  readonly fileHash: string | null;
  /**
   * The page and its sections; null for a draft or a file with a problem. A `ParsedPage` (with
   * each section's tree) when the file was parsed now.
   */
  readonly read: ReadPage | ParsedPage | null;
  readonly error: ContentError | null;
  /** True when the file was parsed rather than taken from the chunk cache. */
  readonly parsed: boolean;
}

/** Where a file is read from and how: the inputs of `loadFile`. */
export interface FileSource extends PageSite {
  readonly contentDir: string;
  /** Folder of the chunk cache; omitted: parse every file. */
  readonly cacheDir?: string;
}

/**
 * What a file's page and sections depend on, hashed: the chunker's version, the site (url,
 * generator, url style), the file's path and its text with includes expanded.
 */
export function pageReadKey(source: PageSite, file: string, expanded: string): string {
  const site = resolveSite(source);
  return sha256([CHUNKER_VERSION, site.siteUrl, site.generator.name, JSON.stringify(site.urlStyle), file, sha256(expanded)].join('\n'));
}

/**
 * A content file's text with its generator's includes expanded (the text itself when the
 * generator has none); includes are read from inside the content folder only.
 */
export async function expandedText(source: FileSource, file: string, text: string): Promise<string> {
  const { generator } = resolveSite(source);
  return generator.expandIncludes ? generator.expandIncludes(file, text, includeReader(source.contentDir, file)) : text;
}

/**
 * Reads a file of the content folder for an include of `page`; null when it is not a readable
 * file. A file outside the folder, by its path or through a link, is a ContentError naming both.
 */
function includeReader(contentDir: string, page: string): (file: string) => Promise<string | null> {
  return async (file) => {
    if (!namesInsideFolder(contentDir, file)) return null;
    let bytes: Buffer;
    try {
      bytes = await readContentBytes(contentDir, file);
    } catch (error) {
      if (error instanceof ContentError) throw new ContentError(error.file, `${error.problem} (included by ${page})`);
      return null; // not there: the directive stays as written
    }
    try {
      return decodeContentFile(bytes, file);
    } catch {
      return null; // not UTF-8: the file's own reading says so
    }
  };
}

async function readCached(cacheFile: string): Promise<ReadPage | null | undefined> {
  try {
    return JSON.parse(await readFile(cacheFile, 'utf8')) as ReadPage | null;
  } catch {
    return undefined;
  }
}

async function writeCached(cacheDir: string, cacheFile: string, value: ReadPage | null): Promise<void> {
  await mkdir(cacheDir, { recursive: true });
  await writeFileAtomically(cacheFile, JSON.stringify(value));
}

/**
 * Reads one content file into its page and hashed sections. An unchanged file (same bytes, same
 * site URL, same chunker version) comes from the chunk cache without being parsed. A file that
 * cannot be read, is not UTF-8 or cannot be parsed gives its ContentError instead of throwing.
 */
export async function loadFile(source: FileSource, file: string): Promise<LoadedFile> {
  let bytes: Buffer;
  try {
    bytes = await readContentBytes(source.contentDir, file);
  } catch (error) {
    if (error instanceof ContentError) return { file, fileHash: null, read: null, error, parsed: false };
    const code = (error as NodeJS.ErrnoException).code ?? 'unknown error';
    return { file, fileHash: null, read: null, error: new ContentError(file, `cannot be read (${code}); check its permissions`), parsed: false };
  }
  let text: string;
  try {
    text = decodeContentFile(bytes, file);
  } catch (error) {
    if (error instanceof ContentError) return { file, fileHash: null, read: null, error, parsed: false };
    throw error;
  }
  const fileHash = sha256(text);
  const site = resolveSite(source);
  if (!site.generator.isPage(file)) return { file, fileHash, read: null, error: null, parsed: false };
  let expanded: string;
  try {
    expanded = await expandedText(source, file, text);
  } catch (error) {
    if (error instanceof ContentError) return { file, fileHash, read: null, error, parsed: false };
    throw error;
  }
  const { cacheDir } = source;
  const cacheFile = cacheDir && path.join(cacheDir, `${pageReadKey(source, file, expanded)}.json`);
  const cached = cacheFile ? await readCached(cacheFile) : undefined;
  if (cached !== undefined) return { file, fileHash, read: cached, error: null, parsed: false };
  let read: ParsedPage | null;
  try {
    read = readPage(file, expanded, source);
  } catch (error) {
    if (error instanceof ContentError) return { file, fileHash, read: null, error, parsed: false };
    throw error;
  }
  if (cacheFile && cacheDir) await writeCached(cacheDir, cacheFile, read && { page: read.page, sections: read.sections });
  return { file, fileHash, read, error: null, parsed: true };
}

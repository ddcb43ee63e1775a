import { readdir } from 'node:fs/promises';
import path from 'node:path';
import picomatch from 'picomatch';
import { AskError } from '../errors.ts';
import type { Page, Section } from '../types.ts';
import { ContentError } from './errors.ts';
import { readContentBytesSync } from './inside-folder.ts';
import { sha256 } from './hash.ts';
import { loadFile, type FileSource, type LoadedFile } from './load-file.ts';
import { resolveSite } from './site.ts';
import type { ParsedPage, ReadPage } from './page.ts';
import { compareCodeUnits } from '../text/compare.ts';

export { CHUNKER_VERSION } from './load-file.ts';

export interface LoadedContent {
  readonly pages: readonly Page[];
  /** Every section of every page, pages in path order, sections in document order. */
  readonly sections: readonly Section[];
  /** sha256 of each file's bytes, by path relative to the content folder (drafts included). */
  readonly fileHashes: Readonly<Record<string, string>>;
  /** How many files were parsed rather than taken from the chunk cache. */
  readonly parsedFiles: number;
}

/**
 * Reads the given files (see `loadFile`) and yields them in the order given. The default reads
 * them one by one in this thread; a build may read them in worker threads instead.
 */
export type FileReader = (source: FileSource, files: readonly string[]) => AsyncIterable<LoadedFile>;

export interface LoadOptions extends FileSource {
  /** Globs of content files (paths relative to the content folder) to leave out. */
  readonly exclude?: readonly string[];
  /**
   * Called with each page as soon as it is read, so later stages can start before the last page;
   * a `ParsedPage` (its trees and headings) when the file was parsed now rather than taken from the cache.
   */
  readonly onPage?: (read: ReadPage | ParsedPage) => void;
  /** How files are read; default: in this thread, one after the other. */
  readonly readFiles?: FileReader;
}

/** The default FileReader: one file after the other, in this thread. */
async function* readFilesInProcess(source: FileSource, files: readonly string[]): AsyncIterable<LoadedFile> {
  for (const file of files) yield await loadFile(source, file);
}

/** Several content problems at once, one line each. */
export class ContentErrors extends AskError {
  override readonly name = 'ContentErrors';
  constructor(readonly errors: readonly ContentError[]) {
    super(errors.map((error) => error.message).join('\n'));
  }
}

/**
 * Every `.md`/`.mdx` file (or link to one) below `dir`, relative POSIX paths, sorted; hidden
 * entries, node_modules, linked folders and the files `exclude` matches (globs, `**` for any
 * folders) skipped.
 */
export async function listContentFiles(dir: string, exclude: readonly string[] = []): Promise<string[]> {
  const excluded = exclude.length === 0 ? () => false : picomatch([...exclude], { dot: true });
  const found: string[] = [];
  const walk = async (relative: string): Promise<void> => {
    const entries = await readdir(path.join(dir, relative), { withFileTypes: true });
    for (const entry of entries) {
      if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
      const child = relative === '' ? entry.name : `${relative}/${entry.name}`;
      if (entry.isDirectory()) await walk(child);
      // a linked file is listed (and refused when it leads out of the folder); a linked folder is not walked
      else if ((entry.isFile() || entry.isSymbolicLink()) && /\.mdx?$/i.test(entry.name) && !excluded(child)) found.push(child);
    }
  };
  await walk('');
  return found.sort(compareCodeUnits);
}

/** The sha256 of a content file's text; a link out of the folder is ContentErrors naming it. */
function hashContentFile(dir: string, file: string): string {
  try {
    return sha256(readContentBytesSync(dir, file).toString('utf8'));
  } catch (error) {
    throw error instanceof ContentError ? new ContentErrors([error]) : error;
  }
}

/**
 * The sha256 of every content file's bytes, by path: enough to tell that nothing changed
 * since a build without parsing a single file.
 */
export async function hashContentFiles(dir: string, exclude: readonly string[] = []): Promise<Record<string, string>> {
  const files = await listContentFiles(dir, exclude);
  const hashes: Record<string, string> = {};
  // synchronous reads: thousands of small files, each read faster than an asynchronous round trip
  for (const file of files) hashes[file] = hashContentFile(dir, file);
  return hashes;
}

/** The problem of a content folder without a single page: where we looked, under which generator. */
function noPageFound(source: FileSource, files: number): ContentError {
  const generator = resolveSite(source).generator.name;
  const found =
    files === 0
      ? `no .md or .mdx file in it or below, read as a ${generator} site`
      : `${files} .md/.mdx ${files === 1 ? 'file' : 'files'}, none a page a ${generator} site publishes (partials, drafts, excluded)`;
  return new ContentError(path.resolve(source.contentDir), `no page found: ${found}; pass --content the folder of your pages`);
}

/**
 * Loads a content folder: every page and its hashed sections. Unchanged files (same bytes,
 * same site URL, same chunker version) come from the chunk cache without being parsed.
 * All problems are gathered and thrown together as ContentErrors, one line per file;
 * two pages with one slug are an error naming both; a folder without a single page is one.
 */
export async function loadContent(options: LoadOptions): Promise<LoadedContent> {
  const listed = await listContentFiles(options.contentDir, options.exclude);
  const unserved = resolveSite(options).generator.unservedFiles?.(listed) ?? new Set<string>();
  const files = listed.filter((file) => !unserved.has(file));
  const pages: Page[] = [];
  const sections: Section[] = [];
  // files that are no page are still content (included by pages): hashed as `hashContentFiles` does
  const fileHashes: Record<string, string> = {};
  for (const file of unserved) fileHashes[file] = hashContentFile(options.contentDir, file);
  const errors: ContentError[] = [];
  const slugOwners = new Map<string, string>();
  let parsedFiles = 0;

  const readFiles = options.readFiles ?? readFilesInProcess;
  for await (const loaded of readFiles(options, files)) {
    const { file, read } = loaded;
    if (loaded.fileHash !== null) fileHashes[file] = loaded.fileHash;
    if (loaded.parsed) parsedFiles += 1;
    if (loaded.error) {
      errors.push(loaded.error);
      continue;
    }
    if (read === null) continue;
    const owner = slugOwners.get(read.page.slug);
    if (owner !== undefined) {
      errors.push(new ContentError(file, `has the slug '${read.page.slug}' of ${owner}; give one of them another 'slug' in its frontmatter`));
      continue;
    }
    slugOwners.set(read.page.slug, file);
    pages.push(read.page);
    sections.push(...read.sections);
    options.onPage?.(read);
  }
  if (errors.length > 0) throw new ContentErrors(errors);
  if (pages.length === 0) throw new ContentErrors([noPageFound(options, listed.length)]);
  return { pages, sections, fileHashes, parsedFiles };
}

import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page, Section } from '../types.ts';
import { ContentError } from './errors.ts';
import { sha256 } from './hash.ts';
import { readPage, type ReadPage } from './page.ts';

/** Bump when chunking or the content model changes: cached chunks of another version are ignored. */
export const CHUNKER_VERSION = 'chunker-1';

export interface LoadedContent {
  readonly pages: readonly Page[];
  /** Every section of every page, pages in path order, sections in document order. */
  readonly sections: readonly Section[];
  /** sha256 of each file's bytes, by path relative to the content folder (drafts included). */
  readonly fileHashes: Readonly<Record<string, string>>;
  /** How many files were parsed rather than taken from the chunk cache. */
  readonly parsedFiles: number;
}

export interface LoadOptions {
  readonly contentDir: string;
  readonly siteUrl: string;
  /** Folder of the chunk cache; omitted: parse every file. */
  readonly cacheDir?: string;
  /** Called with each page as soon as it is read, so later stages can start before the last page. */
  readonly onPage?: (read: ReadPage) => void;
}

/** Several content problems at once, one line each. */
export class ContentErrors extends Error {
  override readonly name = 'ContentErrors';
  constructor(readonly errors: readonly ContentError[]) {
    super(errors.map((error) => error.message).join('\n'));
  }
}

const byString = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Every `.md`/`.mdx` file below `dir`, relative POSIX paths, sorted; hidden entries and node_modules skipped. */
export async function listContentFiles(dir: string): Promise<string[]> {
  const found: string[] = [];
  const walk = async (relative: string): Promise<void> => {
    const entries = await readdir(path.join(dir, relative), { withFileTypes: true });
    for (const entry of entries) {
      if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
      const child = relative === '' ? entry.name : `${relative}/${entry.name}`;
      if (entry.isDirectory()) await walk(child);
      else if (entry.isFile() && /\.mdx?$/i.test(entry.name)) found.push(child);
    }
  };
  await walk('');
  return found.sort(byString);
}

/**
 * The sha256 of every content file's bytes, by path: enough to tell that nothing changed
 * since a build without parsing a single file.
 */
export async function hashContentFiles(dir: string): Promise<Record<string, string>> {
  const files = await listContentFiles(dir);
  const hashes: Record<string, string> = {};
  const batch = 64;
  for (let start = 0; start < files.length; start += batch) {
    const slice = files.slice(start, start + batch);
    const texts = await Promise.all(slice.map((file) => readFile(path.join(dir, file), 'utf8')));
    slice.forEach((file, at) => {
      hashes[file] = sha256(texts[at] ?? '');
    });
  }
  return hashes;
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
  const temporary = `${cacheFile}.${process.pid}.tmp`;
  await writeFile(temporary, JSON.stringify(value));
  await rename(temporary, cacheFile);
}

/**
 * Loads a content folder: every page and its hashed sections. Unchanged files (same bytes,
 * same site URL, same chunker version) come from the chunk cache without being parsed.
 * All problems are gathered and thrown together as ContentErrors, one line per file;
 * two pages with one slug are an error naming both.
 */
export async function loadContent(options: LoadOptions): Promise<LoadedContent> {
  const files = await listContentFiles(options.contentDir);
  const pages: Page[] = [];
  const sections: Section[] = [];
  const fileHashes: Record<string, string> = {};
  const errors: ContentError[] = [];
  const slugOwners = new Map<string, string>();
  let parsedFiles = 0;

  for (const file of files) {
    let source: string;
    try {
      source = await readFile(path.join(options.contentDir, file), 'utf8');
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? 'unknown error';
      errors.push(new ContentError(file, `cannot be read (${code}); check its permissions`));
      continue;
    }
    const fileHash = sha256(source);
    fileHashes[file] = fileHash;
    const cacheFile = options.cacheDir && path.join(options.cacheDir, `${sha256(`${CHUNKER_VERSION}\n${options.siteUrl}\n${file}\n${fileHash}`)}.json`);
    let read = cacheFile ? await readCached(cacheFile) : undefined;
    if (read === undefined) {
      try {
        read = readPage(file, source, options.siteUrl);
      } catch (error) {
        if (error instanceof ContentError) {
          errors.push(error);
          continue;
        }
        throw error;
      }
      parsedFiles += 1;
      if (cacheFile && options.cacheDir) await writeCached(options.cacheDir, cacheFile, read);
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
  return { pages, sections, fileHashes, parsedFiles };
}

/**
 * The search checks of a digest, ready to run: its tables, and the labelled queries (a given
 * JSONL file; else the digest's own checks, each suggested question against the section it was
 * asked about, and the committed `ask.queries.jsonl` at the content root) with their expected
 * entries resolved to its section ids (check-targets.ts). Content is loaded only when an entry
 * names a content file, or an anchor no section has (a deeper heading's).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { loadContent } from '../content/index.ts';
import { readDigestJson, readManifest } from '../digest/read.ts';
import { SuggestionsFileSchema, suggestedQuestionsOf, type SuggestionsFile } from '../format/digest-json.ts';
import { DIGEST_FILES } from '../format/paths.ts';
import { loadSearchIndex } from '../search/load.ts';
import { parseQueryChecks, type QueryCheck, type ResolvedCheck } from '../search/checks.ts';
import type { PageHeading } from '../content/chunk.ts';
import type { SearchIndex } from '../search/open.ts';
import { checkTargets, type CheckPage } from './check-targets.ts';
import { contentSiteOf, type ContentSite } from './check.ts';

/** The file of checks a docs team commits at its content root. */
export const COMMITTED_QUERIES = 'ask.queries.jsonl';

export interface LoadedChecks {
  readonly index: SearchIndex;
  readonly checks: readonly ResolvedCheck[];
  /** Expected entries that name no section of the digest, with their query. */
  readonly unresolved: readonly { readonly query: string; readonly entry: string }[];
  /** Where the checks came from (a path as given), null when there are none. */
  readonly source: string | null;
}

export interface CheckSource {
  readonly digestDir: string;
  /** Null: none named; no committed checks are read, and checks whose entries need the pages fail (`NoContentFolder`). */
  readonly contentDir: string | null;
  /** A JSONL file of checks; default: `ask.queries.jsonl` in the content folder, when present. */
  readonly queriesFile?: string;
  /** How the source is named in messages. */
  readonly label?: (file: string) => string;
}

async function readIfPresent(file: string): Promise<string | null> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if (error instanceof Error && 'code' in error && (error.code === 'ENOENT' || error.code === 'EISDIR')) return null;
    throw error;
  }
}

const namesFile = (entry: string): boolean => /\.mdx?(?:#|$)/i.test(entry);

/** Every section of the tables as a target: its id, url, heading and page title. */
function tableSections(index: SearchIndex): { id: string; pageSlug: string; anchor: string | null; heading: string | null; title: string; url: string }[] {
  return Array.from({ length: index.sectionCount }, (_, at) => {
    const row = index.row(at);
    const hash = row.id.indexOf('#');
    return { id: row.id, pageSlug: hash === -1 ? row.id : row.id.slice(0, hash), anchor: hash === -1 ? null : row.id.slice(hash + 1), heading: row.heading, title: row.title, url: row.url };
  });
}

/** The written checks of a source: the given file, else the committed one when present (null: none). */
export async function readWrittenChecks(source: Pick<CheckSource, 'contentDir' | 'queriesFile' | 'label'>): Promise<{ readonly written: QueryCheck[]; readonly source: string } | null> {
  const file = source.queriesFile ?? (source.contentDir === null ? null : path.join(source.contentDir, COMMITTED_QUERIES));
  if (file === null) return null;
  const text = await readIfPresent(file);
  if (text === null) {
    if (source.queriesFile !== undefined) throw new Error(`cannot read ${source.queriesFile}`);
    return null;
  }
  const label = source.label?.(file) ?? file;
  return { written: parseQueryChecks(text, label), source: label };
}

/** The kind of the digest's own checks in reports. */
const SUGGESTED_KIND = 'suggested';

/** The digest's own checks: each suggested question whose section the distiller named, expecting that section. */
export function suggestionChecks(file: SuggestionsFile | null): QueryCheck[] {
  if (file === null) return [];
  return suggestedQuestionsOf(file).flatMap(({ question, section }) => (section === null ? [] : [{ query: question, expect: [section], kind: SUGGESTED_KIND }]));
}

/**
 * Whether resolving these checks on `index` needs the content's pages: an entry names a content
 * file, or has an anchor that names no section by itself (a deeper heading's).
 */
export function checksNeedPages(written: readonly QueryCheck[], index: SearchIndex, siteUrl: string): boolean {
  const alone = checkTargets([], tableSections(index), siteUrl);
  return written.some((check) => check.expect.some((entry) => namesFile(entry) || (entry.includes('#') && alone.resolve(entry) === null)));
}

/** The written checks with their entries as section ids of `index`; entries that name none apart. */
export function resolveChecks(written: readonly QueryCheck[], index: SearchIndex, siteUrl: string, pages: readonly CheckPage[]): Pick<LoadedChecks, 'checks' | 'unresolved'> {
  const targets = checkTargets(pages, tableSections(index), siteUrl);
  const unresolved: { query: string; entry: string }[] = [];
  const checks = written.map((check): ResolvedCheck => {
    const sections: string[] = [];
    for (const entry of check.expect) {
      const id = targets.resolve(entry);
      if (id === null) unresolved.push({ query: check.query, entry });
      else if (!sections.includes(id)) sections.push(id);
    }
    return { ...check, sections };
  });
  return { checks, unresolved };
}

/**
 * The content's pages with their headings, read under the digest's site options, so that an
 * entry resolves as the site's anchors do; loaded only when the checks need them on `index`.
 */
export async function pagesForChecks(written: readonly QueryCheck[], contentDir: string, site: ContentSite, index: SearchIndex): Promise<readonly CheckPage[]> {
  if (!checksNeedPages(written, index, site.siteUrl)) return [];
  const headings = new Map<string, readonly PageHeading[]>();
  const { pages } = await loadContent({ contentDir, ...contentSiteOf(site), onPage: (read) => headings.set(read.page.file, 'headings' in read ? read.headings : []) });
  return pages.map((page) => ({ file: page.file, slug: page.slug, headings: headings.get(page.file) ?? [] }));
}

/** Checks whose entries need the content's pages (a file named, a deeper heading's anchor), and no content folder named. */
export class NoContentFolder extends Error {
  override readonly name = 'NoContentFolder';
}

/** How a report names where its checks came from. */
function sourceName(own: number, file: string | null): string | null {
  const digest = own === 0 ? null : `the digest's ${own} suggested question${own === 1 ? '' : 's'}`;
  if (digest === null) return file;
  return file === null ? digest : `${digest} and ${file}`;
}

/** The checks of a source: the given file alone; without one, the digest's own checks and the committed file. */
export async function loadChecks(source: CheckSource): Promise<LoadedChecks> {
  const manifest = await readManifest(source.digestDir);
  if (manifest === null) throw new Error(`no digest in ${source.digestDir}; run 'ask digest build' first`);
  const index = await loadSearchIndex(source.digestDir);
  const read = await readWrittenChecks(source);
  const own = source.queriesFile === undefined ? suggestionChecks(await readDigestJson(source.digestDir, DIGEST_FILES.suggestions, SuggestionsFileSchema)) : [];
  const written = [...own, ...(read?.written ?? [])];
  const named = sourceName(own.length, read?.source ?? null);
  if (named === null) return { index, checks: [], unresolved: [], source: null };
  if (source.contentDir === null && checksNeedPages(written, index, manifest.siteUrl)) throw new NoContentFolder('the checks name content files or headings of the pages');
  const pages = source.contentDir === null ? [] : await pagesForChecks(written, source.contentDir, manifest, index);
  return { index, ...resolveChecks(written, index, manifest.siteUrl, pages), source: named };
}

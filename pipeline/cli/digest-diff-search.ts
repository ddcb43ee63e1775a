/**
 * The Search part of `ask digest diff`, gathered: the base's checks (the base digest's own
 * suggested questions and the committed `ask.queries.jsonl` as the base commit has it) and the new
 * side's, each digest's tables, and each side's pages read with that side's own content and site
 * options (the base's from git), then measured by search-diff.ts.
 */
import path from 'node:path';
import { DigestFormatError } from '../format/manifest.ts';
import type { Manifest } from '../format/manifest.ts';
import { DIGEST_FILES } from '../format/paths.ts';
import { readDigestJson } from '../digest/read.ts';
import { decodeDigestJson, SuggestionsFileSchema } from '../format/digest-json.ts';
import type { ContentSite } from '../compile/check.ts';
import { COMMITTED_QUERIES, pagesForChecks, readWrittenChecks, suggestionChecks } from '../compile/search-checks.ts';
import { diffSearch, splitChecks, unionOfChecks, type SearchDiff, type SearchSide } from '../compile/search-diff.ts';
import { renderSearchDiff } from '../compile/search-diff-text.ts';
import { parseQueryChecks, type QueryCheck } from '../search/checks.ts';
import { loadSearchIndex } from '../search/load.ts';
import { openSearchTables, SearchIndexError, type SearchIndex } from '../search/open.ts';
import { counted } from '../text/counted.ts';
import { basePagesForChecks } from './base-pages.ts';
import { git } from './git-read.ts';

/** The top k the Search part measures: the spec's default result count. */
export const CHECK_K = 6;

export interface SearchPartInput {
  readonly top: string;
  readonly base: string;
  readonly contentDir: string;
  readonly outDir: string;
  readonly manifest: Manifest;
  /** The base digest's sections (none when it has no digest). */
  readonly baseSections: Readonly<Record<string, string>>;
  /** The base digest's site options, null when its manifest is of another schema (the new one's stand in). */
  readonly baseSite: ContentSite | null;
  readonly readBase: (relative: string) => Promise<string | null>;
}

export interface SearchPart {
  readonly lines: string[];
  /** The measure, null when there were no checks. */
  readonly diff: SearchDiff | null;
}

/** The base digest's search tables, or why they cannot be read. */
async function baseTables(readBase: SearchPartInput['readBase'], base: string): Promise<SearchIndex | { readonly unreadable: string }> {
  const [header, postings, sections, pages] = await Promise.all([DIGEST_FILES.searchIndex, DIGEST_FILES.searchPostings, DIGEST_FILES.searchSections, DIGEST_FILES.searchPages].map(readBase));
  if (header == null || postings == null || sections == null || pages == null) return { unreadable: `${base} has no search tables` };
  try {
    return openSearchTables({ header, postings, sections, pages }, base);
  } catch (error) {
    if (error instanceof SearchIndexError) return { unreadable: error.message.split(';')[0] ?? error.message };
    throw error;
  }
}

/** The base digest's own checks (none when its suggestions file is missing or of a format this ask cannot read). */
async function baseSuggestionChecks(readBase: SearchPartInput['readBase'], base: string): Promise<QueryCheck[]> {
  const text = await readBase(DIGEST_FILES.suggestions);
  if (text === null) return [];
  try {
    return suggestionChecks(decodeDigestJson(text, base, DIGEST_FILES.suggestions, SuggestionsFileSchema));
  } catch (error) {
    if (error instanceof DigestFormatError) return [];
    throw error;
  }
}

/**
 * The base digest as its checks run on it: its tables, and its own pages (its content at the base
 * commit, under its own site options); or why it cannot be measured. The note says when its
 * content could not be read.
 */
async function baseSide(input: SearchPartInput, shared: readonly QueryCheck[], folder: string): Promise<{ readonly side: SearchSide | { readonly unreadable: string }; readonly note: string | null }> {
  const index = await baseTables(input.readBase, input.base);
  if ('unreadable' in index) return { side: index, note: null };
  const site = input.baseSite ?? input.manifest;
  const read = await basePagesForChecks(shared, { top: input.top, rev: input.base, folder, site, index });
  const note = read.problem === null ? null : `The base's content could not be read (${read.problem}): its checks that name a file are not found on the base.`;
  return { side: { index, siteUrl: site.siteUrl, pages: read.pages }, note };
}

/** How the part names where the base's checks came from. */
function sourceOf(own: number, committed: string | null): string {
  const parts = [own === 0 ? null : `the base digest's ${counted(own, 'suggested question')}`, committed];
  return parts.filter((part) => part !== null).join(' and ');
}

/**
 * The Search part: the digest's own checks (each where both digests have its section: a section
 * added or removed is no ranking change) and the committed checks, the base's as the base had them
 * against the new side's.
 */
export async function searchPart(input: SearchPartInput): Promise<SearchPart> {
  const contentInRepo = path.relative(input.top, input.contentDir).split(path.sep).join('/');
  const committed = `${contentInRepo === '' ? '' : `${contentInRepo}/`}${COMMITTED_QUERIES}`;
  const now = await readWrittenChecks({ contentDir: input.contentDir, label: () => committed });
  const baseText = await git(input.top, ['show', `${input.base}:${committed}`]);
  const atBase = baseText === null ? [] : parseQueryChecks(baseText, `${input.base}:${committed}`);
  const inBoth = (check: QueryCheck): boolean => check.expect.every((id) => input.baseSections[id] !== undefined && input.manifest.sections[id] !== undefined);
  const baseOwn = unionOfChecks((await baseSuggestionChecks(input.readBase, input.base)).filter(inBoth));
  const headOwn = suggestionChecks(await readDigestJson(input.outDir, DIGEST_FILES.suggestions, SuggestionsFileSchema)).filter(inBoth);
  const checks = splitChecks([...baseOwn, ...atBase], [...headOwn, ...(now?.written ?? [])]);
  if (checks.shared.length === 0 && checks.added.length === 0) {
    return { lines: ['## Search', '', `No search checks: commit ${committed} (one {"query", "expect": [...]} a line; docs/search-quality.md) to see this change's effect on search.`], diff: null };
  }
  const headIndex = await loadSearchIndex(input.outDir);
  const head = { index: headIndex, siteUrl: input.manifest.siteUrl, pages: await pagesForChecks([...checks.shared, ...checks.added], input.contentDir, input.manifest, headIndex) };
  const base = await baseSide(input, checks.shared, contentInRepo);
  const diff = diffSearch(checks, base.side, head, CHECK_K);
  const source = sourceOf(baseOwn.length, atBase.length === 0 ? null : `${committed} at ${input.base}`);
  return { lines: [...renderSearchDiff(diff, source), ...(base.note === null ? [] : ['', base.note])], diff };
}

import { parseCommand } from './command-spec.ts';
import { DIGEST_DIFF } from './specs/index.ts';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { diffDigests } from '../digest/diff.ts';
import { DigestFormatError, manifestSections, parseManifest, type Manifest } from '../format/manifest.ts';
import { DIGEST_FILES } from '../format/paths.ts';
import { readDigestFile, readDigestJson, readManifest } from '../digest/read.ts';
import { decodeDigestJson, SuggestionsFileSchema } from '../format/digest-json.ts';
import { COMMITTED_QUERIES, pagesForChecks, readWrittenChecks, suggestionChecks } from '../compile/search-checks.ts';
import { diffSearch, renderSearchDiff, unionOfChecks, type SearchSide } from '../compile/search-diff.ts';
import { parseQueryChecks, QueriesFileError, type QueryCheck } from '../search/checks.ts';
import { loadSearchIndex } from '../search/load.ts';
import { openSearchTables, SearchIndexError } from '../search/open.ts';
import { CommandFailure, UsageError, type Command } from './io.ts';

const run = promisify(execFile);

async function git(cwd: string, args: readonly string[]): Promise<string | null> {
  try {
    const { stdout } = await run('git', [...args], { cwd, maxBuffer: 256 * 1024 * 1024 });
    return stdout;
  } catch {
    return null;
  }
}

/**
 * The base digest's manifest; one of an older schema (the digest built by an older ask, before
 * this change rebuilt it) is compared by its sections, which every schema records.
 */
function baseManifest(text: string, base: string): Pick<Manifest, 'sections'> {
  try {
    return parseManifest(text, base);
  } catch (error) {
    const sections = error instanceof DigestFormatError ? manifestSections(text) : null;
    if (sections === null) throw error;
    return { sections };
  }
}

/** `ask digest diff [--base REV]`: the digest's changes since REV (default HEAD), as Markdown for review. */
export const digestDiff: Command = async (argv, io) => {
  const { values, positionals } = parseCommand(DIGEST_DIFF, argv);
  if (positionals.length > 0) throw new UsageError(`ask digest diff: unexpected argument '${positionals[0]}'`);
  const outDir = path.resolve(io.cwd, values.out);
  const top = (await git(io.cwd, ['rev-parse', '--show-toplevel']))?.trim();
  if (!top) throw new CommandFailure('ask digest diff: not inside a git repository; run it in the repository that commits the digest');
  if ((await git(io.cwd, ['rev-parse', '--verify', '--quiet', `${values.base}^{commit}`])) === null) {
    throw new CommandFailure(`ask digest diff: '${values.base}' is not a commit; pass --base REV`);
  }
  const inRepo = path.relative(top, outDir).split(path.sep).join('/');
  const readBase = async (relative: string): Promise<string | null> => git(top, ['show', `${values.base}:${inRepo}/${relative}`]);
  const baseManifestText = await readBase(DIGEST_FILES.manifest);
  const failBelow = values['fail-below'] === undefined ? null : Number(values['fail-below']);
  if (failBelow !== null && !(Number.isFinite(failBelow) && failBelow >= 0)) throw new UsageError(`ask digest diff: --fail-below takes a number of at least 0, got '${values['fail-below']}'`);
  const headManifest = await readManifest(outDir);
  const base = baseManifestText === null ? null : baseManifest(baseManifestText, values.base);
  const markdown = await diffDigests(
    { label: values.base, manifest: base, read: readBase },
    { label: 'working tree', manifest: headManifest, read: (relative) => readDigestFile(outDir, relative) },
  );
  io.out(markdown.trimEnd());
  if (headManifest === null) return 0;
  const contentDir = path.resolve(io.cwd, values.content);
  let search: { readonly lines: string[]; readonly drop: number };
  try {
    search = await searchPart({ top, base: values.base, contentDir, outDir, manifest: headManifest, baseSections: base?.sections ?? {}, readBase });
  } catch (error) {
    if (error instanceof QueriesFileError) throw new CommandFailure(`ask digest diff: ${error.message}`);
    throw error;
  }
  io.out('');
  for (const line of search.lines) io.out(line);
  if (failBelow !== null && search.drop > failBelow + 1e-12) {
    io.err(`ask digest diff: MRR@${CHECK_K} of the search checks dropped by ${search.drop.toFixed(3)}, more than --fail-below ${failBelow}`);
    return 1;
  }
  return 0;
};

/** The top k the Search part measures: the spec's default result count. */
const CHECK_K = 6;

/** The base digest's search tables, or why they cannot be read. */
async function baseTables(readBase: (relative: string) => Promise<string | null>, base: string): Promise<SearchSide['index']> {
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
async function baseSuggestionChecks(readBase: (relative: string) => Promise<string | null>, base: string): Promise<QueryCheck[]> {
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
 * The Search part: the digest's own checks (the base's and the new one's, each where both digests
 * have its section) and the committed checks (as at the base and as now), on both digests.
 */
async function searchPart(input: {
  readonly top: string;
  readonly base: string;
  readonly contentDir: string;
  readonly outDir: string;
  readonly manifest: Manifest;
  /** The base digest's sections (none when it has no digest). */
  readonly baseSections: Readonly<Record<string, string>>;
  readonly readBase: (relative: string) => Promise<string | null>;
}): Promise<{ readonly lines: string[]; readonly drop: number }> {
  const contentInRepo = path.relative(input.top, input.contentDir).split(path.sep).join('/');
  const committed = `${contentInRepo === '' ? '' : `${contentInRepo}/`}${COMMITTED_QUERIES}`;
  const now = await readWrittenChecks({ contentDir: input.contentDir, label: () => committed });
  const baseText = await git(input.top, ['show', `${input.base}:${committed}`]);
  const before = baseText === null ? [] : parseQueryChecks(baseText, `${input.base}:${committed}`);
  // a suggested question counts where both digests have its section: a section added or removed is no ranking change
  const inBoth = (check: QueryCheck): boolean => check.expect.every((id) => input.baseSections[id] !== undefined && input.manifest.sections[id] !== undefined);
  const own = unionOfChecks(await baseSuggestionChecks(input.readBase, input.base), suggestionChecks(await readDigestJson(input.outDir, DIGEST_FILES.suggestions, SuggestionsFileSchema))).filter(inBoth);
  const files = unionOfChecks(before, now?.written ?? []);
  const written = unionOfChecks(own, files);
  if (written.length === 0) return { lines: ['## Search', '', `No search checks: commit ${committed} (one {"query", "expect": [...]} a line; docs/search-quality.md) to see this change's effect on search.`], drop: 0 };
  const pages = await pagesForChecks(written, input.contentDir, input.manifest);
  const diff = diffSearch(written, pages, { index: await baseTables(input.readBase, input.base), siteUrl: input.manifest.siteUrl }, { index: await loadSearchIndex(input.outDir), siteUrl: input.manifest.siteUrl }, CHECK_K);
  const source = [own.length === 0 ? null : `${own.length} suggested questions of either digest`, files.length === 0 ? null : committed].filter((part) => part !== null).join(' and ');
  return { lines: renderSearchDiff(diff, source), drop: diff.drop };
}

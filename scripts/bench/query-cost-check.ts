/**
 * The check beside scripts/bench/query-cost.ts: the scorer of a git revision, loaded from a copy
 * of its query-time files, and every query's answers compared with this tree's (results as shown,
 * and the best 20 sections with their scores).
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadSearchIndex, rankSections, searchKeyword, type SearchIndex } from '../../pipeline/search/index.ts';
import type { KeywordResult } from '../../pipeline/format/wire.ts';
import { ROOT } from './eval.ts';

export type Search = (index: SearchIndex, query: string) => KeywordResult[];
type Rank = (index: SearchIndex, query: string, options: { maxResults: number }) => { ranked: readonly { index: number; score: number }[] };
export interface Implementation {
  readonly label: string;
  readonly load: (dir: string) => Promise<SearchIndex>;
  readonly search: Search;
  readonly rank: Rank;
}

/** The files of pipeline/search a query runs through, which `--before` takes from a revision. */
const QUERY_TIME_FILES = ['load.ts', 'open.ts', 'line-table.ts', 'section-rows.ts', 'score.ts', 'snippet.ts', 'top-k.ts', 'query-terms.ts', 'vocabulary.ts', 'row-cache.ts', 'snippet-terms.ts'];

/** Files an older revision's search files import that have since moved to pipeline/format (issue 25). */
const MOVED_TO_FORMAT = new Map(
  [
    ['pipeline/search/index-format.ts', 'search-tables.ts'],
    ['pipeline/search/line-table.ts', 'line-table.ts'],
    ['pipeline/search/section-rows.ts', 'section-rows.ts'],
    ['pipeline/search/header-versions.ts', 'header-versions.ts'],
    ['pipeline/search/json-fields.ts', 'json-fields.ts'],
    ['pipeline/digest/paths.ts', 'paths.ts'],
    ['pipeline/digest/manifest.ts', 'manifest.ts'],
    ['pipeline/digest/stable-json.ts', 'stable-json.ts'],
    ['pipeline/digest/format.ts', 'digest-json.ts'],
  ].map(([from, to]) => [path.normalize(from ?? ''), path.join(ROOT, 'pipeline', 'format', to ?? '')]),
);

/**
 * The query-time files of pipeline/search at a git revision, in a temporary folder, loaded: their
 * imports of each other stay relative, their other imports point into this tree.
 */
export async function implementationAt(ref: string): Promise<Implementation> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ask-query-cost-before-'));
  const searchDir = path.join(ROOT, 'pipeline', 'search');
  const present: string[] = [];
  for (const file of QUERY_TIME_FILES) {
    let text: string;
    try {
      text = execFileSync('git', ['show', `${ref}:pipeline/search/${file}`], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    } catch {
      continue; // not there at that revision
    }
    present.push(file);
    await writeFile(path.join(dir, file), text);
  }
  for (const file of present) {
    const text = await readFile(path.join(dir, file), 'utf8');
    const rewritten = text.replace(/from '(\.\.?\/[^']+)'/g, (whole, relative: string) => {
      if (relative.startsWith('./') && present.includes(relative.slice(2))) return whole;
      const target = path.resolve(searchDir, relative);
      return `from '${pathToFileURL(MOVED_TO_FORMAT.get(path.relative(ROOT, target)) ?? target).href}'`;
    });
    await writeFile(path.join(dir, file), rewritten);
  }
  const load = (await import(pathToFileURL(path.join(dir, 'load.ts')).href)) as { loadSearchIndex: Implementation['load'] };
  const score = (await import(pathToFileURL(path.join(dir, 'score.ts')).href)) as { searchKeyword: Search; rankSections: Rank };
  // loaded: the copies are no longer needed
  await rm(dir, { recursive: true, force: true });
  return { label: `ask before (${ref})`, load: load.loadSearchIndex, search: score.searchKeyword, rank: score.rankSections };
}

/** What is compared per query: the results as shown, and the best 20 sections with their scores. */
export interface Answers {
  readonly results: Record<string, KeywordResult[]>;
  readonly ranked: Record<string, string>;
}

/** Every query's answers, this tree's or another implementation's. */
export async function answersOf(digestDir: string, queries: readonly string[], implementation: Implementation | null): Promise<Answers> {
  const index = implementation === null ? await loadSearchIndex(digestDir) : await implementation.load(digestDir);
  const search = implementation?.search ?? searchKeyword;
  const rank: Rank = implementation?.rank ?? rankSections;
  const answers: Answers = { results: {}, ranked: {} };
  for (const query of queries) {
    answers.results[query] = search(index, query);
    answers.ranked[query] = rank(index, query, { maxResults: 20 })
      .ranked.map(({ index: section, score }) => `${index.id(section)} ${score}`)
      .join('\n');
  }
  return answers;
}

export function differences(corpus: string, expected: Answers, actual: Answers): string[] {
  const lines: string[] = [];
  for (const [query, results] of Object.entries(expected.results)) {
    const mine = actual.results[query];
    if (mine === undefined) continue;
    if (JSON.stringify(mine) !== JSON.stringify(results)) {
      lines.push(`${corpus} "${query}": results ${results.map((result) => result.url).join(' ')} -> ${mine.map((result) => result.url).join(' ')}`);
    } else if (expected.ranked[query] !== undefined && actual.ranked[query] !== expected.ranked[query]) {
      lines.push(`${corpus} "${query}": ranked sections or scores differ`);
    }
  }
  return lines;
}


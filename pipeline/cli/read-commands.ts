import { parseConfigured } from './configured-command.ts';
import { GLOSSARY, OVERVIEW, SEARCH, SECTION, SECTIONS } from './specs/index.ts';
import path from 'node:path';
import { DIGEST_FILES } from '../format/paths.ts';
import { digestFileExists } from '../digest/read.ts';
import { loadSearchIndex } from '../search/load.ts';
import { searchKeyword } from '../search/score.ts';
import type { KeywordResult } from '../format/wire.ts';
import type { DigestNode, GlossaryEntry, SectionSummary } from '../types.ts';
import { askClient, answerJson } from './ask-target.ts';
import { UsageError, type CliIO, type Command } from './io.ts';

function print(io: CliIO, json: boolean, body: unknown, render: () => string[]): number {
  if (json) io.out(JSON.stringify(body, null, 2));
  else for (const line of render()) io.out(line);
  return 0;
}

const where = (title: string, heading: string | null | undefined): string => (heading ? `${title} › ${heading}` : title);

/**
 * A local folder with search tables but no digest (`ask index build` without one): the tables are
 * searched directly, with spec rule 7's fallback scoring. Null when this is not that case.
 */
async function tablesOnlySearch(values: { endpoint?: string | undefined; digest?: string | undefined }, cwd: string, query: string): Promise<{ results: KeywordResult[] } | null> {
  if (values.endpoint !== undefined) return null;
  const dir = path.resolve(cwd, values.digest ?? 'digest');
  if ((await digestFileExists(dir, DIGEST_FILES.manifest)) || !(await digestFileExists(dir, DIGEST_FILES.searchIndex))) return null;
  return { results: searchKeyword(await loadSearchIndex(dir), query) };
}

/** Keyword search through the handler: remote (`--endpoint`) or over a local digest. */
async function handlerSearch(values: { endpoint?: string | undefined; digest?: string | undefined }, cwd: string, query: string): Promise<{ results: KeywordResult[] }> {
  const client = askClient('search', values, cwd);
  const response = await client.request('', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query, mode: 'keyword' }) });
  return (await answerJson(response, 'search failed')) as { results: KeywordResult[] };
}

/** `ask search QUERY`: keyword search, the same scorer remote or local. */
export const searchCommand: Command = async (argv, io) => {
  const { values, positionals } = await parseConfigured(SEARCH, argv, io.cwd);
  const query = positionals.join(' ');
  if (query.trim() === '') throw new UsageError("ask search: give a query, e.g. ask search 'session token'");
  const body = (await tablesOnlySearch(values, io.cwd, query)) ?? (await handlerSearch(values, io.cwd, query));
  return print(io, values.json, body, () =>
    body.results.length === 0
      ? ['no results']
      : body.results.flatMap((result, at) => [`${at + 1}. ${where(result.title, result.heading)}`, `   ${result.url}`, `   ${result.snippet}`]),
  );
};

/** `ask glossary [TERM]`: every entry, or the one entry a term or alias names. */
export const glossaryCommand: Command = async (argv, io) => {
  const { values, positionals } = await parseConfigured(GLOSSARY, argv, io.cwd);
  const client = askClient('glossary', values, io.cwd);
  const term = positionals.join(' ');
  const line = (entry: GlossaryEntry): string => `${entry.term}${entry.aliases.length ? ` (${entry.aliases.join(', ')})` : ''}: ${entry.definition}`;
  if (term !== '') {
    const entry = (await answerJson(await client.request(`/glossary/${encodeURIComponent(term)}`), `glossary '${term}'`)) as GlossaryEntry;
    return print(io, values.json, entry, () => [line(entry)]);
  }
  const body = (await answerJson(await client.request('/glossary'), 'glossary')) as { terms: GlossaryEntry[] };
  return print(io, values.json, body, () => body.terms.map(line));
};

/** `ask sections [--group G]`: section ids with their titles. */
export const sectionsCommand: Command = async (argv, io) => {
  const { values, positionals } = await parseConfigured(SECTIONS, argv, io.cwd);
  if (positionals.length > 0) throw new UsageError(`ask sections: unexpected argument '${positionals[0]}'`);
  const client = askClient('sections', values, io.cwd);
  const query = values.group === undefined ? '' : `?group=${encodeURIComponent(values.group)}`;
  const body = (await answerJson(await client.request(`/sections${query}`), 'sections')) as { sections: SectionSummary[] };
  return print(io, values.json, body, () => body.sections.map((section) => `${section.id}\t${where(section.title, section.heading)}`));
};

/** `ask section ID`: one section node, summary, facts and terms. */
export const sectionCommand: Command = async (argv, io) => {
  const { values, positionals } = await parseConfigured(SECTION, argv, io.cwd);
  const id = positionals[0];
  if (id === undefined || positionals.length > 1) throw new UsageError('ask section: give one section id, e.g. ask section guide/install#download');
  const client = askClient('section', values, io.cwd);
  const node = (await answerJson(await client.request(`/sections/${encodeURIComponent(id)}`), `section '${id}'`)) as DigestNode;
  return print(io, values.json, node, () => [
    where(node.title, node.heading),
    node.url,
    '',
    node.summary,
    ...(node.facts.length > 0 ? ['', 'facts:', ...node.facts.map((fact) => `  ${fact.kind}: ${fact.literal}`)] : []),
    ...(node.terms.length > 0 ? ['', `terms: ${node.terms.join(', ')}`] : []),
  ]);
};

/** `ask overview`: the grouped table of contents and the orientation text. */
export const overviewCommand: Command = async (argv, io) => {
  const { values, positionals } = await parseConfigured(OVERVIEW, argv, io.cwd);
  if (positionals.length > 0) throw new UsageError(`ask overview: unexpected argument '${positionals[0]}'`);
  const client = askClient('overview', values, io.cwd);
  const body = (await answerJson(await client.request('/overview'), 'overview')) as { overview: string; context: string };
  return print(io, values.json, body, () => [body.overview.trimEnd(), '', body.context.trimEnd()]);
};

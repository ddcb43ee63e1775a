import type { DigestNode, GlossaryEntry, SectionSummary } from '../types.ts';
import type { AskData } from './digest-data.ts';
import { ERRORS, jsonResponse, RequestError } from './errors.ts';
import { sectionMarkdownResponse } from './markdown-routes.ts';

/** Glossary entry by term or alias, case-insensitive (`undefined` when none matches). */
function findGlossaryEntry(glossary: readonly GlossaryEntry[], wanted: string): GlossaryEntry | undefined {
  const key = wanted.trim().toLowerCase();
  return glossary.find((entry) => entry.term.toLowerCase() === key || entry.aliases.some((alias) => alias.toLowerCase() === key));
}

function summary(node: DigestNode): SectionSummary {
  return { id: node.id, title: node.title, heading: node.heading, group: node.group, url: node.url };
}

/** `GET {ask_base}/glossary` */
export function glossaryList(data: AskData): Response {
  return jsonResponse({ terms: data.glossary });
}

/** `GET {ask_base}/glossary/{term}` */
export function glossaryEntry(data: AskData, term: string): Response {
  const entry = findGlossaryEntry(data.glossary, term);
  if (!entry) throw new RequestError(404, ERRORS.notFound);
  return jsonResponse(entry);
}

/** `GET {ask_base}/sections[?group=G]`: in corpus order; `group` matches exactly. */
export async function sectionList(data: AskData, group: string | undefined): Promise<Response> {
  const all = await data.sectionNodes();
  const nodes = group === undefined ? all : all.filter((node) => node.group === group);
  return jsonResponse({ sections: nodes.map(summary) });
}

/** How a section is given: the node as JSON (the default) or its Markdown. */
export type SectionFormat = 'json' | 'markdown';

/** The `format` query parameter of a section: absent or `json`, or `markdown`; anything else 400. */
export function parseSectionFormat(raw: string | undefined): SectionFormat {
  if (raw === undefined || raw === 'json') return 'json';
  if (raw === 'markdown') return 'markdown';
  throw new RequestError(400, ERRORS.badFormat);
}

/**
 * `GET {ask_base}/sections/{id}[?format=json|markdown]`: the id is only ever a key into the loaded
 * nodes, never a path, so `../../package.json` is simply an unknown id (404).
 */
export async function sectionNode(data: AskData, id: string, format: SectionFormat = 'json'): Promise<Response> {
  await data.readNodes?.([id]);
  const node = data.node(id);
  if (!node) throw new RequestError(404, ERRORS.notFound);
  return format === 'markdown' ? sectionMarkdownResponse(node) : jsonResponse(node);
}

/** `GET {ask_base}/overview` */
export async function overview(data: AskData): Promise<Response> {
  return jsonResponse(await data.overview());
}

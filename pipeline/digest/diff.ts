import type { DigestNode, GlossaryEntry } from '../types.ts';
import type { Manifest } from '../format/manifest.ts';
import type { z } from 'zod';
import { decodeDigestJson, DigestNodeSchema, GlossaryFileSchema, SuggestionsFileSchema } from '../format/digest-json.ts';
import { DIGEST_FILES, sectionFilePath } from '../format/paths.ts';
import { compareCodeUnits } from '../text/compare.ts';
import { counted } from '../text/counted.ts';

/** One side of a comparison: a digest's manifest and a way to read its files. */
export interface DigestSide {
  readonly label: string;
  /** What the comparison reads of the manifest: each section's hash (any schema's). */
  readonly manifest: Pick<Manifest, 'sections'> | null;
  readonly read: (relative: string) => Promise<string | null>;
}

async function node(side: DigestSide, id: string): Promise<DigestNode | null> {
  const relative = sectionFilePath(id);
  const text = side.manifest?.sections[id] === undefined ? null : await side.read(relative);
  return text === null ? null : decodeDigestJson(text, side.label, relative, DigestNodeSchema);
}

async function json<S extends z.ZodType>(side: DigestSide, relative: string, schema: S): Promise<z.output<S> | null> {
  const text = await side.read(relative);
  return text === null ? null : decodeDigestJson(text, side.label, relative, schema);
}

const code = (text: string): string => `\`${text.replace(/`/g, 'ˋ')}\``;

function listDelta(label: string, before: readonly string[], after: readonly string[], show: (item: string) => string = code): string[] {
  const added = after.filter((item) => !before.includes(item));
  const removed = before.filter((item) => !after.includes(item));
  const lines: string[] = [];
  if (added.length > 0) lines.push(`- ${label} added: ${added.map(show).join(', ')}`);
  if (removed.length > 0) lines.push(`- ${label} removed: ${removed.map(show).join(', ')}`);
  return lines;
}

/** A fact as `kind \`literal\``, its identity in a comparison. */
const factLabel = (fact: DigestNode['facts'][number]): string => `${fact.kind} ${code(fact.literal)}`;

function describeNode(current: DigestNode): string[] {
  return [
    `- summary: ${current.summary || '(none)'}`,
    `- mode: ${current.mode}`,
    ...(current.facts.length > 0 ? [`- facts: ${current.facts.map(factLabel).join(', ')}`] : []),
    ...(current.terms.length > 0 ? [`- terms: ${current.terms.join(', ')}`] : []),
  ];
}

function describeChange(before: DigestNode, after: DigestNode): string[] {
  const lines: string[] = [];
  if (before.summary !== after.summary) lines.push(`- summary before: ${before.summary || '(none)'}`, `- summary after: ${after.summary || '(none)'}`);
  if (before.mode !== after.mode) lines.push(`- mode: ${before.mode} → ${after.mode}`);
  lines.push(...listDelta('facts', before.facts.map(factLabel), after.facts.map(factLabel), (label) => label));
  lines.push(...listDelta('terms', before.terms, after.terms));
  if (before.title !== after.title || before.heading !== after.heading || before.url !== after.url) {
    lines.push(`- location: ${before.url} → ${after.url}`);
  }
  return lines.length > 0 ? lines : ['- source changed; the distilled node is the same'];
}

function glossaryLines(before: readonly GlossaryEntry[], after: readonly GlossaryEntry[]): string[] {
  const old = new Map(before.map((entry) => [entry.term, entry]));
  const now = new Map(after.map((entry) => [entry.term, entry]));
  const lines: string[] = [];
  for (const [term, entry] of now) {
    const previous = old.get(term);
    if (!previous) lines.push(`- added **${term}**${entry.aliases.length ? ` (${entry.aliases.join(', ')})` : ''}: ${entry.definition}`);
    else if (JSON.stringify(previous) !== JSON.stringify(entry)) {
      lines.push(`- changed **${term}**: ${previous.definition} → ${entry.definition}`);
    }
  }
  for (const term of old.keys()) if (!now.has(term)) lines.push(`- removed **${term}**`);
  return lines;
}

/**
 * What changed between two digests, as Markdown for a pull request: sections added, removed and
 * changed with their summaries, facts and terms before and after; glossary entries;
 * suggestions; the context text.
 */
export async function diffDigests(base: DigestSide, head: DigestSide): Promise<string> {
  const baseIds = Object.keys(base.manifest?.sections ?? {});
  const headIds = Object.keys(head.manifest?.sections ?? {});
  const added = headIds.filter((id) => !base.manifest?.sections[id]).sort(compareCodeUnits);
  const removed = baseIds.filter((id) => !head.manifest?.sections[id]).sort(compareCodeUnits);
  const changed: string[] = [];
  for (const id of headIds.filter((candidate) => base.manifest?.sections[candidate]).sort(compareCodeUnits)) {
    const [before, after] = [await node(base, id), await node(head, id)];
    if (JSON.stringify(before) !== JSON.stringify(after) || base.manifest?.sections[id] !== head.manifest?.sections[id]) changed.push(id);
  }
  const lines = [`# Digest changes: ${base.label} → ${head.label}`, ''];
  lines.push(`${counted(changed.length, 'section')} changed, ${added.length} added, ${removed.length} removed.`, '');
  for (const id of changed) {
    const [before, after] = [await node(base, id), await node(head, id)];
    lines.push(`## Changed ${code(id)}`, '', ...(before && after ? describeChange(before, after) : []), '');
  }
  for (const id of added) {
    const after = await node(head, id);
    lines.push(`## Added ${code(id)}`, '', ...(after ? describeNode(after) : []), '');
  }
  for (const id of removed) {
    const before = await node(base, id);
    lines.push(`## Removed ${code(id)}`, '', ...(before ? [`- summary was: ${before.summary}`] : []), '');
  }
  const glossary = glossaryLines(
    (await json(base, DIGEST_FILES.glossary, GlossaryFileSchema))?.terms ?? [],
    (await json(head, DIGEST_FILES.glossary, GlossaryFileSchema))?.terms ?? [],
  );
  if (glossary.length > 0) lines.push('## Glossary', '', ...glossary, '');
  const suggestions = listDelta(
    'suggestions',
    (await json(base, DIGEST_FILES.suggestions, SuggestionsFileSchema))?.suggestions ?? [],
    (await json(head, DIGEST_FILES.suggestions, SuggestionsFileSchema))?.suggestions ?? [],
  );
  if (suggestions.length > 0) lines.push('## Suggestions', '', ...suggestions, '');
  if ((await base.read('context.md')) !== (await head.read('context.md'))) lines.push('## Context', '', '- the orientation text changed', '');
  return `${lines.join('\n').trimEnd()}\n`;
}

import type { DigestNode, GlossaryEntry } from '../types.ts';
import type { z } from 'zod';
import { decodeDigestJson, DigestNodeSchema, GlossaryFileSchema, SuggestionsFileSchema } from '../format/digest-json.ts';
import { DIGEST_FILES, sectionFilePath } from '../format/paths.ts';
import { compareCodeUnits } from '../text/compare.ts';
import { counted } from '../text/counted.ts';
import { inlineCode as code } from '../text/inert-markdown.ts';
import type { DigestSide } from './diff-side.ts';
import { filesPart, type ChangedFile } from './file-changes.ts';
import { changedFields, handEditsPart, sameSectionMaker } from './hand-edits.ts';

async function node(side: DigestSide, id: string): Promise<DigestNode | null> {
  const relative = sectionFilePath(id);
  const text = side.manifest?.sections[id] === undefined ? null : await side.read(relative);
  return text === null ? null : decodeDigestJson(text, side.label, relative, DigestNodeSchema);
}

async function json<S extends z.ZodType>(side: DigestSide, relative: string, schema: S): Promise<z.output<S> | null> {
  const text = await side.read(relative);
  return text === null ? null : decodeDigestJson(text, side.label, relative, schema);
}

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
    `- summary: ${code(current.summary)}`,
    `- mode: ${current.mode}`,
    ...(current.facts.length > 0 ? [`- facts: ${current.facts.map(factLabel).join(', ')}`] : []),
    ...(current.terms.length > 0 ? [`- terms: ${current.terms.map(code).join(', ')}`] : []),
  ];
}

function describeChange(before: DigestNode, after: DigestNode): string[] {
  const lines: string[] = [];
  if (before.summary !== after.summary) lines.push(`- summary before: ${code(before.summary)}`, `- summary after: ${code(after.summary)}`);
  if (before.mode !== after.mode) lines.push(`- mode: ${code(before.mode)} → ${code(after.mode)}`);
  lines.push(...listDelta('facts', before.facts.map(factLabel), after.facts.map(factLabel), (label) => label));
  lines.push(...listDelta('terms', before.terms, after.terms));
  if (before.title !== after.title || before.heading !== after.heading || before.url !== after.url) {
    lines.push(`- location: ${code(before.url)} → ${code(after.url)}`);
  }
  if (lines.length > 0) return lines;
  const fields = changedFields(before, after);
  return fields.length > 0 ? [`- changed: ${fields.join(', ')}`] : ['- source changed; the distilled node is the same'];
}

function glossaryLines(before: readonly GlossaryEntry[], after: readonly GlossaryEntry[]): string[] {
  const old = new Map(before.map((entry) => [entry.term, entry]));
  const now = new Map(after.map((entry) => [entry.term, entry]));
  const lines: string[] = [];
  for (const [term, entry] of now) {
    const previous = old.get(term);
    if (!previous) lines.push(`- added ${code(term)}${entry.aliases.length ? ` (${entry.aliases.map(code).join(', ')})` : ''}: ${code(entry.definition)}`);
    else if (JSON.stringify(previous) !== JSON.stringify(entry)) {
      lines.push(`- changed ${code(term)}: ${code(previous.definition)} → ${code(entry.definition)}`);
    }
  }
  for (const term of old.keys()) if (!now.has(term)) lines.push(`- removed ${code(term)}`);
  return lines;
}

/**
 * A comparison of two digests, in parts: the title; the "Edited by hand" part (none when nothing
 * was: hand-edits.ts), which the diff and its comment put first; and the changes (the counts,
 * then a `## ` block each).
 */
export interface DigestDiff {
  readonly title: string;
  readonly handEdited: string;
  readonly changes: string;
}

/** The diff as one Markdown text: the title, the part edited by hand, the changes. */
export function diffMarkdown(diff: DigestDiff): string {
  return `${[diff.title, diff.handEdited, diff.changes].filter((part) => part !== '').join('\n\n')}\n`;
}

/**
 * What changed between two digests, as Markdown for a pull request: what was edited by hand;
 * sections added, removed and changed with their summaries, facts and terms before and after;
 * glossary entries; suggestions; the context text; every file of the tree that changed (`files`:
 * file-changes.ts). Text quoted from the digests is code, so no link in it is live and no one is
 * mentioned (inert-markdown.ts).
 */
export async function diffDigests(base: DigestSide, head: DigestSide, files: readonly ChangedFile[]): Promise<DigestDiff> {
  const baseIds = Object.keys(base.manifest?.sections ?? {});
  const headIds = Object.keys(head.manifest?.sections ?? {});
  const added = headIds.filter((id) => !base.manifest?.sections[id]).sort(compareCodeUnits);
  const removed = baseIds.filter((id) => !head.manifest?.sections[id]).sort(compareCodeUnits);
  const changed: { readonly id: string; readonly before: DigestNode | null; readonly after: DigestNode | null; readonly byHand: readonly string[] | null }[] = [];
  const sameMaker = sameSectionMaker(base.made, head.made);
  for (const id of headIds.filter((candidate) => base.manifest?.sections[candidate]).sort(compareCodeUnits)) {
    const [before, after] = [await node(base, id), await node(head, id)];
    const sameHash = base.manifest?.sections[id] === head.manifest?.sections[id];
    if (JSON.stringify(before) === JSON.stringify(after) && sameHash) continue;
    const byHand = sameHash && sameMaker && before !== null && after !== null ? changedFields(before, after) : null;
    changed.push({ id, before, after, byHand });
  }
  const glossary = {
    before: (await json(base, DIGEST_FILES.glossary, GlossaryFileSchema))?.terms ?? [],
    after: (await json(head, DIGEST_FILES.glossary, GlossaryFileSchema))?.terms ?? [],
  };
  const handEdited = await handEditsPart({ base, head, files, glossary, nodes: changed.flatMap(({ id, byHand }) => (byHand === null ? [] : [{ id, fields: byHand }])) });
  const lines = [`${counted(changed.length, 'section')} changed, ${added.length} added, ${removed.length} removed.`, ''];
  for (const { id, before, after, byHand } of changed) {
    lines.push(`## Changed ${code(id)}${byHand === null ? '' : ' (edited by hand)'}`, '', ...(before && after ? describeChange(before, after) : []), '');
  }
  for (const id of added) {
    const after = await node(head, id);
    lines.push(`## Added ${code(id)}`, '', ...(after ? describeNode(after) : []), '');
  }
  for (const id of removed) {
    const before = await node(base, id);
    lines.push(`## Removed ${code(id)}`, '', ...(before ? [`- summary was: ${code(before.summary)}`] : []), '');
  }
  const glossaryChanges = glossaryLines(glossary.before, glossary.after);
  if (glossaryChanges.length > 0) lines.push('## Glossary', '', ...glossaryChanges, '');
  const suggestions = listDelta(
    'suggestions',
    (await json(base, DIGEST_FILES.suggestions, SuggestionsFileSchema))?.suggestions ?? [],
    (await json(head, DIGEST_FILES.suggestions, SuggestionsFileSchema))?.suggestions ?? [],
  );
  if (suggestions.length > 0) lines.push('## Suggestions', '', ...suggestions, '');
  if ((await base.read(DIGEST_FILES.context)) !== (await head.read(DIGEST_FILES.context))) lines.push('## Context', '', '- the orientation text changed', '');
  const fileLines = await filesPart(base, head, files);
  if (fileLines.length > 0) lines.push(...fileLines, '');
  return { title: `# Digest changes: ${base.label} → ${head.label}`, handEdited: handEdited.join('\n'), changes: lines.join('\n').trimEnd() };
}

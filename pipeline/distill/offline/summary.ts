/**
 * The summary of a section: 1-3 plain-text sentences, at most `MAX_SUMMARY`
 * characters.
 *
 * 1. Prose first: the first sentence of each paragraph (top level, or inside
 *    a blockquote or an MDX component; never lists, tables or code), then the
 *    second sentences, and so on, taken while they fit, printed in document
 *    order. A first sentence longer than the limit is cut at a word boundary.
 *    Short lead-ins (at most 6 words, ending with a colon: "Common groups
 *    are:") are skipped unless there is nothing else; a trailing colon
 *    becomes a period.
 * 2. No paragraphs but a prose list: the first sentences of its items.
 * 3. No prose: what the section contains, from its structure ("Reference
 *    table of 6 fields: ...", "List of 7 options: ...", "Example in bash: ...").
 *    Prose shorter than `SHORT_PROSE` ("Set these variables:") is followed by
 *    that description too, cut at a sentence boundary.
 * 4. Nothing at all: the page description for an intro chunk, else the
 *    names of its sub-headings, else a line naming the section.
 */
import type { Page, Section } from '../../types.ts';
import type { Code, List, Nodes, RootContent, Table } from 'mdast';
import { firstCommand, languageName } from './code-blocks.ts';
import { isCodeLedItem } from './mode.ts';
import { walkAll } from './parse.ts';
import { clipSentences, clipWords, endSentence, plainText, plural, proseOf, sentences, squash } from './text.ts';

export const MAX_SUMMARY = 320;
const MAX_SENTENCES = 3;
/** Prose shorter than this ("Set these variables:") is followed by the structure description. */
const SHORT_PROSE = 100;
/** A sentence of at most this many words ending with a colon is a lead-in. */
const LEAD_IN_WORDS = 6;

/** Prose paragraphs of the body: outside lists, tables and code. */
function paragraphs(body: readonly RootContent[]): string[] {
  const found: string[] = [];
  walkAll(body, (node) => {
    if (node.type === 'list' || node.type === 'table' || node.type === 'code' || node.type === 'heading') return false;
    if (node.type === 'paragraph') {
      const text = proseOf(node);
      if (/[A-Za-z]{2}/.test(text)) found.push(text);
      return false;
    }
    return true;
  });
  return found;
}

/** A short sentence ending with a colon ("Common groups are:"): it says nothing without what follows. */
function isLeadIn(sentence: string): boolean {
  return sentence.endsWith(':') && sentence.split(' ').length <= LEAD_IN_WORDS;
}

/** Picks first sentences of paragraphs, then second sentences, ..., while they fit; document order. */
export function summarizeProse(texts: readonly string[]): string {
  const raw = texts.map((text) => sentences(text));
  const hasBody = raw.some((list) => list.some((sentence) => !isLeadIn(sentence)));
  const split = raw
    .map((list) =>
      list
        .filter((sentence) => !hasBody || !isLeadIn(sentence))
        .map(endSentence)
        .filter((sentence) => sentence.length > 0),
    )
    .filter((list) => list.length > 0);
  const first = split[0]?.[0];
  if (first === undefined) return '';
  if (first.length >= MAX_SUMMARY) return clipWords(first, MAX_SUMMARY);
  const picked: { para: number; index: number; text: string }[] = [];
  let length = 0;
  const deepest = Math.max(...split.map((list) => list.length));
  outer: for (let index = 0; index < deepest; index += 1) {
    for (let para = 0; para < split.length; para += 1) {
      const text = split[para]?.[index];
      if (text === undefined) continue;
      const added = length === 0 ? text.length : length + 1 + text.length;
      if (added > MAX_SUMMARY || picked.length >= MAX_SENTENCES) break outer;
      picked.push({ para, index, text });
      length = added;
    }
  }
  picked.sort((a, b) => a.para - b.para || a.index - b.index);
  return picked.map((p) => p.text).join(' ');
}

/** The first-column names of a table's rows. */
function rowNames(table: Table): string[] {
  return table.children.slice(1).map((row) => squash(row.children[0] ? plainText(row.children[0]) : ''));
}

/** "a, b, c and 3 more" over at most `shown` names. */
function enumerate(names: readonly string[], shown: number): string {
  const visible = names.filter((name) => name.length > 0).slice(0, shown);
  const rest = names.length - visible.length;
  if (rest > 0) return `${visible.join(', ')} and ${rest} more`;
  if (visible.length <= 1) return visible.join('');
  return `${visible.slice(0, -1).join(', ')} and ${visible[visible.length - 1] ?? ''}`;
}

function describeTable(table: Table): string {
  const headers = (table.children[0]?.children ?? []).map((cell) => squash(plainText(cell)));
  const rows = table.children.length - 1;
  const first = (headers[0] ?? '').toLowerCase();
  const noun = /^[a-z]+(?: [a-z]+)?$/.test(first) ? (rows === 1 ? first : plural(first)) : rows === 1 ? 'row' : 'rows';
  const names = enumerate(rowNames(table), 6);
  const columns = headers.filter((h) => h.length > 0);
  const lead = names ? `Reference table of ${rows} ${noun}: ${names}.` : `Reference table of ${rows} ${noun}.`;
  return columns.length > 1 ? `${lead} Columns: ${enumerate(columns, 6)}.` : lead;
}

function describeCode(blocks: readonly Code[]): string {
  const languages = [...new Set(blocks.map((code) => languageName(code)).filter((l): l is string => l !== null))];
  const command = blocks.map((code) => firstCommand(code)).find((c): c is string => c !== null);
  const kind = blocks.length === 1 ? 'Example' : 'Examples';
  const lead = languages.length > 0 ? `${kind} in ${enumerate(languages, 4)}` : blocks.length === 1 ? 'Code example' : 'Code examples';
  return command ? `${lead}: ${clipWords(command, 160)}.` : `${lead}.`;
}

function describeOptionList(items: readonly Nodes[]): string {
  const names = items.map((item) => squash(plainText(item)).split(/[\s:—–]/)[0] ?? '');
  const noun = names.every((name) => name.startsWith('-')) ? 'options' : 'entries';
  return `List of ${items.length} ${noun}: ${enumerate(names, 6)}.`;
}

/** Summary from the body's structure when it has no prose. */
function describeStructure(body: readonly RootContent[]): string {
  const tables: Table[] = [];
  const blocks: Code[] = [];
  const lists: List[] = [];
  walkAll(body, (node) => {
    if (node.type === 'table') tables.push(node);
    else if (node.type === 'code') blocks.push(node);
    else if (node.type === 'list') lists.push(node);
    else return true;
    return false;
  });
  const parts: string[] = [];
  const [table, ...moreTables] = tables;
  if (table) parts.push(describeTable(table) + (moreTables.length > 0 ? ` Plus ${moreTables.length} more table${moreTables.length > 1 ? 's' : ''}.` : ''));
  const items = lists.flatMap((list) => list.children);
  const optionItems = items.filter(isCodeLedItem);
  if (optionItems.length > 0 && optionItems.length * 2 >= items.length) parts.push(describeOptionList(optionItems));
  else if (items.length > 0) {
    parts.push(summarizeProse(items.map((item) => proseOf(item)).filter((text) => /[A-Za-z]{2}/.test(text))));
  }
  if (blocks.length > 0) parts.push(describeCode(blocks));
  const text = parts.filter((part) => part.length > 0).join(' ');
  return clipSentences(text, MAX_SUMMARY);
}

/** Summary of a section with no body content. */
function describeEmpty(section: Section, page: Page, subheadings: readonly string[]): string {
  if (section.anchor === null && page.description) return clipWords(squash(page.description), MAX_SUMMARY);
  if (subheadings.length > 0) return clipWords(`Covers ${enumerate(subheadings, 6)}.`, MAX_SUMMARY);
  const name = section.heading ?? section.title;
  return clipWords(section.heading ? `${name}, in ${section.title}.` : `${name}.`, MAX_SUMMARY);
}

/** The summary of a section from its body nodes. */
export function summarize(body: readonly RootContent[], section: Section, page: Page): string {
  const texts = paragraphs(body);
  const prose = summarizeProse(texts.filter((text) => !isLeadIn(text)));
  const structure = prose.length >= SHORT_PROSE ? '' : describeStructure(body);
  if (prose && structure) return clipSentences(`${prose} ${structure}`, MAX_SUMMARY);
  if (prose) return prose;
  if (structure) return structure;
  const leadIns = summarizeProse(texts);
  if (leadIns) return leadIns;
  const subheadings = body.filter((node) => node.type === 'heading').map((node) => squash(plainText(node)));
  return describeEmpty(section, page, subheadings);
}

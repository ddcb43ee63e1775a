/**
 * The structural description of a section: what it holds, said in whole sentences, for a
 * section with no prose that makes a summary ("This section has a reference table of 6
 * fields: name, type and 4 more.", "This page lists 7 options: --port, --host and 5 more.",
 * "This section shows an example in bash: ask digest build --force."), and for one with no
 * body at all (the page description, else what its sub-headings cover, else a line that says
 * so). Every sentence made here is held to the sentence check; one that fails is left out.
 */
import type { Code, List, Nodes, RootContent, Table } from 'mdast';
import type { Page, Section } from '../../types.ts';
import { sentenceProblems } from '../../text/sentence-check.ts';
import { firstCommand, languageName } from './code-blocks.ts';
import { isCodeLedItem } from './mode.ts';
import { walkAll } from './parse.ts';
import { enumerate, itemLabel, rowNames, shortNames } from './structure-names.ts';
import { clipSentences, plainText, plural, singular, squash } from './text.ts';

/** How many names a description shows before "and N more". */
const SHOWN = 6;
/** A command longer than this is not quoted in a description. */
const COMMAND_CHARS = 160;

/** "This page" for an intro chunk, "This section" for a heading section. */
function subjectOf(section: Section): string {
  return section.anchor === null ? 'This page' : 'This section';
}

/** Keeps the sentences that pass the sentence check, joined; empty when none does. */
function checked(parts: readonly string[]): string {
  return parts.filter((part) => part.length > 0 && sentenceProblems(part).length === 0).join(' ');
}

function describeTable(table: Table, subject: string, more: number): string {
  const headers = (table.children[0]?.children ?? []).map((cell) => squash(plainText(cell)).replace(/[.:?!]+$/, ''));
  const rows = table.children.length - 1;
  const first = (headers[0] ?? '').toLowerCase();
  const noun = /^[a-z]+(?: [a-z]+)?$/.test(first) ? (rows === 1 ? singular(first) : plural(singular(first))) : rows === 1 ? 'row' : 'rows';
  const names = enumerate(rowNames(table), SHOWN);
  const lead = names ? `${subject} has a reference table of ${rows} ${noun}: ${names}.` : `${subject} has a reference table of ${rows} ${noun}.`;
  const columns = headers.filter((h) => h.length > 0);
  const columnsLine = columns.length > 1 ? `The columns are ${enumerate(columns, SHOWN)}.` : '';
  const moreLine = more > 0 ? `There ${more > 1 ? `are ${more} more tables` : 'is 1 more table'}.` : '';
  return checked([checked([lead]) || `${subject} has a reference table of ${rows} ${rows === 1 ? 'row' : 'rows'}.`, columnsLine, moreLine]);
}

function describeCode(blocks: readonly Code[], subject: string): string {
  const languages = [...new Set(blocks.map((code) => languageName(code)).filter((l): l is string => l !== null))];
  const command = blocks.map((code) => firstCommand(code)).find((c): c is string => c !== null);
  const kind = blocks.length === 1 ? 'an example' : `${blocks.length} examples`;
  const lead = languages.length > 0 ? `${subject} shows ${kind} in ${enumerate(languages, 4)}` : `${subject} shows ${blocks.length === 1 ? 'a code example' : `${blocks.length} code examples`}`;
  const withCommand = command && command.length <= COMMAND_CHARS ? checked([`${lead}: ${command}.`]) : '';
  return withCommand || `${lead}.`;
}

/** A list of options, fields or other names: their labels ("options" when they are flags, "entries" when code-led). */
function describeList(items: readonly Nodes[], lists: readonly List[], subject: string, codeLed: boolean): string {
  const labels = items.map((item) => (item.type === 'listItem' ? itemLabel(item) : ''));
  const kind = codeLed ? (labels.every((label) => label.startsWith('-')) ? 'option' : 'entry') : lists.some((list) => list.ordered === true) ? 'step' : 'item';
  const noun = items.length === 1 ? kind : plural(kind);
  const names = codeLed ? labels : lists.length === 1 && lists[0] ? shortNames(lists[0], SHOWN) : null;
  const named = names && names.length > 0 ? checked([`${subject} lists ${items.length} ${noun}: ${enumerate(names, SHOWN)}.`]) : '';
  return named || `${subject} has a list of ${items.length} ${noun}.`;
}

/**
 * What the body holds (tables, lists, code), in sentences; empty when it holds none.
 * `proseOfItems` summarises a prose list; the blocks in `named` are left out (a completed lead-in names them).
 */
export function describeStructure(
  body: readonly RootContent[],
  section: Section,
  proseOfItems: (items: readonly Nodes[]) => string,
  named: ReadonlySet<Nodes>,
): string {
  const subject = subjectOf(section);
  const tables: Table[] = [];
  const blocks: Code[] = [];
  const lists: List[] = [];
  walkAll(body, (node) => {
    if (named.has(node)) return false;
    if (node.type === 'table') tables.push(node);
    else if (node.type === 'code') blocks.push(node);
    else if (node.type === 'list') lists.push(node);
    else return true;
    return false;
  });
  const parts: string[] = [];
  const [table, ...moreTables] = tables;
  if (table) parts.push(describeTable(table, subject, moreTables.length));
  const items = lists.flatMap((list) => list.children);
  const optionItems = items.filter(isCodeLedItem);
  if (optionItems.length > 0 && optionItems.length * 2 >= items.length) parts.push(describeList(optionItems, lists, subject, true));
  else if (items.length > 0) parts.push(proseOfItems(items) || describeList(items, lists, subject, false));
  if (blocks.length > 0) parts.push(describeCode(blocks, subject));
  return parts.filter((part) => part.length > 0).join(' ');
}

/**
 * The description of a section with no summary of its own in its body: the page description (intro),
 * what its text says when that is a phrase rather than a sentence (`phrase`: "This section says:
 * "SBOM supplier name.""), what its sub-headings cover, or a line that says it has no text (or, with
 * text that makes no sentence on its own, no summary) of its own; a `##` section with no text at all
 * is a heading over the `###` sections after it, and says so.
 */
export function describeBare(
  section: Section,
  page: Page,
  subheadings: readonly string[],
  phrase: string | null,
  hasText: boolean,
  max: number,
): string {
  const description = section.anchor === null && page.description ? clipSentences(squash(page.description), max) : '';
  const says = phrase === null ? '' : `${subjectOf(section)} says: "${phrase}."`;
  const covers = subheadings.length > 0 ? `${subjectOf(section)} covers ${enumerate(subheadings, SHOWN)}.` : '';
  const none =
    section.anchor === null || section.heading === null
      ? `The page "${section.title}" has no introduction of its own.`
      : section.depth === 2 && !hasText
        ? `The section "${section.heading}" of the page "${section.title}" is made up of the subsections that follow it.`
        : `The section "${section.heading}" of the page "${section.title}" has no ${hasText ? 'summary' : 'text'} of its own.`;
  const fits = (text: string) => (text.length <= max ? text : '');
  return checked([description]) || checked([fits(says)]) || checked([fits(covers)]) || clipSentences(none, max);
}

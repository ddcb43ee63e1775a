/**
 * Names of what a list or a table holds, short enough to be read out in a sentence: the label
 * of each list item ("`--port`: the port" -> `--port`, "**Fast**: ..." -> `Fast`, "Live
 * feeds" -> `Live feeds`) and the first cell of each table row; and the one way they are
 * enumerated ("a, b, c and 3 more").
 */
import type { List, ListItem, Nodes, Table } from 'mdast';
import { plainText, sentences, squash } from './text.ts';

/** A name longer than this many words is a sentence, not a name. */
const NAME_WORDS = 6;
/** A name longer than this many characters (a URL, a path) does not read well in a sentence. */
const NAME_CHARS = 40;

/** "a, b, c and 3 more" over at most `shown` names. */
export function enumerate(names: readonly string[], shown: number): string {
  const visible = names.filter((name) => name.length > 0).slice(0, shown);
  const rest = names.length - visible.length;
  if (rest > 0) return `${visible.join(', ')} and ${rest} more`;
  if (visible.length <= 1) return visible.join('');
  return `${visible.slice(0, -1).join(', ')} and ${visible[visible.length - 1] ?? ''}`;
}

/** The first-column text of a table's rows. */
export function rowNames(table: Table): string[] {
  return table.children.slice(1).map((row) => squash(row.children[0] ? plainText(row.children[0]) : ''));
}

/** The inline code a node opens with, looking through bold, emphasis and links ("`--port`: ..."), or null. */
function leadingCode(node: Nodes): string | null {
  let current: Nodes | undefined = node;
  while (current && 'children' in current) current = current.children[0];
  return current?.type === 'inlineCode' ? current.value : null;
}

/** The label of a list item: the code it opens with, else its text up to a colon or dash that explains it, without a final full stop. */
export function itemLabel(item: ListItem): string {
  const first = item.children[0];
  if (!first) return '';
  const code = leadingCode(first);
  if (code !== null) return squash(code);
  const text = squash(plainText(first));
  const head = text.split(/:\s|\s[—–-]\s/)[0] ?? '';
  const sentence = sentences(head)[0] ?? '';
  return sentence.replace(/[.:;,!]+$/, '').trim();
}

/** True for a name that reads well inside a sentence: a few words (at most 40 characters) with a letter or digit. */
function isShortName(name: string): boolean {
  const count = name.split(' ').length;
  return count <= NAME_WORDS && name.length <= NAME_CHARS && /[A-Za-z0-9]/.test(name) && !/[.!?]$/.test(name);
}

/** The short names of a list's items or a table's rows, or null when any of the first `shown` is not short. */
export function shortNames(block: List | Table, shown: number): string[] | null {
  const names = block.type === 'list' ? block.children.map(itemLabel) : rowNames(block);
  if (names.length === 0 || !names.slice(0, shown).every(isShortName)) return null;
  return names;
}

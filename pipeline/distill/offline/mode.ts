/**
 * The mode of a section node: whether its summary can stand in for it.
 *
 * Rule (offline-v1), over the section body (everything after its heading;
 * frontmatter, MDX imports/exports and raw HTML left out), measured in
 * characters of source:
 *
 *   `source-primary` when the body is not empty and
 *     (a) tables and code blocks (fenced or indented, at any depth) make up
 *         more than half of the body: 2 × (table + code characters) > body
 *         characters, where body characters are the sum of the spans of its
 *         top-level blocks (blank lines between blocks do not count); or
 *     (b) it has 5 or more list items whose text starts with inline code
 *         (directly, or as the first thing inside bold, emphasis or a link):
 *         an option, flag or field list;
 *   `agent-primary` otherwise (including an empty body).
 *
 * A source-primary section is reference material: its facts and its source
 * say what matters, and its summary only says what it contains.
 */
import type { NodeMode } from '../../types.ts';
import type { ListItem, Nodes, RootContent } from 'mdast';
import { endOf, startOf, walkAll } from './parse.ts';

/** How many code-led list items make a section an option list. */
const OPTION_LIST_ITEMS = 5;

/** Measurements the rule is decided on (exported for tests and reports). */
interface BodyShape {
  readonly bodyChars: number;
  readonly referenceChars: number;
  readonly codeLedItems: number;
}

/** True when a node's first leaf is inline code, looking through bold, emphasis and links. */
function startsWithInlineCode(node: Nodes): boolean {
  let current: Nodes | undefined = node;
  while (current) {
    if (current.type === 'inlineCode') return true;
    if (current.type === 'strong' || current.type === 'emphasis' || current.type === 'link' || current.type === 'paragraph') {
      current = current.children[0];
    } else {
      current = undefined;
    }
  }
  return false;
}

/** True for a list item whose text begins with inline code (`- \`--port N\`: ...`). */
export function isCodeLedItem(item: ListItem): boolean {
  const first = item.children[0];
  return first !== undefined && startsWithInlineCode(first);
}

/** Measures a section body. */
function measureBody(body: readonly RootContent[]): BodyShape {
  let bodyChars = 0;
  for (const node of body) bodyChars += endOf(node) - startOf(node);
  let referenceChars = 0;
  let codeLedItems = 0;
  walkAll(body, (node) => {
    if (node.type === 'table' || node.type === 'code') {
      referenceChars += endOf(node) - startOf(node);
      return false;
    }
    if (node.type === 'listItem' && isCodeLedItem(node)) codeLedItems += 1;
    return true;
  });
  return { bodyChars, referenceChars, codeLedItems };
}

/** The node mode by the rule above. */
export function modeOf(body: readonly RootContent[]): NodeMode {
  const shape = measureBody(body);
  if (shape.bodyChars === 0) return 'agent-primary';
  if (2 * shape.referenceChars > shape.bodyChars) return 'source-primary';
  if (shape.codeLedItems >= OPTION_LIST_ITEMS) return 'source-primary';
  return 'agent-primary';
}

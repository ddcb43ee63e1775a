import type { Nodes, Parent, Root, RootContent } from 'mdast';
import { FRONTMATTER_TYPES } from '../../content/frontmatter.ts';
import { isSafeUrl } from '../../text/safe-url.ts';

/** Nodes that never reach the page: frontmatter, raw HTML, MDX imports/exports and `{expressions}`. */
const DROPPED = new Set<string>([...FRONTMATTER_TYPES, 'html', 'mdxjsEsm', 'mdxFlowExpression', 'mdxTextExpression']);

/** MDX elements left out with their children: code or embedded documents, never prose. */
const DROPPED_ELEMENTS = new Set(['script', 'style', 'template', 'iframe', 'object', 'embed', 'noscript']);

/** MDX components shown as a callout box (`<Callout type="warning">`, `<Note>`, an admonition...). */
const CALLOUTS = /^(?:callout|admonition|aside|note|tip|info|warning|caution|danger|check|success|error|important)$/i;

type JsxElement = Extract<Nodes, { type: 'mdxJsxFlowElement' | 'mdxJsxTextElement' }>;
type FlowElement = Extract<Nodes, { type: 'mdxJsxFlowElement' }>;

/** The literal string value of an MDX element's attribute, if it has one. */
function literalAttribute(node: JsxElement, name: string): string | null {
  for (const attribute of node.attributes) {
    if (attribute.type === 'mdxJsxAttribute' && attribute.name === name && typeof attribute.value === 'string') return attribute.value;
  }
  return null;
}

function cssName(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9-]+/g, '-');
}

/** The label shown atop a callout: its title, else its kind in words (`note` → "Note"). */
function calloutLabel(node: JsxElement, kind: string): string {
  const title = literalAttribute(node, 'title') ?? literalAttribute(node, 'label');
  if (title !== null) return title;
  const words = kind.replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A paragraph-like node of `hName` holding `text`. */
function textElement(hName: string, text: string, hProperties: Record<string, string | number | boolean | string[]> = {}): RootContent {
  return { type: 'paragraph', data: { hName, hProperties }, children: [{ type: 'text', value: text }] };
}

/** Tab ids of one page: unique, and never a heading's (headings get their section's anchor). */
interface TabIds {
  next: number;
}

/**
 * `<Tabs>` of `<TabItem label>` (Docusaurus, Starlight) or `<Tab title>` (Mintlify): a
 * `role=tablist` of buttons and one `role=tabpanel` per tab, the first shown; `/ask-demo-tabs.js`
 * switches them. A `Tabs` without tabs is a plain box.
 */
function markTabs(node: FlowElement, ids: TabIds): boolean {
  const tabs = node.children.filter((child): child is FlowElement => child.type === 'mdxJsxFlowElement' && /^tab(?:item)?$/i.test(child.name ?? ''));
  if (tabs.length === 0) return false;
  const group = (ids.next += 1);
  const labels = tabs.map((tab, at) => literalAttribute(tab, 'label') ?? literalAttribute(tab, 'title') ?? literalAttribute(tab, 'value') ?? `Tab ${at + 1}`);
  const buttons = labels.map((label, at) =>
    textElement('button', label, { type: 'button', role: 'tab', id: `ask-tab-${group}-${at}`, ariaControls: `ask-panel-${group}-${at}`, ariaSelected: at === 0 ? 'true' : 'false', tabIndex: at === 0 ? 0 : -1 }),
  );
  tabs.forEach((tab, at) => {
    const hProperties = { className: ['tab-panel'], role: 'tabpanel', id: `ask-panel-${group}-${at}`, ariaLabelledby: `ask-tab-${group}-${at}`, tabIndex: 0, hidden: at !== 0 };
    tab.data = { ...tab.data, hName: 'div', hProperties };
  });
  const list = { type: 'paragraph', data: { hName: 'div', hProperties: { className: ['tab-list'], role: 'tablist' } }, children: buttons } as unknown as RootContent;
  node.children = [list, ...tabs] as FlowElement['children'];
  node.data = { ...node.data, hName: 'div', hProperties: { className: ['tabs'] } };
  return true;
}

/**
 * An MDX element becomes a plain `div` (`span` in a line) holding its children, with no
 * attribute of its own (none of its props reach the HTML); callout-like components an `aside`
 * led by their label, `<Details title>` a `<details>` with its title as summary, `<Tabs>` tabs.
 */
function markElement(node: JsxElement, ids: TabIds): void {
  const name = node.name ?? '';
  const flow = node.type === 'mdxJsxFlowElement';
  if (flow && CALLOUTS.test(name)) {
    const kind = cssName(literalAttribute(node, 'type') ?? name);
    node.children = [textElement('p', calloutLabel(node, kind), { className: ['callout-title'] }), ...node.children] as FlowElement['children'];
    node.data = { ...node.data, hName: 'aside', hProperties: { className: ['callout', `callout-${kind}`] } };
    return;
  }
  if (flow && name === 'Details') {
    const summary = literalAttribute(node, 'title') ?? calloutLabel(node, literalAttribute(node, 'type') ?? 'details');
    node.children = [textElement('summary', summary), ...node.children] as FlowElement['children'];
    node.data = { ...node.data, hName: 'details', hProperties: { className: ['details'], open: literalAttribute(node, 'open') !== null } };
    return;
  }
  if (flow && /^tabs$/i.test(name) && markTabs(node, ids)) return;
  if (node.data?.hName !== undefined) return;
  node.data = { ...node.data, hName: flow ? 'div' : 'span', hProperties: { className: name === '' ? ['mdx'] : ['mdx', `mdx-${cssName(name)}`] } };
}

/**
 * A paragraph that is a callout component alone (`<Note>Text</Note>` on one line, as Mintlify
 * pages write them) as that component around a paragraph of its text; else null.
 */
function lineCallout(node: RootContent): FlowElement | null {
  if (node.type !== 'paragraph') return null;
  const parts = node.children.filter((child) => !(child.type === 'text' && child.value.trim() === ''));
  const only = parts[0];
  if (parts.length !== 1 || only?.type !== 'mdxJsxTextElement' || !CALLOUTS.test(only.name ?? '')) return null;
  return { type: 'mdxJsxFlowElement', name: only.name, attributes: only.attributes, children: [{ type: 'paragraph', children: only.children }], position: node.position };
}

/** What replaces `node` in its parent: itself (cleaned), its children, or nothing. */
function cleaned(given: RootContent, ids: TabIds): RootContent[] {
  const node = lineCallout(given) ?? given;
  if (DROPPED.has(node.type)) return [];
  if (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') {
    if (DROPPED_ELEMENTS.has((node.name ?? '').toLowerCase())) return [];
    markElement(node, ids);
  }
  if ((node.type === 'link' || node.type === 'definition') && !isSafeUrl(node.url)) {
    if (node.type === 'definition') node.url = '';
    else return cleanChildren(node, ids).children;
  }
  if (node.type === 'image' && !isSafeUrl(node.url)) return node.alt ? [{ type: 'text', value: node.alt }] : [];
  if ('children' in node) cleanChildren(node, ids);
  return [node];
}

function cleanChildren<T extends Parent>(parent: T, ids: TabIds): T {
  (parent as Parent).children = parent.children.flatMap((child) => cleaned(child, ids));
  return parent;
}

/**
 * Makes a parsed page safe and plain for the HTML stage, in place: frontmatter, raw HTML, MDX
 * code and expressions removed, MDX elements reduced to their content, links and images whose
 * target is not an http(s), mailto or tel url (or relative) reduced to their text; callouts,
 * details and tabs made their HTML.
 */
export function cleanTree(tree: Root): Root {
  return cleanChildren(tree, { next: 0 });
}

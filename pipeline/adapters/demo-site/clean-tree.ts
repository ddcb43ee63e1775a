import type { Nodes, Parent, Root, RootContent } from 'mdast';
import { FRONTMATTER_TYPES } from '../../content/frontmatter.ts';
import { isSafeUrl } from '../../text/safe-url.ts';

/** Nodes that never reach the page: frontmatter, raw HTML, MDX imports/exports and `{expressions}`. */
const DROPPED = new Set<string>([...FRONTMATTER_TYPES, 'html', 'mdxjsEsm', 'mdxFlowExpression', 'mdxTextExpression']);

/** MDX elements left out with their children: code or embedded documents, never prose. */
const DROPPED_ELEMENTS = new Set(['script', 'style', 'template', 'iframe', 'object', 'embed', 'noscript']);

/** MDX components shown as a callout box (`<Callout type="warning">`, `<Note>`...). */
const CALLOUTS = /^(?:callout|admonition|aside|note|tip|info|warning|caution|danger|check)$/i;

type JsxElement = Extract<Nodes, { type: 'mdxJsxFlowElement' | 'mdxJsxTextElement' }>;

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

/**
 * An MDX element becomes a plain `div` (`span` in a line) holding its children, with no
 * attribute of its own (none of its props reach the HTML); callout-like components an `aside`.
 */
function markElement(node: JsxElement): void {
  const name = node.name ?? '';
  const flow = node.type === 'mdxJsxFlowElement';
  if (flow && CALLOUTS.test(name)) {
    const kind = cssName(literalAttribute(node, 'type') ?? name);
    node.data = { ...node.data, hName: 'aside', hProperties: { className: ['callout', `callout-${kind}`] } };
    return;
  }
  node.data = { ...node.data, hName: flow ? 'div' : 'span', hProperties: { className: name === '' ? ['mdx'] : ['mdx', `mdx-${cssName(name)}`] } };
}

/** What replaces `node` in its parent: itself (cleaned), its children, or nothing. */
function cleaned(node: RootContent): RootContent[] {
  if (DROPPED.has(node.type)) return [];
  if (node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') {
    if (DROPPED_ELEMENTS.has((node.name ?? '').toLowerCase())) return [];
    markElement(node);
  }
  if ((node.type === 'link' || node.type === 'definition') && !isSafeUrl(node.url)) {
    if (node.type === 'definition') node.url = '';
    else return cleanChildren(node).children;
  }
  if (node.type === 'image' && !isSafeUrl(node.url)) return node.alt ? [{ type: 'text', value: node.alt }] : [];
  if ('children' in node) cleanChildren(node);
  return [node];
}

function cleanChildren<T extends Parent>(parent: T): T {
  (parent as Parent).children = parent.children.flatMap((child) => cleaned(child));
  return parent;
}

/**
 * Makes a parsed page safe and plain for the HTML stage, in place: frontmatter, raw HTML, MDX
 * code and expressions removed, MDX elements reduced to their content, links and images whose
 * target is not an http(s), mailto or tel url (or relative) reduced to their text.
 */
export function cleanTree(tree: Root): Root {
  return cleanChildren(tree);
}

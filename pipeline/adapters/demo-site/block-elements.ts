import type { Nodes, Paragraph, Parent, PhrasingContent, Root, RootContent } from 'mdast';
import { toString } from 'mdast-util-to-string';
import type { SourceBlock } from './source-blocks.ts';

/**
 * The source containers of a page (`sourceBlocks`) made MDX-like elements of its parsed tree, in
 * place, so the demo site shows them as it shows the MDX components of other sites: a callout
 * becomes `<Admonition type title>`, a details block `<Details title>`, MkDocs's consecutive
 * `=== "Tab"` blocks and a VitePress `code-group` `<Tabs>` of `<TabItem label>`; other containers
 * hold their content in a plain `<Container>`.
 */

type FlowElement = Extract<RootContent, { type: 'mdxJsxFlowElement' }>;

interface BlockNode {
  readonly block: SourceBlock;
  readonly inner: BlockNode[];
}

function startOf(node: Nodes): number {
  return node.position?.start.offset ?? -1;
}

function endOf(node: Nodes): number {
  return node.position?.end.offset ?? -1;
}

/** The blocks as a tree by containment (blocks come in source order, outer first). */
function nested(blocks: readonly SourceBlock[]): BlockNode[] {
  const roots: BlockNode[] = [];
  const stack: BlockNode[] = [];
  for (const block of blocks) {
    while (stack.length > 0 && (stack.at(-1)?.block.end ?? 0) < block.end) stack.pop();
    const node: BlockNode = { block, inner: [] };
    (stack.at(-1)?.inner ?? roots).push(node);
    stack.push(node);
  }
  return roots;
}

function element(name: string, attributes: Readonly<Record<string, string>>, children: readonly RootContent[]): FlowElement {
  return {
    type: 'mdxJsxFlowElement',
    name,
    attributes: Object.entries(attributes).map(([key, value]) => ({ type: 'mdxJsxAttribute', name: key, value })),
    children: [...children] as FlowElement['children'],
  };
}

/** A code-group's code blocks as tabs, each labelled by its `[label]` (else its language). */
function codeGroup(children: readonly RootContent[]): FlowElement {
  const items = children.map((child) => {
    const label = child.type === 'code' ? (/\[([^\]]+)\]/.exec(child.meta ?? '')?.[1] ?? child.lang ?? 'Code') : 'More';
    return element('TabItem', { label }, [child]);
  });
  return element('Tabs', {}, items);
}

function blockElement({ kind, name, title, open }: SourceBlock, children: readonly RootContent[]): FlowElement {
  if (kind === 'callout') return element('Admonition', { type: name, ...(title === '' ? {} : { title }) }, children);
  if (kind === 'details') return element('Details', { type: name, ...(title === '' ? {} : { title }), ...(open ? { open: 'open' } : {}) }, children);
  if (kind === 'tab') return element('TabItem', { label: title }, children);
  if (kind === 'code-group') return codeGroup(children);
  return element('Container', {}, children);
}


/** The `TabItem`s made here from MkDocs tabs and their `Tabs` (MDX ones are grouped by their author). */
const tabMarks = new WeakSet<FlowElement>();

function isTab(node: RootContent): node is FlowElement {
  return node.type === 'mdxJsxFlowElement' && tabMarks.has(node);
}

/** Consecutive MkDocs tabs of one parent made one `<Tabs>`. */
function groupTabs(parent: Parent): void {
  const children: RootContent[] = [];
  for (const child of parent.children) {
    const last = children.at(-1);
    if (isTab(child) && child.name === 'TabItem') {
      if (last?.type === 'mdxJsxFlowElement' && last.name === 'Tabs' && tabMarks.has(last)) last.children.push(child);
      else {
        const group = element('Tabs', {}, [child]);
        tabMarks.add(group);
        children.push(group);
      }
    } else children.push(child);
  }
  parent.children = children;
}

/**
 * What is left of a paragraph once its first line, the block's marker line (which the content
 * stage keeps as the title's text), is taken out: null when nothing is.
 */
function afterMarkerLine(paragraph: Paragraph, markerEnd: number): Paragraph | null {
  const children: PhrasingContent[] = [];
  for (const child of paragraph.children) {
    if (endOf(child) <= markerEnd) continue;
    if (startOf(child) >= markerEnd) children.push(child);
    else if (child.type === 'text' && child.value.includes('\n')) children.push({ ...child, value: child.value.slice(child.value.indexOf('\n') + 1) });
  }
  return children.length === 0 ? null : { ...paragraph, children };
}

/** A block's children without its marker line and closing fence (which read as text: its title, a `:::`). */
function withoutMarkerLines(children: readonly RootContent[], block: SourceBlock): RootContent[] {
  return children.flatMap((child): RootContent[] => {
    if (child.type !== 'paragraph') return [child];
    if (/^:{3,}$/.test(toString(child).trim())) return [];
    if (startOf(child) < block.start || startOf(child) >= block.markerEnd) return [child];
    const rest = afterMarkerLine(child, block.markerEnd);
    return rest === null ? [] : [rest];
  });
}

function place(parent: Parent, blocks: readonly BlockNode[]): void {
  for (const { block, inner } of blocks) {
    const inside = parent.children.flatMap((child, index) => (startOf(child) >= block.start && endOf(child) <= block.end && startOf(child) >= 0 ? [index] : []));
    const first = inside[0];
    const last = inside.at(-1);
    if (first === undefined || last === undefined) {
      const holder = parent.children.find((child) => startOf(child) <= block.start && endOf(child) >= block.end && 'children' in child);
      if (holder !== undefined && 'children' in holder) place(holder, [{ block, inner }]);
      continue;
    }
    const made = blockElement(block, withoutMarkerLines(parent.children.slice(first, last + 1), block));
    if (block.kind === 'tab') tabMarks.add(made);
    if (block.kind !== 'code-group') place(made, inner);
    parent.children.splice(first, last - first + 1, made);
  }
  groupTabs(parent);
}

/** Makes each of `blocks` (found in the source `tree` was parsed from) an element of the tree, in place. */
export function placeSourceBlocks(tree: Root, blocks: readonly SourceBlock[]): Root {
  place(tree, nested(blocks));
  return tree;
}

/**
 * The syntax tree of a section, and walking it.
 *
 * A section is read with the content stage's own parser (`parseMarkdown`:
 * remark-parse, frontmatter, GFM tables/strikethrough/task lists, remark-mdx
 * for `.mdx`), so that the tree the chunker hands over (`readPage`'s `trees`,
 * parsed once with the whole page) and a tree parsed from `section.source`
 * alone are the same tree. The handed tree is used only when nothing in it
 * depends on the rest of the page: a link or image reference may resolve
 * against a definition in another section, so a section with one is parsed
 * on its own, from `section.markup` (its generator's syntax read as Markdown)
 * when it has one, else `section.source`. Either way the result is a function
 * of the section alone.
 *
 * MDX is strict and a chunk may not be valid MDX on its own; when the MDX
 * parse fails the section is read as plain Markdown, so distillation never
 * throws on a source it is given.
 */
import type { Nodes, Parents, Root, RootContent } from 'mdast';
import { parseMarkdown } from '../../content/index.ts';
import type { Section } from '../../types.ts';

/** Parses `source` in its dialect; falls back to plain Markdown when MDX rejects it. */
export function parseSource(source: string, format: 'md' | 'mdx'): Root {
  if (format === 'mdx') {
    try {
      return parseMarkdown(source, 'mdx');
    } catch {
      // A chunk of an MDX page need not be valid MDX on its own; read it as Markdown.
    }
  }
  return parseMarkdown(source, 'md');
}

/** True when a tree has a node whose meaning comes from elsewhere in its page (a reference). */
function dependsOnPage(root: Root): boolean {
  let found = false;
  walkAll([root], (node) => {
    if (node.type === 'linkReference' || node.type === 'imageReference' || node.type === 'footnoteReference') found = true;
    return !found;
  });
  return found;
}

/** The tree of a section: the chunker's (`handed`) when it can stand alone, else parsed from `section.source`. */
export function sectionTree(section: Section, handed?: Root | null): Root {
  if (handed && !dependsOnPage(handed)) return handed;
  return parseSource(section.markup ?? section.source, section.format);
}

/** Node types that never carry prose or facts: frontmatter, raw HTML, MDX code. */
const INERT = new Set(['yaml', 'toml', 'html', 'mdxjsEsm', 'mdxFlowExpression', 'mdxTextExpression']);

/** True for nodes whose content is markup or program text rather than documentation. */
export function isInert(node: Nodes): boolean {
  return INERT.has(node.type);
}

/**
 * The body of a section: the root's children without the leading heading
 * (the section's own `##`/`###`, or the page's `#` in an intro chunk) and
 * without inert nodes (frontmatter, imports, raw HTML).
 */
export function bodyOf(root: Root): RootContent[] {
  const body: RootContent[] = [];
  let sawContent = false;
  for (const child of root.children) {
    if (isInert(child)) continue;
    if (!sawContent && child.type === 'heading') {
      sawContent = true;
      continue;
    }
    sawContent = true;
    body.push(child);
  }
  return body;
}

/** The leading heading of a section, when it has one. */
export function leadingHeading(root: Root): Nodes | null {
  for (const child of root.children) {
    if (isInert(child)) continue;
    return child.type === 'heading' ? child : null;
  }
  return null;
}

/** Start offset of a node in the parsed source (0 when the parser gave none). */
export function startOf(node: Nodes): number {
  return node.position?.start.offset ?? 0;
}

/** End offset of a node in the parsed source (its start when the parser gave none). */
export function endOf(node: Nodes): number {
  return node.position?.end.offset ?? startOf(node);
}

/** A visitor: returns `false` to skip a node's children. */
export type Visitor = (node: Nodes, parent: Parents | null, index: number) => boolean | void;

/**
 * Visits `nodes` and their descendants in document order (pre-order). An
 * explicit stack, not recursion: a thousand nested blockquotes must not
 * overflow the call stack.
 */
export function walkAll(nodes: readonly Nodes[], enter: Visitor): void {
  const stack: { node: Nodes; parent: Parents | null; index: number }[] = [];
  for (let i = nodes.length - 1; i >= 0; i -= 1) {
    const node = nodes[i];
    if (node) stack.push({ node, parent: null, index: i });
  }
  for (let item = stack.pop(); item; item = stack.pop()) {
    const { node } = item;
    if (enter(node, item.parent, item.index) === false || !('children' in node)) continue;
    for (let i = node.children.length - 1; i >= 0; i -= 1) {
      const child = node.children[i];
      if (child) stack.push({ node: child, parent: node, index: i });
    }
  }
}

/** Visits `node` and its descendants in document order (see `walkAll`). */
export function walk(node: Nodes, enter: Visitor): void {
  walkAll([node], enter);
}

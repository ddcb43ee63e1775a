/**
 * Parsing a section's Markdown into an mdast tree, and walking it.
 *
 * `.md` uses remark-parse + remark-gfm (+ remark-frontmatter, so a YAML block
 * in an intro chunk is a `yaml` node and never prose). `.mdx` adds remark-mdx;
 * MDX is strict, and a chunk can cut a JSX element in two, so when the MDX
 * parse fails the section is parsed as plain Markdown instead: distillation
 * never throws on a source it was given.
 */
import type { Nodes, Parents, Root, RootContent } from 'mdast';
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import { unified } from 'unified';

const markdown = unified().use(remarkParse).use(remarkFrontmatter).use(remarkGfm).freeze();
const mdx = unified().use(remarkParse).use(remarkFrontmatter).use(remarkGfm).use(remarkMdx).freeze();

/** Parses `source` in its dialect; falls back to plain Markdown when MDX rejects it. */
export function parseSource(source: string, format: 'md' | 'mdx'): Root {
  if (format === 'mdx') {
    try {
      return mdx.parse(source);
    } catch {
      // A chunk of an MDX page need not be valid MDX on its own; read it as Markdown.
    }
  }
  return markdown.parse(source);
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

/**
 * Visits `node` and its descendants in document order. `enter` returns
 * `false` to skip a node's children.
 */
export function walk(
  node: Nodes,
  enter: (node: Nodes, parent: Parents | null, index: number) => boolean | void,
  parent: Parents | null = null,
  index = 0,
): void {
  if (enter(node, parent, index) === false) return;
  if ('children' in node) {
    node.children.forEach((child, i) => walk(child, enter, node, i));
  }
}

/** Visits every node of a list of top-level nodes, in document order. */
export function walkAll(
  nodes: readonly Nodes[],
  enter: (node: Nodes, parent: Parents | null, index: number) => boolean | void,
): void {
  nodes.forEach((node, i) => walk(node, enter, null, i));
}

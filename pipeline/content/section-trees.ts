import type { Nodes, Root, RootContent } from 'mdast';
import type { Section } from '../types.ts';

/**
 * The syntax tree of each section, as parsed with its whole page, handed from the chunker to
 * whoever reads the section next (the offline distiller), so a section is parsed once per build.
 * A tree is taken once and then forgotten, so trees live only between a page's parse and its
 * sections' distillation.
 */
const trees = new WeakMap<Section, Root>();

function shift(node: Nodes, by: number): void {
  const position = node.position;
  if (position) {
    if (position.start.offset !== undefined) position.start.offset -= by;
    if (position.end.offset !== undefined) position.end.offset -= by;
  }
  if ('children' in node) for (const child of node.children as Nodes[]) shift(child, by);
}

/** Keeps the tree of a section: its nodes, with offsets made relative to `section.source`. */
export function keepSectionTree(section: Section, nodes: RootContent[], startOffset: number): void {
  const root: Root = { type: 'root', children: nodes };
  for (const node of nodes) shift(node, startOffset);
  trees.set(section, root);
}

/** The tree of a section, once: a second call, or a section from the chunk cache, gives undefined. */
export function takeSectionTree(section: Section): Root | undefined {
  const tree = trees.get(section);
  trees.delete(section);
  return tree;
}

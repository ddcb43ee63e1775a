import type { Nodes, Root } from 'mdast';
import type { Chunk } from '../../content/index.ts';

/**
 * Where each section of a page starts (the offset of its heading in the page text) and its
 * anchor. A merged section (two headings the generator gave one id) starts at its first heading.
 */
export function sectionAnchors(chunks: readonly Chunk[]): Map<number, string> {
  const anchors = new Map<number, string>();
  for (const { section, start } of chunks) if (section.anchor !== null) anchors.set(start, section.anchor);
  return anchors;
}

/**
 * Gives every `##`/`###` heading that starts a section exactly its section's anchor as its `id`,
 * in place; other headings get none, so no id appears twice. Returns how many were given.
 */
export function setHeadingIds(tree: Root, anchors: ReadonlyMap<number, string>): number {
  let given = 0;
  const walk = (node: Nodes): void => {
    if (node.type === 'heading' && (node.depth === 2 || node.depth === 3)) {
      const offset = node.position?.start.offset;
      const id = offset === undefined ? undefined : anchors.get(offset);
      if (id !== undefined) {
        node.data = { ...node.data, hProperties: { ...node.data?.hProperties, id } };
        given += 1;
      }
    }
    if ('children' in node) for (const child of node.children) walk(child);
  };
  walk(tree);
  return given;
}

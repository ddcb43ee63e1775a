import type { Nodes, Root } from 'mdast';

/**
 * Code blocks and tables scroll sideways when wider than the column (a 360px screen): each gets
 * `tabindex="0"` (on the `<code>` that scrolls inside its `<pre>`, and on the `<table>`) so a
 * keyboard alone can scroll it. In place.
 */
export function focusableScrollers(tree: Root): Root {
  const walk = (node: Nodes): void => {
    if (node.type === 'code' || node.type === 'table') node.data = { ...node.data, hProperties: { ...node.data?.hProperties, tabIndex: 0 } };
    if ('children' in node) for (const child of node.children) walk(child);
  };
  walk(tree);
  return tree;
}

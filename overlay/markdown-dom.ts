import type { MdNode } from './markdown-tree.ts';

/**
 * The DOM of a Markdown tree: each element made with `createElement` (its tag from the tree's
 * fixed set, at most `href` and `start` set), each text a text node. No markup is parsed.
 */
export function markdownFragment(nodes: readonly MdNode[], document: Document): DocumentFragment {
  const fragment = document.createDocumentFragment();
  const append = (parent: ParentNode, children: readonly MdNode[]): void => {
    for (const node of children) {
      if (typeof node === 'string') {
        parent.append(document.createTextNode(node));
        continue;
      }
      const element = document.createElement(node.tag);
      if (node.href !== undefined) element.setAttribute('href', node.href);
      if (node.start !== undefined) element.setAttribute('start', String(node.start));
      append(element, node.children);
      parent.append(element);
    }
  };
  append(fragment, nodes);
  return fragment;
}

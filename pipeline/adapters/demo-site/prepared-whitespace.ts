import type { Nodes, Root } from 'mdast';

/**
 * The blanks `generator.prepare` adds undone, in place: to keep offsets it moves an indented
 * block's indentation to the end of its lines (MkDocs admonitions and tabs), where two trailing
 * spaces read as a hard line break and code lines end in blanks. A break stays only when the
 * page's source (`source`, the text before `prepare`) has one there (a backslash or trailing
 * spaces before the line's end); code lines lose their trailing blanks.
 */
export function withoutPreparedBlanks(tree: Root, source: string): Root {
  const walk = (node: Nodes): void => {
    if (node.type === 'code') node.value = node.value.replace(/[ \t]+$/gm, '');
    if (!('children' in node)) return;
    node.children = node.children.map((child) => {
      const start = child.position?.start.offset;
      const end = child.position?.end.offset;
      if (child.type !== 'break' || start === undefined || end === undefined) return child;
      return /^(?:\\| {2,}|\t+)\r?\n?$/.test(source.slice(start, end)) ? child : { type: 'text', value: '\n', position: child.position };
    });
    for (const child of node.children) walk(child);
  };
  walk(tree);
  return tree;
}

import type { MdNode } from '../../overlay/markdown-tree.ts';

/**
 * A Markdown tree written as HTML text, for the unit tests to assert on what the DOM would
 * hold (node has no DOM): text escaped, the attributes the tree carries, no whitespace added.
 */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe to place in HTML. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

const VOID = new Set(['br', 'hr']);

export function treeHtml(nodes: readonly MdNode[]): string {
  return nodes
    .map((node) => {
      if (typeof node === 'string') return escapeHtml(node);
      const href = node.href === undefined ? '' : ` href="${escapeHtml(node.href)}"`;
      const start = node.start === undefined ? '' : ` start="${node.start}"`;
      const open = `<${node.tag}${href}${start}>`;
      return VOID.has(node.tag) ? open : `${open}${treeHtml(node.children)}</${node.tag}>`;
    })
    .join('');
}

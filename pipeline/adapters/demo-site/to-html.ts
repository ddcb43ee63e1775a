import type { Root } from 'mdast';
import rehypeHighlight from 'rehype-highlight';
import rehypeStringify from 'rehype-stringify';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';

/**
 * mdast to HTML; raw HTML nodes are dropped (remark-rehype's default), never passed through.
 * Code blocks of a known language are highlighted (highlight.js class names, `hljs-*`); a
 * language it does not know is left plain, and a block without one is never guessed at.
 */
const toHtml = unified().use(remarkRehype).use(rehypeHighlight, { detect: false }).use(rehypeStringify).freeze();

/** The HTML of a parsed (and cleaned) page. */
export function mdastToHtml(tree: Root): string {
  return toHtml.stringify(toHtml.runSync(tree));
}

import type { Root } from 'mdast';
import rehypeStringify from 'rehype-stringify';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';

/** mdast to HTML; raw HTML nodes are dropped (remark-rehype's default), never passed through. */
const toHtml = unified().use(remarkRehype).use(rehypeStringify).freeze();

/** The HTML of a parsed (and cleaned) page. */
export function mdastToHtml(tree: Root): string {
  return toHtml.stringify(toHtml.runSync(tree));
}

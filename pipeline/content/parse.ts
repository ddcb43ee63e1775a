import type { Root } from 'mdast';
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import { unified } from 'unified';

const markdownParser = unified().use(remarkParse).use(remarkFrontmatter, ['yaml']).use(remarkGfm).freeze();
const mdxParser = unified().use(remarkParse).use(remarkMdx).use(remarkFrontmatter, ['yaml']).use(remarkGfm).freeze();

/**
 * Parses Markdown (`md`) or MDX (`mdx`) into an mdast tree with positions.
 * GFM (tables, autolinks, strikethrough) and YAML frontmatter are understood in both.
 * Throws the parser's own error (with a line and column) on invalid MDX.
 */
export function parseMarkdown(source: string, format: 'md' | 'mdx'): Root {
  const parser = format === 'mdx' ? mdxParser : markdownParser;
  return parser.parse(source);
}

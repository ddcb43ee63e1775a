import type { Root } from 'mdast';
import remarkFrontmatter from 'remark-frontmatter';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { remarkGfmBlocks } from './gfm-blocks.ts';
import { checkParseLimits } from './parse-limits.ts';

/** YAML `---`, TOML `+++` and JSON `{`…`}` (Hugo) frontmatter. */
const FRONTMATTER = ['yaml', 'toml', { type: 'json', fence: { open: '{', close: '}' } }] as const;

const markdownParser = unified().use(remarkParse).use(remarkFrontmatter, [...FRONTMATTER]).use(remarkGfmBlocks).freeze();
const mdxParser = unified().use(remarkParse).use(remarkMdx).use(remarkFrontmatter, [...FRONTMATTER]).use(remarkGfmBlocks).freeze();

/**
 * Parses Markdown (`md`) or MDX (`mdx`) into an mdast tree with positions.
 * GFM tables, strikethrough and task lists (see gfm-blocks.ts) and frontmatter are understood in both.
 * Throws the parser's own error (with a line and column) on invalid MDX, and a ParseLimitError,
 * before parsing, for a structure past a limit of parse-limits.ts (the parser's cost would not be linear).
 */
export function parseMarkdown(source: string, format: 'md' | 'mdx'): Root {
  checkParseLimits(source);
  const parser = format === 'mdx' ? mdxParser : markdownParser;
  return parser.parse(source);
}

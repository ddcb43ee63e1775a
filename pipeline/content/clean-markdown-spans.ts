/**
 * Where, in a section's source, clean Markdown differs from it: the spans to take out or replace
 * (frontmatter, MDX `import`/`export`, `{expressions}`, HTML comments, MDX and HTML tags,
 * `<script>`/`<style>` blocks) and the code blocks, which are kept.
 *
 * A section is a slice of its page and need not be balanced MDX on its own (a `## Step 2` inside
 * `<Steps>` ends with `</Steps>`), so the JSX is read at the token level: the parser's own
 * syntax-tree handlers for MDX are replaced by ones that only note where each tag, expression and
 * ESM block is, which never asks a closing tag to match an opening one.
 */
import type { Nodes, Root } from 'mdast';
import remarkFrontmatter from 'remark-frontmatter';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import { unified, type Processor } from 'unified';
import { readTag, renderTag, SILENT_ELEMENTS, TAG } from './markup-tags.ts';

/**
 * A span of the source to replace, as offsets: `text` takes its place ('' removes it);
 * `nesting` for a JSX flow tag: +1 opens an element, -1 closes one; `title` when `text` is a
 * title line of its own.
 */
export interface Cut {
  readonly start: number;
  readonly end: number;
  readonly nesting: -1 | 0 | 1;
  readonly text: string;
  readonly title: boolean;
}

/** A code block: its span, and whether it is fenced (its first line is the fence). */
export interface CodeBlock {
  readonly start: number;
  readonly end: number;
  readonly fenced: boolean;
}

export interface Spans {
  /** What to replace, sorted, none overlapping. */
  readonly cuts: readonly Cut[];
  /** The code blocks, sorted: kept as they are, but for their annotations. */
  readonly code: readonly CodeBlock[];
  /** The spans of HTML blocks: their lines' indentation is layout, like a component's. */
  readonly htmlBlocks: readonly CodeBlock[];
}

/** The parts of a micromark token a handler here reads. */
interface TokenSpan {
  readonly type: string;
  readonly start: { readonly offset: number };
  readonly end: { readonly offset: number };
}

interface ParserData {
  fromMarkdownExtensions?: unknown[];
}

/** Token types removed whole: JSX tags, expressions, ESM, frontmatter. */
const CUT_TOKENS = ['mdxJsxFlowTag', 'mdxJsxTextTag', 'mdxFlowExpression', 'mdxTextExpression', 'mdxjsEsm', 'yaml', 'toml', 'json'] as const;

/** The frontmatter fences the content stage reads (parse.ts): YAML `---`, TOML `+++`, JSON `{`…`}`. */
const FRONTMATTER = ['yaml', 'toml', { type: 'json', fence: { open: '{', close: '}' } }] as const;

/** Where the current parse notes its cuts (parsing is synchronous: one parse at a time). */
let noted: TokenSpan[] = [];

function noteCut(token: TokenSpan): undefined {
  noted.push({ type: token.type, start: token.start, end: token.end });
  return undefined;
}

/**
 * Replaces the syntax-tree handlers of MDX and frontmatter with `noteCut` on their outer tokens:
 * the tree keeps Markdown's own nodes (code, html), and JSX never has to balance.
 */
function noteCuts(this: Processor): void {
  const data = this.data() as ParserData;
  data.fromMarkdownExtensions = [{ enter: Object.fromEntries(CUT_TOKENS.map((type) => [type, noteCut])) }];
}

const markdownReader = unified().use(remarkParse).use(remarkFrontmatter, [...FRONTMATTER]).use(noteCuts).freeze();
const mdxReader = unified().use(remarkParse).use(remarkMdx).use(remarkFrontmatter, [...FRONTMATTER]).use(noteCuts).freeze();

interface Reading {
  readonly tree: Root;
  readonly tokens: readonly TokenSpan[];
}

function read(source: string, format: 'md' | 'mdx'): Reading {
  noted = [];
  try {
    const tree = (format === 'mdx' ? mdxReader : markdownReader).parse(source);
    return { tree, tokens: noted };
  } finally {
    noted = [];
  }
}

/** Reads `source` in its dialect; an MDX slice that the MDX syntax itself rejects is read as Markdown. */
function readSection(source: string, format: 'md' | 'mdx'): Reading {
  if (format === 'mdx') {
    try {
      return read(source, 'mdx');
    } catch {
      // not MDX on its own (a stray `<` or `{`): read as Markdown, as the distiller does
    }
  }
  return read(source, 'md');
}

/** Whether a JSX flow tag opens an element (+1), closes one (-1) or is whole (`<X />`, 0). */
function nestingOf(tag: string): Cut['nesting'] {
  if (/^<\s*\//.test(tag)) return -1;
  return /\/\s*>$/.test(tag) ? 0 : 1;
}

const HTML_COMMENT = /<!--[\s\S]*?(?:-->|$)/g;
/** An HTML block that is program text or page machinery from its first tag on (`<script setup>`, `<style scoped>`). */
const SILENT_BLOCK = new RegExp(`^\\s*<(?:${[...SILENT_ELEMENTS].join('|')})(?=[\\s>/])`, 'i');

/** True when `[start, end)` is all a line holds but blanks: a tag alone on its line is a block of its own. */
function aloneOnLine(source: string, start: number, end: number): boolean {
  const lineStart = source.lastIndexOf('\n', start - 1) + 1;
  const newline = source.indexOf('\n', end);
  const lineEnd = newline === -1 ? source.length : newline;
  return source.slice(lineStart, start).trim() === '' && source.slice(end, lineEnd).trim() === '';
}

/** A tag's replacement as a cut. */
function tagCut(source: string, start: number, end: number, nesting: Cut['nesting'], openLinks: string[]): Cut {
  const tag = readTag(source.slice(start, end));
  if (tag === null) return { start, end, nesting, text: '', title: false };
  const rendering = renderTag(tag, aloneOnLine(source, start, end), openLinks);
  return { start, end, nesting, text: rendering.text, title: rendering.titleLine };
}

/** The cuts of one raw HTML node (`[start, end)` of the source): a silent block whole, else its comments and its tags. */
function htmlCuts(source: string, start: number, end: number, flow: boolean, openLinks: string[]): Cut[] {
  const value = source.slice(start, end);
  if (flow && SILENT_BLOCK.test(value)) return [{ start, end, nesting: 0, text: '', title: false }];
  const cuts: Cut[] = [];
  const comments: [number, number][] = [];
  for (const match of value.matchAll(HTML_COMMENT)) {
    comments.push([match.index, match.index + match[0].length]);
    cuts.push({ start: start + match.index, end: start + match.index + match[0].length, nesting: 0, text: '', title: false });
  }
  for (const match of value.matchAll(TAG)) {
    const at = match.index;
    if (comments.some(([from, to]) => at >= from && at < to)) continue;
    cuts.push(tagCut(source, start + at, start + at + match[0].length, 0, openLinks));
  }
  return cuts;
}

const PHRASING_PARENTS = new Set(['paragraph', 'heading', 'tableCell', 'emphasis', 'strong', 'delete', 'link', 'linkReference']);

/** The spans to replace (the noted tokens, raw HTML) and the code blocks' spans, in one walk of the tree in document order. */
function spansOf({ tree, tokens }: Reading, source: string): Spans {
  const code: CodeBlock[] = [];
  const htmlBlocks: CodeBlock[] = [];
  const openLinks: string[] = [];
  const cuts: Cut[] = tokens.map((token) => {
    const start = token.start.offset;
    const end = token.end.offset;
    if (token.type === 'mdxJsxFlowTag') return tagCut(source, start, end, nestingOf(source.slice(start, end)), openLinks);
    if (token.type === 'mdxJsxTextTag') return tagCut(source, start, end, 0, openLinks);
    return { start, end, nesting: 0, text: '', title: false };
  });
  const walk = (node: Nodes, parent: string): void => {
    const start = node.position?.start.offset;
    const end = node.position?.end.offset;
    if (start !== undefined && end !== undefined && node.type === 'code') {
      code.push({ start, end, fenced: /^[ \t]*(?:`{3,}|~{3,})/.test(source.slice(start, end)) });
    }
    if (start !== undefined && end !== undefined && node.type === 'html') {
      const flow = !PHRASING_PARENTS.has(parent);
      if (flow) htmlBlocks.push({ start, end, fenced: false });
      cuts.push(...htmlCuts(source, start, end, flow, openLinks));
    }
    if ('children' in node) for (const child of node.children as Nodes[]) walk(child, node.type);
  };
  walk(tree, 'root');
  const byStart = (a: { start: number; end: number }, b: { start: number; end: number }): number => a.start - b.start || b.end - a.end;
  cuts.sort(byStart);
  code.sort(byStart);
  const disjoint: Cut[] = [];
  for (const cut of cuts) {
    const last = disjoint[disjoint.length - 1];
    if (last === undefined || cut.start >= last.end) disjoint.push(cut);
    else if (cut.end > last.end) disjoint[disjoint.length - 1] = { ...last, end: cut.end };
  }
  return { cuts: disjoint, code, htmlBlocks };
}

/** The spans of a section's source (`format` its page's dialect) that clean Markdown replaces, and its code blocks. */
export function cleanSpans(source: string, format: 'md' | 'mdx'): Spans {
  return spansOf(readSection(source, format), source);
}

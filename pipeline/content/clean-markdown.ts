/**
 * A section's source as clean Markdown: what an agent or a Markdown reader should see of it.
 *
 * Removed: YAML/TOML/JSON frontmatter, MDX `import`/`export` blocks, JSX tags (opening, closing,
 * self-closing; the text between an opening and a closing tag is kept), `{expressions}` and HTML
 * comments. Everything else is kept as written: the work is done on source offsets from the
 * parser, never by serialising a tree again, so code blocks, tables and links stay byte for byte.
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

/** A span of the source to remove, as offsets; `nesting` for a JSX flow tag: +1 opens an element, -1 closes one. */
interface Cut {
  readonly start: number;
  readonly end: number;
  readonly nesting: -1 | 0 | 1;
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

interface Spans {
  /** What to remove, sorted, none overlapping. */
  readonly cuts: readonly Cut[];
  /** The code blocks, sorted: kept as they are. */
  readonly code: readonly Cut[];
}

/** The spans to cut (the noted tokens and the HTML comments) and the code blocks' spans. */
function spansOf({ tree, tokens }: Reading, source: string): Spans {
  const code: Cut[] = [];
  const cuts: Cut[] = tokens.map((token) => {
    const start = token.start.offset;
    const end = token.end.offset;
    return { start, end, nesting: token.type === 'mdxJsxFlowTag' ? nestingOf(source.slice(start, end)) : 0 };
  });
  const stack: Nodes[] = [tree];
  for (let node = stack.pop(); node; node = stack.pop()) {
    const start = node.position?.start.offset;
    const end = node.position?.end.offset;
    if (start !== undefined && end !== undefined && node.type === 'code') code.push({ start, end, nesting: 0 });
    if (start !== undefined && end !== undefined && node.type === 'html') {
      for (const match of source.slice(start, end).matchAll(HTML_COMMENT)) {
        cuts.push({ start: start + match.index, end: start + match.index + match[0].length, nesting: 0 });
      }
    }
    if ('children' in node) stack.push(...(node.children as Nodes[]));
  }
  const byStart = (a: Cut, b: Cut): number => a.start - b.start || b.end - a.end;
  cuts.sort(byStart);
  code.sort(byStart);
  const disjoint: Cut[] = [];
  for (const cut of cuts) {
    const last = disjoint[disjoint.length - 1];
    if (last === undefined || cut.start >= last.end) disjoint.push(cut);
    else if (cut.end > last.end) disjoint[disjoint.length - 1] = { start: last.start, end: cut.end, nesting: last.nesting };
  }
  return { cuts: disjoint, code };
}

interface Line {
  text: string;
  readonly inCode: boolean;
  /** The line starts inside a JSX element (its indentation is the element's layout). */
  readonly nested: boolean;
  /**
   * The text's first line: a section's source starts at its heading, so a heading indented inside
   * a component has lost its indentation, and says nothing of what its element's lines share.
   */
  readonly first: boolean;
}

/** How many elements a slice starts inside: the deepest the running count of its flow tags goes below zero. */
function openAtStart(cuts: readonly Cut[]): number {
  let depth = 0;
  let lowest = 0;
  for (const cut of cuts) {
    depth += cut.nesting;
    lowest = Math.min(lowest, depth);
  }
  return -lowest;
}

/**
 * The source's lines with the cuts taken out. A line a cut touched loses its trailing blanks (and
 * a blank doubled by the cut), and is dropped when nothing but blanks is left of it. Line ends
 * become LF.
 */
function linesWithoutCuts(source: string, { cuts, code }: Spans): Line[] {
  const lines: Line[] = [];
  let depth = openAtStart(cuts);
  let cutAt = 0;
  let codeAt = 0;
  for (let start = 0; start <= source.length; ) {
    const newline = source.indexOf('\n', start);
    const end = newline === -1 ? source.length : newline;
    while (codeAt < code.length && (code[codeAt]?.end ?? 0) < start) codeAt += 1;
    const block = code[codeAt];
    const inCode = block !== undefined && block.start <= end && start <= block.end;
    const nested = depth > 0;
    let text = '';
    let touched = false;
    let at = start;
    for (let cut = cuts[cutAt]; cut !== undefined && cut.start < end; cut = cuts[cutAt]) {
      touched = true;
      text += source.slice(at, Math.max(at, cut.start));
      at = Math.max(at, Math.min(cut.end, end));
      if (/[ \t]$/.test(text)) while (source[at] === ' ' || source[at] === '\t') at += 1;
      if (cut.end > end) break; // it goes on on the next line
      depth += cut.nesting;
      cutAt += 1;
    }
    text = (text + source.slice(at, end)).replace(/\r$/, '');
    const first = start === 0;
    if (!touched) lines.push({ text, inCode, nested, first });
    else if (text.trim() !== '') lines.push({ text: text.trimEnd(), inCode, nested, first });
    start = end + 1;
  }
  return lines;
}

function indentOf(text: string): number {
  return /^[ \t]*/.exec(text)?.[0].length ?? 0;
}

/**
 * Takes off each run of lines inside JSX elements the indentation all its lines share: inside a
 * component it is layout, and as Markdown four spaces would make prose a code block. Code keeps
 * its indentation relative to its fence.
 */
function dedentNested(lines: Line[]): void {
  for (let first = 0; first < lines.length; ) {
    if (!lines[first]?.nested) {
      first += 1;
      continue;
    }
    let last = first;
    while (lines[last + 1]?.nested) last += 1;
    const run = lines.slice(first, last + 1);
    const shared = Math.min(...run.filter((line) => !line.first && line.text.trim() !== '').map((line) => indentOf(line.text)));
    if (Number.isFinite(shared) && shared > 0) for (const line of run) line.text = line.text.slice(Math.min(shared, indentOf(line.text)));
    first = last + 1;
  }
}

/** Blank lines outside code made empty, runs of them folded to one, leading ones and trailing blanks dropped. */
function foldBlankLines(lines: readonly Line[]): string {
  const out: string[] = [];
  let blankBefore = true; // nothing before the first line: leading blank lines go
  for (const line of lines) {
    if (!line.inCode && line.text.trim() === '') {
      if (!blankBefore) out.push('');
      blankBefore = true;
    } else {
      out.push(line.text);
      blankBefore = false;
    }
  }
  const text = out.join('\n').trimEnd();
  return text === '' ? '' : `${text}\n`;
}

/** What could be cut: frontmatter at the start, an HTML comment; in MDX any tag, expression or ESM line. */
const MAY_CUT: Readonly<Record<'md' | 'mdx', RegExp>> = {
  md: /^(?:---|\+\+\+|\{)|<!--/,
  mdx: /^(?:---|\+\+\+)|[<{]|^(?:import|export)\b/m,
};

/**
 * The result without parsing, when the parse could change nothing but line ends and the ends of
 * the text: nothing that may be cut, no line of blanks only, no run of blank lines. Null otherwise.
 * Most sections of a `.md` site are such; the result is the one the full way gives.
 */
function withoutParse(source: string, format: 'md' | 'mdx'): string | null {
  if (MAY_CUT[format].test(source)) return null;
  const text = source.replace(/\r\n?/g, '\n').replace(/^\n+/, '');
  if (/^[^\S\n]+$/m.test(text) || text.includes('\n\n\n')) return null;
  const trimmed = text.trimEnd();
  return trimmed === '' ? '' : `${trimmed}\n`;
}

/**
 * The clean Markdown of a section's (or a page's) source: frontmatter, MDX `import`/`export`,
 * JSX tags, `{expressions}` and HTML comments removed, the text between tags kept, everything
 * else as written (code blocks untouched, even when they hold `<Tabs>` or `import` lines). Lines
 * left empty by a removal go, the indentation a component gave its children goes, runs of blank
 * lines fold to one, line ends are LF, and the result ends with one newline (empty when nothing
 * is left).
 *
 * @param source the section's text as Markdown reads it (`section.markup ?? section.source`)
 * @param format the page's dialect; an MDX slice that is not MDX on its own is read as Markdown
 */
export function cleanMarkdown(source: string, format: 'md' | 'mdx'): string {
  const plain = withoutParse(source, format);
  if (plain !== null) return plain;
  const spans = spansOf(readSection(source, format), source);
  const lines = linesWithoutCuts(source, spans);
  dedentNested(lines);
  return foldBlankLines(lines);
}

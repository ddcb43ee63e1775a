/**
 * Generic directives (remark-directive, as Starlight reads every page and Docusaurus its
 * admonitions): containers `:::name[label]{attributes}` … `:::`, leaf directives
 * `::name[label]{attributes}` on their own line and text directives `:name[label]{attributes}`
 * inside a paragraph. They are found with remark-directive itself, then made prose in place (same
 * length, same line breaks, as `Generator.prepare` must): the label is kept as text, the colons,
 * the name, the brackets and the `{attributes}` go. So `:a[Sponsored by:]{href="/sponsors"}` reads
 * "Sponsored by:", and `{…}` never reaches the MDX parser as an expression.
 *
 * A text or leaf directive with neither a label nor attributes (`x:y`, `::name`) is no directive
 * to its author: Starlight restores such unhandled ones to their text, and so are they kept here.
 */
import type { Nodes, Parent, Root } from 'mdast';
import type { ContainerDirective, LeafDirective, TextDirective } from 'mdast-util-directive';
import remarkDirective from 'remark-directive';
import remarkFrontmatter from 'remark-frontmatter';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { SourceEditor } from './source-editor.ts';

type Directive = ContainerDirective | LeafDirective | TextDirective;

const FRONTMATTER = ['yaml', 'toml'] as const;
const markdownReader = unified().use(remarkParse).use(remarkFrontmatter, [...FRONTMATTER]).use(remarkDirective).freeze();
const mdxReader = unified().use(remarkParse).use(remarkMdx).use(remarkFrontmatter, [...FRONTMATTER]).use(remarkDirective).freeze();

/** What may be a directive worth rewriting: a name with a label or attributes, or a container fence. */
const MAY_HOLD_DIRECTIVE = /:[A-Za-z][\w-]*[[{]|^[ \t>]*:{3,}/m;
/** The closing fence of a container: colons alone on the line (after a blockquote's `>` or a list's indentation). */
const CLOSING_FENCE = /^[ \t>]*(:{3,})[ \t]*\r?$/;

function isDirective(node: Nodes): node is Directive {
  return node.type === 'containerDirective' || node.type === 'leafDirective' || node.type === 'textDirective';
}

/** The end of the line `offset` is on (before its line break). */
function lineEndAt(source: string, offset: number): number {
  const newline = source.indexOf('\n', offset);
  const end = newline === -1 ? source.length : newline;
  return source[end - 1] === '\r' ? end - 1 : end;
}

/**
 * The directive's `[label]` as written, and where its name, label and attributes end: read after
 * the colons and the name, brackets balanced and backslash escapes skipped, as micromark reads it.
 */
function labelOf(source: string, start: number, name: string): { readonly label: string | null; readonly after: number } {
  let at = start;
  while (source[at] === ':') at += 1;
  at += name.length;
  if (source[at] !== '[') return { label: null, after: at };
  let depth = 0;
  for (let end = at; end < source.length; end += 1) {
    const char = source[end];
    if (char === '\\') end += 1;
    else if (char === '[') depth += 1;
    else if (char === ']' && --depth === 0) return { label: source.slice(at + 1, end), after: end + 1 };
  }
  return { label: null, after: at };
}

function hasAttributes(source: string, after: number): boolean {
  return source[after] === '{';
}

/** A container: its opening line becomes its label (or blanks), its closing fence blanks. */
function rewriteContainer(editor: SourceEditor, source: string, node: ContainerDirective, start: number, end: number): void {
  const { label } = labelOf(source, start, node.name);
  editor.overwrite(start, lineEndAt(source, start), (label ?? '').trim());
  const lastLine = source.lastIndexOf('\n', end - 1) + 1;
  if (lastLine <= start) return;
  const fence = CLOSING_FENCE.exec(source.slice(lastLine, end));
  if (fence?.[1] !== undefined) editor.blank(lastLine + fence[0].indexOf(fence[1]), end);
}

/**
 * A text or leaf directive: its label written where the directive starts, blanks after it. When
 * the directive ends a line its paragraph goes on after, the blanks go before the label instead,
 * so that no two trailing spaces make a line break the source does not have.
 */
function rewriteInline(editor: SourceEditor, source: string, node: LeafDirective | TextDirective, start: number, end: number, parent: Parent | null): void {
  const { label, after } = labelOf(source, start, node.name);
  if (label === null && !hasAttributes(source, after)) return; // no directive to its author: kept as written
  const text = label ?? '';
  const lineEnd = lineEndAt(source, end);
  const endsLine = source.slice(end, lineEnd).trim() === '';
  const paragraphGoesOn = parent?.type === 'paragraph' && (parent.position?.end.offset ?? 0) > lineEnd;
  const before = source.slice(source.lastIndexOf('\n', start - 1) + 1, start);
  const rightAligned = endsLine && paragraphGoesOn && before.trim() !== '';
  editor.overwrite(start, end, rightAligned ? text.padStart(end - start) : text);
}

/** True for the paragraph remark-directive makes of a container's `[label]`. */
function isContainerLabel(node: Nodes): boolean {
  return node.type === 'paragraph' && node.data?.directiveLabel === true;
}

/**
 * Every directive in document order, outer ones first. A text or leaf directive's label, and a
 * container's, are rewritten with their directive, so what they hold is not visited again.
 */
function walk(node: Nodes, parent: Parent | null, visit: (directive: Directive, parent: Parent | null) => void): void {
  if (isDirective(node)) {
    visit(node, parent);
    if (node.type !== 'containerDirective') return;
  }
  if (!('children' in node)) return;
  for (const child of node.children as Nodes[]) if (!isContainerLabel(child)) walk(child, node, visit);
}

/** The page parsed with remark-directive; null when it does not parse (the page's own parse then says why). */
function parseWithDirectives(source: string, format: 'md' | 'mdx'): Root | null {
  try {
    return (format === 'mdx' ? mdxReader : markdownReader).parse(source);
  } catch {
    return null;
  }
}

/**
 * The page with every directive made prose in place: labels kept as text, colons, names, brackets
 * and attributes blanked; directives without a label or attributes (`x:y`) kept as written. Code
 * is never touched (the parser finds no directive there).
 */
export function directivesAsProse(source: string, format: 'md' | 'mdx'): string {
  if (!MAY_HOLD_DIRECTIVE.test(source)) return source;
  const tree = parseWithDirectives(source, format);
  if (tree === null) return source;
  const editor = new SourceEditor(source);
  let changed = false;
  walk(tree, null, (node, parent) => {
    const start = node.position?.start.offset;
    const end = node.position?.end.offset;
    if (start === undefined || end === undefined) return;
    if (node.type === 'containerDirective') rewriteContainer(editor, source, node, start, end);
    else rewriteInline(editor, source, node, start, end, parent);
    changed = true;
  });
  return changed ? editor.toString() : source;
}

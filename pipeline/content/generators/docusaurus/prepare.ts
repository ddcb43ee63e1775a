/**
 * Docusaurus's syntax that is not Markdown, rewritten in place (same length, same line breaks) so
 * the page reads as prose:
 * - admonitions `:::note`, `:::tip[Title]`, `:::warning Title` (the MDX 1 title form Docusaurus
 *   still accepts), `:::info{attrs}` and their `:::` closers: markers blanked, a title kept as text;
 * - explicit heading ids `{#id}` / `\{#id}` and `{/* #id *\/}`: blanked (in MDX `{#id}` is not a
 *   valid expression, so it must go before parsing);
 * - in `.md` pages, which Docusaurus compiles as MDX but we parse as Markdown: `import`/`export`
 *   blocks and `{/* comments *\/}` blanked;
 * - in `.mdx` pages: HTML comments blanked (Docusaurus accepts them in MDX, the MDX parser does not);
 * - the fence lines of ```` ```mdx-code-block ```` (Docusaurus unwraps them).
 * Fenced code and the frontmatter are never touched.
 */
import { classifyLines, type ClassifiedLine } from './lines.ts';
import { CLASSIC_ID, MDX_COMMENT_ID } from './heading-id.ts';
import { isBlankLine, SourceEditor } from '../source-editor.ts';

const ADMONITION = /^([ \t]*)(:{3,})(.*)$/;
const DIRECTIVE_NAME = /^[A-Za-z][\w-]*/;
const ATX_HEADING = /^ {0,3}#{1,6}(?:[ \t]|$)/;
/** An ATX heading, also inside blockquotes and list items (`> ## A {#a}`, `1. ## B {#b}`). */
const NESTED_ATX_HEADING = /^(?:[ \t]*(?:>|[-*+][ \t]|\d{1,9}[.)][ \t]))*[ \t]*#{1,6}(?:[ \t]|$)/;
const SETEXT_UNDERLINE = /^ {0,3}(?:=+|-+)[ \t]*$/;
const ESM_START = /^(?:import|export) /;

/** The text of a line without a trailing `\r`. */
function bare(line: ClassifiedLine): string {
  return line.text.endsWith('\r') ? line.text.slice(0, -1) : line.text;
}

/** The title of an admonition opener's rest (after `:::name`): a `[label]`, or the MDX 1 title after a space; `{attrs}` dropped. */
function admonitionTitle(rest: string): string {
  if (rest.startsWith('[')) {
    let depth = 0;
    for (let at = 0; at < rest.length; at += 1) {
      if (rest[at] === '[') depth += 1;
      else if (rest[at] === ']' && --depth === 0) return rest.slice(1, at).trim();
    }
    return rest.slice(1).trim();
  }
  return rest.replace(/\{[^{}]*\}[ \t]*$/, '').trim();
}

/** Rewrites an admonition opener or closer line; false when the line is not one. */
function rewriteAdmonition(editor: SourceEditor, line: ClassifiedLine): boolean {
  const match = ADMONITION.exec(bare(line));
  if (!match) return false;
  const indent = match[1] ?? '';
  const rest = match[3] ?? '';
  if (rest.trim() === '') {
    editor.blank(line.start, line.end);
    return true;
  }
  const name = DIRECTIVE_NAME.exec(rest)?.[0];
  if (name === undefined) return false;
  const title = admonitionTitle(rest.slice(name.length));
  editor.overwrite(line.start, line.start + bare(line).length, title === '' ? '' : indent + title);
  return true;
}

/** Blanks a trailing explicit id (`{#id}`, `\{#id}`, `{/* #id *\/}`) of a heading's text line, before any closing `#`s. */
function blankHeadingId(editor: SourceEditor, line: ClassifiedLine): void {
  const text = bare(line);
  const closing = /[ \t]+#+[ \t]*$/.exec(text);
  const content = closing ? text.slice(0, closing.index) : text.trimEnd();
  const match = MDX_COMMENT_ID.exec(content) ?? CLASSIC_ID.exec(content);
  if (match) editor.blank(line.start + match.index, line.start + content.length);
}

/** True when a line is a heading's text line: an ATX heading, or text right above a setext underline. */
function isHeadingLine(line: ClassifiedLine, next: ClassifiedLine | undefined): boolean {
  if (NESTED_ATX_HEADING.test(line.text)) return true;
  return next?.kind === 'text' && !isBlankLine(line.text) && SETEXT_UNDERLINE.test(bare(next));
}

/**
 * True when an MDX `import`/`export` block may start on this line: at column 1 and not in the
 * middle of a paragraph (MDX does not let it interrupt one).
 */
function startsEsm(line: ClassifiedLine, previous: ClassifiedLine | undefined): boolean {
  if (!ESM_START.test(line.text)) return false;
  if (previous === undefined || previous.kind !== 'text' || isBlankLine(previous.text)) return true;
  return ATX_HEADING.test(previous.text) || ADMONITION.test(previous.text);
}

/** Blanks every `import`/`export` block (up to the next blank line) of a `.md` page. */
function blankEsm(editor: SourceEditor, lines: readonly ClassifiedLine[]): Set<number> {
  const blanked = new Set<number>();
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index];
    if (line?.kind !== 'text' || !startsEsm(line, lines[index - 1])) continue;
    for (let at = index; at < lines.length; at += 1) {
      const part = lines[at];
      if (part === undefined || part.kind !== 'text' || isBlankLine(part.text)) break;
      editor.blank(part.start, part.end);
      blanked.add(at);
      index = at;
    }
  }
  return blanked;
}

/** Blanks the matches of `pattern` that start on a text line and outside an inline code span. */
function blankOutsideCode(editor: SourceEditor, source: string, lines: readonly ClassifiedLine[], pattern: RegExp): void {
  const textLineAt = (offset: number): ClassifiedLine | undefined => lines.find((line) => offset >= line.start && offset <= line.end);
  for (const match of source.matchAll(pattern)) {
    const line = textLineAt(match.index);
    if (line?.kind !== 'text') continue;
    const before = source.slice(line.start, match.index);
    if ((before.match(/`/g)?.length ?? 0) % 2 === 1) continue;
    editor.blank(match.index, match.index + match[0].length);
  }
}

export function prepareDocusaurus(source: string, format: 'md' | 'mdx'): string {
  const editor = new SourceEditor(source);
  const lines = classifyLines(source);
  const esm = format === 'md' ? blankEsm(editor, lines) : new Set<number>();
  lines.forEach((line, index) => {
    if (line.kind === 'unwrapped-fence') editor.blank(line.start, line.end);
    if (line.kind !== 'text' || esm.has(index)) return;
    if (rewriteAdmonition(editor, line)) return;
    if (isHeadingLine(line, lines[index + 1])) blankHeadingId(editor, line);
  });
  if (format === 'md') blankOutsideCode(editor, source, lines, /\{\/\*[\s\S]*?\*\/\}/g);
  else blankOutsideCode(editor, source, lines, /<!--[\s\S]*?-->/g);
  return editor.toString();
}

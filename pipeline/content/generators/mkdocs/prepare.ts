import { containerMarker, isSetextUnderline, keepsItsText, titleAsProse, type ContainerMarker } from './blocks.ts';
import { atxHeadingText, headingMarkup, proseMarkup, withoutShortcodes, withoutSpans, type LineMarkup, type Span } from './inline.ts';
import { indentWidth, isBlankLine, SourceEditor, sourceLines, type SourceLine } from '../source-editor.ts';

/**
 * MkDocs Markdown as CommonMark prose, same length and same line breaks: an admonition, details
 * or tab marker becomes its title (or blanks), a definition's `:` or a footnote's `[^1]:` goes,
 * and the four-space indented body under it moves left (its indentation to the line end), so it
 * is read as paragraphs, lists and fences rather than indented code. A heading's attribute list
 * (`{ #id }`) and shortcodes become blanks; attribute lists, icon shortcodes and footnote marks in
 * prose are taken out. Fenced code is left as it is, only moved with its container.
 */

/** An open container: lines indented at least `bodyIndent` columns (or blank) belong to it. */
interface Container {
  readonly bodyIndent: number;
}

/** An open fenced code block: closed by a run of the same character at least as long, or by its container ending. */
interface Fence {
  readonly run: string;
  readonly depth: number;
  /** Columns of indentation of the opening line: a closing line may have up to three more, no deeper (a fence shown inside the fence stays text). */
  readonly indent: number;
}

const FENCE_OPEN = /^[ \t]*(`{3,}(?=[^`]*$)|~{3,})/;

/** Characters of a line's leading blanks that make up `columns` columns (tabs reach the next multiple of 4). */
function charsForColumns(text: string, columns: number): number {
  let width = 0;
  let at = 0;
  while (width < columns && (text[at] === ' ' || text[at] === '\t')) {
    width = text[at] === '\t' ? width + 4 - (width % 4) : width + 1;
    at += 1;
  }
  return at;
}

/** The line index just past a leading YAML frontmatter block (`---` ... `---`), else 0. */
function bodyStart(lines: readonly SourceLine[]): number {
  if (lines[0]?.text.replace(/\r$/, '') !== '---') return 0;
  const close = lines.findIndex((line, index) => index > 0 && /^(?:---|\.\.\.)[ \t]*\r?$/.test(line.text));
  return close === -1 ? 0 : close + 1;
}

function blankSpans(editor: SourceEditor, lineStart: number, spans: readonly Span[]): void {
  for (const [start, end] of spans) editor.blank(lineStart + start, lineStart + end);
}

/** Takes spans out of a line of prose (`text` from `lineStart`), the rest of the line moving left over them. */
function removeSpans(editor: SourceEditor, line: SourceLine, text: string, spans: readonly Span[]): void {
  if (spans.length === 0) return;
  const first = Math.min(...spans.map(([start]) => start));
  const kept = withoutSpans(text.replace(/\r$/, ''), spans);
  editor.overwrite(line.start + first, line.end, kept.slice(first));
}

class MkdocsPreparer {
  private readonly editor: SourceEditor;
  private readonly lines: SourceLine[];
  private readonly containers: Container[] = [];
  private fence: Fence | null = null;
  /** Every id the page's attribute lists set, on headings and other elements alike. */
  readonly authorIds = new Set<string>();
  /** The line before is prose (a definition needs a term above it, maybe past one blank line). */
  private termAbove = false;
  private blankRun = 0;

  constructor(source: string) {
    this.editor = new SourceEditor(source);
    this.lines = sourceLines(source);
  }

  run(): PreparedMkdocs {
    for (let index = bodyStart(this.lines); index < this.lines.length; index += 1) {
      const line = this.lines[index];
      if (line) this.line(line, index);
    }
    return { text: this.editor.toString(), authorIds: this.authorIds };
  }

  /** The text of a line once the open containers' indentation is taken off, and how many characters that was. */
  private relative(line: SourceLine, depth: number): { readonly text: string; readonly cut: number } {
    const cut = charsForColumns(line.text, 4 * depth);
    return { text: line.text.slice(cut), cut };
  }

  private line(line: SourceLine, index: number): void {
    if (isBlankLine(line.text)) {
      this.blankRun += 1;
      return;
    }
    const width = indentWidth(line.text);
    while (this.containers.length > 0 && width < (this.containers[this.containers.length - 1]?.bodyIndent ?? 0)) this.containers.pop();
    if (this.fence && this.containers.length < this.fence.depth) this.fence = null;
    const depth = this.containers.length;
    const { text, cut } = this.relative(line, depth);
    if (cut > 0) this.editor.dedent(line, cut);
    const afterText = this.termAbove && this.blankRun <= 1;
    const continuesBlock = this.termAbove && this.blankRun === 0;
    this.blankRun = 0;
    this.termAbove = false;
    if (this.fence) {
      if (this.closes(this.fence, text)) this.fence = null;
      return;
    }
    const fence = FENCE_OPEN.exec(text);
    if (fence) {
      this.fence = { run: fence[1] ?? '```', depth, indent: indentWidth(text) };
      return;
    }
    const marker = containerMarker(text, afterText);
    if (marker) {
      this.openContainer(index, marker, depth, indentWidth(text));
      return;
    }
    this.termAbove = true;
    const heading = atxHeadingText(text) ?? (this.underlinedBelow(index, depth) ? ([0, text.replace(/[ \t]*\r?$/, '').length] as const) : null);
    const markup = heading ? headingMarkup(text, heading) : proseMarkup(text, continuesBlock);
    if (heading) blankSpans(this.editor, line.start, markup.spans);
    else removeSpans(this.editor, line, text, markup.spans);
    this.note(markup);
  }

  private note(markup: LineMarkup): void {
    for (const id of markup.ids) this.authorIds.add(id);
  }

  private closes(fence: Fence, text: string): boolean {
    const run = fence.run[0] === '~' ? '~' : '`';
    const closing = new RegExp(`^[ \\t]*${run}{${fence.run.length},}[ \\t]*\\r?$`);
    return closing.test(text) && indentWidth(text) <= fence.indent + 3;
  }

  /** True when the next line makes this one a setext heading. */
  private underlinedBelow(index: number, depth: number): boolean {
    const next = this.lines[index + 1];
    return next !== undefined && !isBlankLine(next.text) && isSetextUnderline(this.relative(next, depth).text);
  }

  /**
   * The marker line becomes its title, at the marker's own indentation (so a container inside a
   * list item stays in it); a definition or footnote keeps its text and loses `:` or `[^1]:`.
   * Its body is one level deeper.
   */
  private openContainer(index: number, marker: ContainerMarker, depth: number, markerColumn: number): void {
    const line = this.lines[index];
    if (!line) return;
    const at = line.start + marker.indent;
    if (keepsItsText(marker.kind)) {
      this.editor.blank(at, at + marker.markerLength);
      this.editor.dedent(line, marker.indent + marker.markerLength);
      this.containers.push({ bodyIndent: 4 * depth + 4 });
      this.termAbove = true;
      const rest = this.relative(line, depth).text.slice(marker.indent + marker.markerLength);
      const inner = containerMarker(rest, false);
      if (inner) {
        this.writeTitle(index, line.start + inner.indent, inner, depth + 1, inner.indent);
        return;
      }
      const markup = proseMarkup(rest, false);
      removeSpans(this.editor, line, rest, markup.spans);
      this.note(markup);
      return;
    }
    this.writeTitle(index, at, marker, depth, markerColumn);
  }

  /** The marker (from `at` to the line's end) becomes its title; the container's body is four columns in from the marker. */
  private writeTitle(index: number, at: number, marker: ContainerMarker, depth: number, markerColumn: number): void {
    const line = this.lines[index];
    if (!line) return;
    const next = this.lines[index + 1];
    const underlined = next !== undefined && isSetextUnderline(this.relative(next, depth + 1).text);
    const label = withoutShortcodes(marker.title);
    const title = label === '' || underlined ? '' : titleAsProse(label);
    this.editor.overwrite(at, line.end, title);
    this.containers.push({ bodyIndent: 4 * depth + markerColumn + 4 });
  }
}

/** A page prepared: its text, and the ids its author set with attribute lists anywhere on it. */
export interface PreparedMkdocs {
  readonly text: string;
  readonly authorIds: ReadonlySet<string>;
}

/** MkDocs syntax read as prose: see MkdocsPreparer. */
export function prepareMkdocs(source: string): PreparedMkdocs {
  return new MkdocsPreparer(source).run();
}

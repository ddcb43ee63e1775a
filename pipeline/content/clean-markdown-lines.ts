/**
 * The lines of clean Markdown, made from a section's prepared source and its spans: the spans
 * replaced, generator block markers shown as title lines (marker-lines.ts), code blocks without
 * their annotations and fence meta (code-annotations.ts), the layout indentation of components
 * and HTML blocks taken off, blank lines folded.
 */
import { readFenceInfo, shownCodeLine } from './code-annotations.ts';
import type { CodeBlock, Cut, Spans } from './clean-markdown-spans.ts';
import { markerLine } from './marker-lines.ts';

export interface Line {
  text: string;
  /** The line's index in the section's source (several output lines may share one). */
  readonly index: number;
  readonly inCode: boolean;
  /** The opening fence line of a fenced code block. */
  readonly fence: boolean;
  /** The line starts inside a JSX element or an HTML block (its indentation is the element's layout). */
  readonly nested: boolean;
  /**
   * The text's first line: a section's source starts at its heading, so a heading indented inside
   * a component has lost its indentation, and says nothing of what its element's lines share.
   */
  readonly first: boolean;
  /** A title line (a tab label, an admonition's title...): set apart from the text around by blank lines. */
  title: boolean;
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

/** Strong emphasis around nothing (`****`, `__ __`), not escaped and not part of a longer run. */
const EMPTY_EMPHASIS = /(^|[^*_\\])(?:\*\*[ \t]*\*\*|__[ \t]*__)(?![*_])( ?)/g;

function blockAt(blocks: readonly CodeBlock[], start: number, end: number): CodeBlock | undefined {
  return blocks.find((block) => block.start <= end && start <= block.end);
}

/**
 * The source's lines with the cuts replaced. A line a cut touched loses its trailing blanks (and
 * a blank doubled by the cut), and is dropped when nothing but blanks is left of it. Line ends
 * become LF.
 */
export function linesWithCuts(source: string, { cuts, code, htmlBlocks }: Spans): Line[] {
  const lines: Line[] = [];
  let depth = openAtStart(cuts);
  let cutAt = 0;
  let index = 0;
  for (let start = 0; start <= source.length; index += 1) {
    const newline = source.indexOf('\n', start);
    const end = newline === -1 ? source.length : newline;
    const block = blockAt(code, start, end);
    const inCode = block !== undefined;
    const fence = block !== undefined && block.fenced && block.start >= start && block.start <= end;
    const nested = depth > 0 || blockAt(htmlBlocks, start, end) !== undefined;
    let text = '';
    let touched = false;
    let title = false;
    let at = start;
    for (let cut = cuts[cutAt]; cut !== undefined && cut.start < end; cut = cuts[cutAt]) {
      touched = true;
      if (cut.start >= at) text += source.slice(at, cut.start) + cut.text;
      title ||= cut.title;
      at = Math.max(at, Math.min(cut.end, end));
      if (cut.text === '' && /[ \t]$/.test(text)) while (source[at] === ' ' || source[at] === '\t') at += 1;
      if (cut.end > end) break; // it goes on on the next line
      depth += cut.nesting;
      cutAt += 1;
    }
    text = (text + source.slice(at, end)).replace(/\r$/, '');
    // emphasis left around nothing (`**<Icon />**`, `**{}**`) goes with what it held
    if (touched) text = text.replace(EMPTY_EMPHASIS, (_match, before: string, after: string) => (before === ' ' || before === '' ? before : before + after));
    const first = start === 0;
    if (!touched) lines.push({ text, index, inCode, fence, nested, first, title });
    else if (text.trim() !== '') lines.push({ text: text.trimEnd(), index, inCode, fence, nested, first, title });
    start = end + 1;
  }
  return lines;
}

/** The first line after `index` that is not blank ('' when none). */
function nextWithText(lines: readonly string[], index: number): string {
  for (let at = index + 1; at < lines.length; at += 1) {
    const line = lines[at] ?? '';
    if (line.trim() !== '') return line;
  }
  return '';
}

function trailingBlanks(text: string): string {
  return /[ \t]*$/.exec(text)?.[0] ?? '';
}

/**
 * Each line as the site shows it, read against the page as written (`originals`, the source's
 * lines) and as prepared (`prepared`): a marker line becomes its title line or goes; a line
 * prepare changed keeps only the trailing blanks it had (prepare moves indentation to the end);
 * in code, the fence loses its meta (a title or tab label becoming a title line above it) and
 * annotation comments go.
 */
export function showLines(lines: readonly Line[], originals: readonly string[], prepared: readonly string[]): Line[] {
  const shown: Line[] = [];
  for (const line of lines) {
    const original = (originals[line.index] ?? '').replace(/\r$/, '');
    const before = (prepared[line.index] ?? '').replace(/\r$/, '');
    const text = original === before ? line.text : line.text.trimEnd() + (line.text.trim() === '' ? '' : trailingBlanks(original));
    if (!line.inCode) {
      const marker = markerLine(original, before, nextWithText(prepared, line.index));
      if (marker === null) shown.push({ ...line, text });
      else for (const markerText of marker.lines) shown.push({ ...line, text: markerText, title: marker.title });
      continue;
    }
    if (line.fence) {
      const opening = /^([ \t>]*)(`{3,}|~{3,})(.*)$/.exec(text);
      if (opening) {
        const { language, label } = readFenceInfo(opening[3] ?? '');
        const lead = opening[1] ?? '';
        if (label !== null) shown.push({ ...line, inCode: false, fence: false, text: `${lead}**${label.replace(/\*\*/g, '\\*\\*')}**`, title: !lead.includes('>') });
        shown.push({ ...line, text: `${lead}${opening[2] ?? ''}${language}` });
        continue;
      }
    }
    const code = shownCodeLine(text);
    if (code !== null) shown.push({ ...line, text: code });
  }
  return shown;
}

function indentOf(text: string): number {
  return /^[ \t]*/.exec(text)?.[0].length ?? 0;
}

/**
 * Takes off each run of lines inside JSX elements or HTML blocks the indentation all its lines
 * share: there it is layout, and as Markdown four spaces would make prose a code block. Code
 * keeps its indentation relative to its fence.
 */
export function dedentNested(lines: Line[]): void {
  for (let first = 0; first < lines.length; ) {
    if (!lines[first]?.nested) {
      first += 1;
      continue;
    }
    let last = first;
    while (lines[last + 1]?.nested) last += 1;
    const run = lines.slice(first, last + 1);
    const shared = Math.min(...run.filter((line) => !line.first && !line.title && line.text.trim() !== '').map((line) => indentOf(line.text)));
    if (Number.isFinite(shared) && shared > 0) for (const line of run) line.text = line.text.slice(Math.min(shared, indentOf(line.text)));
    first = last + 1;
  }
}

/**
 * Blank lines outside code made empty, runs of them folded to one, leading ones and trailing
 * blanks dropped; a title line gets a blank line on each side, and goes when nothing follows it
 * (the next tab's label at the end of a section: its body is in the next section).
 */
export function foldBlankLines(lines: readonly Line[]): string {
  const out: string[] = [];
  let blankBefore = true; // nothing before the first line: leading blank lines go
  let last = lines.length - 1;
  while (last >= 0 && (lines[last]?.title === true || (!lines[last]?.inCode && lines[last]?.text.trim() === ''))) last -= 1;
  for (const line of lines.slice(0, last + 1)) {
    const blank = !line.inCode && line.text.trim() === '';
    if (blank) {
      if (!blankBefore) out.push('');
      blankBefore = true;
      continue;
    }
    if (line.title && !blankBefore) out.push('');
    out.push(line.text);
    blankBefore = false;
    if (line.title) {
      out.push('');
      blankBefore = true;
    }
  }
  const text = out.join('\n').trimEnd();
  return text === '' ? '' : `${text}\n`;
}

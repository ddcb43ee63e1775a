/**
 * Length- and line-preserving edits of a page's source, the only kind a generator's `prepare`
 * may make: markup becomes spaces, a line's text may be replaced by a shorter text padded with
 * spaces, and indentation may move to the end of its line. Offsets and line breaks never move,
 * so a position in the edited text is the same position in the original.
 */
export interface SourceLine {
  /** Offset of the line's first character. */
  readonly start: number;
  /** Offset just past its last character (before the line break). */
  readonly end: number;
  readonly text: string;
}

/** The lines of a text with their offsets; `\r\n` counts `\r` as part of the line's text. */
export function sourceLines(source: string): SourceLine[] {
  const lines: SourceLine[] = [];
  let start = 0;
  for (;;) {
    const newline = source.indexOf('\n', start);
    const end = newline === -1 ? source.length : newline;
    lines.push({ start, end, text: source.slice(start, end) });
    if (newline === -1) return lines;
    start = newline + 1;
  }
}

export class SourceEditor {
  private readonly chars: string[];

  constructor(readonly source: string) {
    this.chars = [...source.split('')];
  }

  /** Spaces in place of every character of `[start, end)` but line breaks. */
  blank(start: number, end: number): void {
    for (let at = start; at < end; at += 1) {
      const char = this.chars[at];
      if (char !== undefined && char !== '\n' && char !== '\r') this.chars[at] = ' ';
    }
  }

  /** Writes `text` over `[start, end)` (one line's span), padding with spaces; `text` may not be longer or hold a line break. */
  overwrite(start: number, end: number, text: string): void {
    if (text.length > end - start || text.includes('\n')) throw new RangeError('an edit must fit in the span it replaces');
    for (let at = start; at < end; at += 1) {
      const char = this.chars[at];
      if (char === '\n' || char === '\r') continue;
      this.chars[at] = at - start < text.length ? (text[at - start] ?? ' ') : ' ';
    }
  }

  /** Moves the first `count` characters of a line (which must be blanks) to its end, so the line loses that indentation. */
  dedent(line: SourceLine, count: number): void {
    const indent = Math.min(count, line.end - line.start);
    const current = this.chars.slice(line.start, line.end).join('');
    const trailingCr = current.endsWith('\r') ? 1 : 0;
    const body = current.slice(0, current.length - trailingCr);
    if (!/^[ \t]*$/.test(body.slice(0, indent))) throw new RangeError('only indentation can be moved');
    const moved = body.slice(indent) + body.slice(0, indent).replace(/\t/g, ' ') + (trailingCr ? '\r' : '');
    for (let at = 0; at < moved.length; at += 1) this.chars[line.start + at] = moved[at] ?? ' ';
  }

  /** The edited text: same length, line breaks at the same offsets. */
  toString(): string {
    return this.chars.join('');
  }
}

/** Leading blanks of a line, tabs counted as reaching the next multiple of 4. */
export function indentWidth(text: string): number {
  let width = 0;
  for (const char of text) {
    if (char === ' ') width += 1;
    else if (char === '\t') width += 4 - (width % 4);
    else break;
  }
  return width;
}

/** True when a line holds nothing but blanks. */
export function isBlankLine(text: string): boolean {
  return /^[ \t\r]*$/.test(text);
}

import { sourceLines, type SourceLine } from './source-editor.ts';

/** A line of a page with whether it sits inside a fenced code block (fence lines included). */
export interface MarkdownLine extends SourceLine {
  readonly inCode: boolean;
}

const FENCE = /^[ \t]*(`{3,}|~{3,})/;

/**
 * The lines of a page, each marked when it belongs to a fenced code block. Fences are matched at
 * any indentation, since in MDX they are often indented inside components (`<TabItem>`), and
 * generator syntax inside a code block is shown as written, never interpreted.
 */
export function markdownLines(source: string): MarkdownLine[] {
  const lines: MarkdownLine[] = [];
  let fence: string | null = null;
  for (const line of sourceLines(source)) {
    const match = FENCE.exec(line.text);
    const marker = match?.[1] ?? null;
    if (fence === null) {
      if (marker !== null) fence = marker;
      lines.push({ ...line, inCode: marker !== null });
      continue;
    }
    const closes = marker !== null && marker[0] === fence[0] && marker.length >= fence.length && line.text.trim() === marker;
    lines.push({ ...line, inCode: true });
    if (closes) fence = null;
  }
  return lines;
}

/** An ATX heading line (`## Title`), up to three spaces of indentation. */
export const ATX_HEADING = /^ {0,3}#{1,6}(?:[ \t]|$)/;

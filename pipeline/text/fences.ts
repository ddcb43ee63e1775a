/**
 * Fenced code as CommonMark reads it, line by line: a fence opens with three or more backticks or
 * tildes (a backtick fence's info string holds no backtick) and closes with the same character, at
 * least as many, and nothing after. An unclosed fence runs to the end of the document.
 */

const FENCE = /^([ \t]*)(`{3,}|~{3,})(.*)$/;

export interface Fence {
  /** `` ` `` or `~`. */
  readonly char: string;
  readonly length: number;
  /** The opening line's indentation. */
  readonly indent: string;
  /** The info string, trimmed. */
  readonly info: string;
}

/** The fence a line opens, if it can open one. */
export function fenceOpened(line: string): Fence | null {
  const match = FENCE.exec(line);
  const marks = match?.[2];
  if (match === null || marks === undefined) return null;
  const info = (match[3] ?? '').trim();
  if (marks.startsWith('`') && info.includes('`')) return null;
  return { char: marks.charAt(0), length: marks.length, indent: match[1] ?? '', info };
}

/** True when a line closes `fence`. */
export function closesFence(line: string, fence: Fence): boolean {
  const match = FENCE.exec(line);
  const marks = match?.[2];
  return marks !== undefined && marks.charAt(0) === fence.char && marks.length >= fence.length && (match?.[3] ?? '').trim() === '';
}

/** The fence still open after the last line of `markdown`, or null when every fence is closed. */
export function openFenceAtEnd(markdown: string): Fence | null {
  let open: Fence | null = null;
  for (const line of markdown.split('\n')) {
    if (open === null) open = fenceOpened(line);
    else if (closesFence(line, open)) open = null;
  }
  return open;
}

/**
 * `markdown` with a fence left open at its end closed (a closing line of the opener's character
 * and length), so that text joined after it (the next section, the next page of `llms-full.txt`)
 * is not read as code. Unchanged when every fence is closed.
 */
export function withFencesClosed(markdown: string): string {
  const open = openFenceAtEnd(markdown);
  if (open === null) return markdown;
  const body = markdown.endsWith('\n') ? markdown : `${markdown}\n`;
  return `${body}${open.indent}${open.char.repeat(open.length)}\n`;
}

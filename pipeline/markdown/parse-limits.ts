/**
 * Limits on the Markdown structures that make the parser (micromark, through remark-parse) slow
 * or deep: the work it does grows with the square of some of them, and its tree's depth with
 * others. A cheap line scan before parsing refuses a file that passes one, so every accepted file
 * parses in time linear in its size; real documentation stays far below each limit.
 */
export const PARSE_LIMITS = {
  /** Blockquote and list markers opening containers on one line (`> > - 1. x`). */
  maxContainerDepth: 32,
  /** Link openers `](` not closed by a `)` within one paragraph (a block between blank lines; code is counted too, so nothing can hide a paragraph from the scan). */
  maxOpenLinkDestinations: 64,
  /** Runs of `*` or `_` (emphasis delimiters) within one paragraph. */
  maxEmphasisRuns: 1000,
  /**
   * Blockquotes and lists opened in one file (a container line after a line outside any): the
   * parser's time grows with their square when other blocks lie between them (micromark 4.0.3:
   * `'p\n\n- a\n\n'` repeated 4,000 times parses in 5.3 s, 8,000 times in 21.7 s).
   */
  maxContainerStarts: 2000,
} as const;

export type ParseLimits = { readonly [K in keyof typeof PARSE_LIMITS]: number };

/** The file holds a structure past a parse limit: refused before parsing. */
export class ParseLimitError extends Error {
  override readonly name = 'ParseLimitError';
}

const THEMATIC_BREAK = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
/** A line indented as an item's continuation. */
const CONTINUATION = /^(?: {2,}|\t)/;
const CONTAINER_MARKER = /^[ \t]*(?:>|[-*+](?=[ \t]|$)|\d{1,9}[.)](?=[ \t]|$))/;

/** How many containers the markers at the start of `line` open (a thematic break opens none). */
function containerDepth(line: string): number {
  if (THEMATIC_BREAK.test(line)) return 0;
  let depth = 0;
  let rest = line;
  for (;;) {
    const marker = CONTAINER_MARKER.exec(rest);
    if (marker === null) return depth;
    depth += 1;
    rest = rest.slice(marker[0].length);
  }
}

/** Counts, over one paragraph's text, the link destinations left open and the emphasis delimiter runs. */
function paragraphCounts(text: string): { openLinks: number; emphasisRuns: number } {
  let open = 0;
  let maxOpen = 0;
  let emphasisRuns = 0;
  for (let at = 0; at < text.length; at += 1) {
    const char = text[at];
    if (char === ']' && text[at + 1] === '(') {
      open += 1;
      maxOpen = Math.max(maxOpen, open);
      at += 1;
    } else if (char === ')' && open > 0) open -= 1;
    else if ((char === '*' || char === '_') && text[at - 1] !== char) emphasisRuns += 1;
  }
  return { openLinks: Math.max(maxOpen, open), emphasisRuns };
}

/**
 * Throws a ParseLimitError (one line, with the line number) when `source` passes a limit.
 * Linear in the size of `source`.
 */
export function checkParseLimits(source: string, limits: ParseLimits = PARSE_LIMITS): void {
  const lines = source.split('\n');
  let paragraph: string[] = [];
  let paragraphLine = 1;
  const endParagraph = (): void => {
    if (paragraph.length === 0) return;
    const { openLinks, emphasisRuns } = paragraphCounts(paragraph.join('\n'));
    paragraph = [];
    if (openLinks > limits.maxOpenLinkDestinations) {
      throw new ParseLimitError(`line ${paragraphLine}: more than ${limits.maxOpenLinkDestinations} unclosed link destinations '](' in one paragraph`);
    }
    if (emphasisRuns > limits.maxEmphasisRuns) {
      throw new ParseLimitError(`line ${paragraphLine}: more than ${limits.maxEmphasisRuns} emphasis delimiter runs ('*', '_') in one paragraph`);
    }
  };
  let containerStarts = 0;
  /** The last line inside a container: its depth and the indent of its first marker; null outside any. */
  let open: { depth: number; indent: number } | null = null;
  for (const [index, line] of lines.entries()) {
    const depth = containerDepth(line);
    if (depth > limits.maxContainerDepth) {
      throw new ParseLimitError(`line ${index + 1}: blockquotes or lists nested more than ${limits.maxContainerDepth} deep`);
    }
    if (line.trim() === '') endParagraph();
    else {
      const indent = line.length - line.trimStart().length;
      // a container line opens one when none was open, or when it lies deeper than the last one (a nested list)
      if (depth > 0 && (open === null || indent > open.indent || depth > open.depth)) containerStarts += 1;
      if (containerStarts > limits.maxContainerStarts) {
        throw new ParseLimitError(`line ${index + 1}: more than ${limits.maxContainerStarts} blockquotes or lists opened in one file; split the page`);
      }
      // an indented line continues the item or quote before it
      if (depth > 0) open = { depth, indent };
      else if (!CONTINUATION.test(line)) open = null;
      if (paragraph.length === 0) paragraphLine = index + 1;
      paragraph.push(line);
    }
  }
  endParagraph();
}

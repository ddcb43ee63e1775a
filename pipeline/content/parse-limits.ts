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
} as const;

export type ParseLimits = { readonly [K in keyof typeof PARSE_LIMITS]: number };

/** The file holds a structure past a parse limit: refused before parsing. */
export class ParseLimitError extends Error {
  override readonly name = 'ParseLimitError';
}

const THEMATIC_BREAK = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const CONTAINER_MARKER = /^[ \t]*(?:>|[-*+](?=[ \t]|$)|\d{1,9}[.)](?=[ \t]|$))/;

/** How many containers the markers at the start of `line` open (a thematic break opens none). */
export function containerDepth(line: string): number {
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
  for (const [index, line] of lines.entries()) {
    if (containerDepth(line) > limits.maxContainerDepth) {
      throw new ParseLimitError(`line ${index + 1}: blockquotes or lists nested more than ${limits.maxContainerDepth} deep`);
    }
    if (line.trim() === '') endParagraph();
    else {
      if (paragraph.length === 0) paragraphLine = index + 1;
      paragraph.push(line);
    }
  }
  endParagraph();
}

/**
 * The block structure the link filter needs: whether a line is inside a fenced code
 * block, where links are text and pass untouched. The filter cannot see every container
 * a renderer sees (list items, block quotes, HTML blocks), so it trusts a fence only when
 * the reading is certain and otherwise stops trusting fences for the rest of the answer:
 * a line wrongly treated as code could carry a live link, a line wrongly filtered cannot.
 */

interface Fence {
  readonly char: string;
  readonly length: number;
  /** Spaces before the opening run: content indented less may have left a list item. */
  readonly indent: number;
}

export interface BlockState {
  fence: Fence | null;
  /** Set once a fence-like line could not be read with certainty; fences are no longer trusted. */
  distrust: boolean;
}

function indentOf(line: string): number {
  let width = 0;
  for (const c of line) {
    if (c === ' ') width += 1;
    else if (c === '\t') width += 4 - (width % 4);
    else break;
  }
  return width;
}

/**
 * At the start of a line outside a fence: `open` (the line opens a trusted fence and
 * passes verbatim), `inline` (filter the line as text) or `hold` (more text is needed).
 *
 * @param line the line from its start, up to its newline when `complete`
 */
export function atLineStart(line: string, complete: boolean, state: BlockState): 'open' | 'inline' | 'hold' {
  if (!complete && /^[ \t>*+\-\d.)]*[`~]{0,2}$/.test(line)) return 'hold';
  // A raw HTML block can hide a fence from us (and a fence can hide one): stop trusting fences.
  if (/^ {0,3}</.test(line)) state.distrust = true;
  const fenceLike = /^(?:[ \t]*(?:>|[*+-](?=[ \t])|\d{1,9}[.)](?=[ \t])))*[ \t]*(?:`{3,}|~{3,})/.test(line);
  if (!fenceLike) return 'inline';
  const plain = /^( {0,3})(`{3,}|~{3,})(.*)$/.exec(line);
  if (plain === null || state.distrust) {
    state.distrust = true;
    return 'inline';
  }
  if (!complete) return 'hold';
  const run = plain[2] ?? '```';
  const char = run[0] ?? '`';
  if (char === '`' && (plain[3] ?? '').includes('`')) return 'inline';
  state.fence = { char, length: run.length, indent: (plain[1] ?? '').length };
  return 'open';
}

/**
 * At the start of a line inside a fence: `verbatim` (code, or the closing fence),
 * `reprocess` (the fence may have ended with its list item: read the line as text) or `hold`.
 */
export function inFence(line: string, complete: boolean, state: BlockState): 'verbatim' | 'reprocess' | 'hold' {
  const fence = state.fence;
  if (fence === null) return 'reprocess';
  const char = fence.char === '`' ? '`' : '~';
  if (!complete && new RegExp(`^ {0,3}(\\${char}+[ \\t]*)?$`).test(line)) return 'hold';
  if (new RegExp(`^ {0,3}\\${char}{${fence.length},}[ \\t]*$`).test(line)) {
    state.fence = null;
    return 'verbatim';
  }
  if (fence.indent > 0 && line.trim() !== '' && indentOf(line) < fence.indent) {
    state.fence = null;
    state.distrust = true;
    return 'reprocess';
  }
  return 'verbatim';
}

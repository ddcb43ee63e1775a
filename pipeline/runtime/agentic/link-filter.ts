import { atLineStart, inFence, type BlockState } from './link-blocks.ts';
import { parseAnchorTag, parseAutolink, parseBareUrl, parseCodeSpan, parseDefinitionAt, parseInlineLink, type Parsed } from './link-parse.ts';

/**
 * A streaming filter over Markdown text that keeps links whose target is allowed and turns
 * every other link into plain text, while the text arrives in arbitrary deltas:
 * - `[text](url)` becomes `text`; `![alt](url)` becomes `alt` (between zero-width spaces);
 * - an autolink `<url>` becomes its url as text, and a url or email address in the text
 *   (which GFM would link) gets a zero-width space that keeps it from being linked;
 * - a raw `<a href>` tag is removed (its text stays);
 * - any other `[` or `<` that opens nothing is escaped, so that no later change can make
 *   it open a link, and so is a run of backticks that closes no code span on its line (a
 *   renderer could pair it with one on a later line); reference definitions to allowed urls
 *   are kept, references are text.
 * Code spans and trusted fenced code blocks pass through untouched (see link-blocks.ts).
 * Text that could still become a link is held back until it is decided, at most
 * HOLD_LIMIT characters: a longer construct is not treated as a link. The output does
 * not depend on how the input was split into deltas.
 */
export interface LinkFilter {
  /** Feeds one delta; returns the text that is now decided (possibly empty). */
  push(delta: string): string;
  /** Ends the input; returns everything still held back, decided. */
  flush(): string;
}

const HOLD_LIMIT = 2_000;

const ZWSP = '\u200B';

/** The text of a url or address, with a zero-width space where GFM would start a link literal. */
function defuse(text: string): string {
  return text
    .replace(/:\/\//g, `${ZWSP}://`)
    .replace(/@/g, `${ZWSP}@`)
    .replace(/www/gi, `$&${ZWSP}`)
    .replace(/(mailto|xmpp):/gi, `$1${ZWSP}:`);
}

type Step = { out: string; next: number } | 'hold';

export function createLinkFilter(isAllowed: (url: string) => boolean, inline = false): LinkFilter {
  let buffer = '';
  let lineStart = !inline;
  /** The last input character consumed (what precedes a url literal matters). */
  let prev = '';
  /** `<a>` tags removed whose `</a>` is still to be removed. */
  let openAnchors = 0;
  /** Spaces consumed since the line began when nothing else was, else -1 (where a fence may stand). */
  let indent = inline ? -1 : 0;
  const blocks: BlockState = { fence: null, distrust: inline };

  /** The whole of `text` (link text of a complete link), filtered as inline content. */
  const nested = (text: string): string => {
    const inner = createLinkFilter(isAllowed, true);
    return inner.push(text) + inner.flush();
  };

  /** Runs a recogniser on at most HOLD_LIMIT characters, so that holding is bounded and split-independent. */
  function parse<T>(at: number, final: boolean, recognise: (s: string, start: number, final: boolean) => Parsed<T>): Parsed<T> {
    const window = buffer.slice(at, at + HOLD_LIMIT);
    return recognise(window, 0, final || window.length >= HOLD_LIMIT);
  }

  /** The line starting at `i` (within the window), and whether it is complete. */
  function lineAt(i: number, final: boolean): { line: string; complete: boolean } {
    const rest = buffer.slice(i, i + HOLD_LIMIT);
    const newline = rest.indexOf('\n');
    if (newline !== -1) return { line: rest.slice(0, newline), complete: true };
    return { line: rest, complete: final || rest.length >= HOLD_LIMIT };
  }

  /** The rest of the line from `i`, verbatim (with its newline when there is one). */
  function lineRest(i: number): Step {
    const newline = buffer.indexOf('\n', i);
    const next = newline === -1 ? buffer.length : newline + 1;
    return { out: buffer.slice(i, next), next };
  }

  function urlMayStart(i: number): boolean {
    const before = i > 0 ? (buffer[i - 1] ?? '') : prev;
    return /[hw]/i.test(buffer[i] ?? '') && !/[A-Za-z]/.test(before);
  }

  /**
   * True when the backtick run of `n` at `i` is a fence's: at most three spaces before it on its
   * line, at least three backticks, no backtick after it (CommonMark reads such a line as a fence
   * wherever it stands, since a fence interrupts a paragraph).
   */
  function fenceShaped(i: number, n: number, final: boolean): boolean {
    return indent >= 0 && indent <= 3 && n >= 3 && !lineAt(i, final).line.slice(n).includes('`');
  }

  /** One inline step at `i` (outside code blocks). */
  function inlineStep(i: number, final: boolean): Step {
    const c = buffer[i] ?? '';
    if (c === '\\') {
      if (i + 1 >= buffer.length) return final ? { out: c, next: i + 1 } : 'hold';
      return /[!-/:-@[-`{-~]/.test(buffer[i + 1] ?? '') ? { out: buffer.slice(i, i + 2), next: i + 2 } : { out: c, next: i + 1 };
    }
    if (c === '`') {
      let n = 0;
      while (buffer[i + n] === '`') n += 1;
      if (i + n >= buffer.length && !final) return 'hold';
      const end = parse(i, final, (s, start, f) => parseCodeSpan(s, start, n, f));
      if (end === 'incomplete') return 'hold';
      // a run that closes nothing on its line is escaped, as a `[` that opens nothing is: left
      // bare, a renderer may close it on a later line and read as text what was passed as code;
      // a fence-shaped line (read as text once fences are not trusted) is a fence to any
      // renderer, never the start of a code span, and stays as written
      if (end === null) return { out: fenceShaped(i, n, final) ? '`'.repeat(n) : '\\`'.repeat(n), next: i + n };
      return { out: buffer.slice(i, i + end), next: i + end };
    }
    if (c === '[' || (c === '!' && buffer[i + 1] === '[')) return linkStep(i, final);
    if (c === '!' && i + 1 >= buffer.length && !final) return 'hold';
    if (c === '<') return angleStep(i, final);
    if (urlMayStart(i)) {
      const bare = parse(i, final, parseBareUrl);
      if (bare === 'incomplete') return 'hold';
      if (bare !== null) {
        const target = /^www\./i.test(bare.url) ? `http://${bare.url}` : bare.url;
        return { out: isAllowed(target) ? bare.url : defuse(bare.url), next: i + bare.end };
      }
    }
    if (c === '@') {
      // GFM links `me@host.example` (mailto:); the local part is already out, so the `@` is defused.
      const before = i > 0 ? (buffer[i - 1] ?? '') : prev;
      return { out: /[-.\w+]/.test(before) ? defuse(c) : c, next: i + 1 };
    }
    // Plain text: up to the next character that may start a construct.
    let j = i + 1;
    while (j < buffer.length && !/[\n\\`![<@hHwW]/.test(buffer[j] ?? '')) j += 1;
    return { out: buffer.slice(i, j), next: j };
  }

  function linkStep(i: number, final: boolean): Step {
    const image = buffer[i] === '!';
    const from = image ? i + 1 : i;
    const link = parse(from, final, parseInlineLink);
    if (link === 'incomplete') return 'hold';
    if (link === null) return image ? { out: '!', next: i + 1 } : definitionStep(i, final);
    const text = nested(buffer.slice(from + link.textStart, from + link.textEnd));
    const next = from + link.end;
    // Zero-width spaces keep the text from joining its neighbours into a url literal.
    if (!isAllowed(link.destination)) return { out: `${ZWSP}${text}${ZWSP}`, next };
    return { out: `${image ? '!' : ''}[${text}${buffer.slice(from + link.textEnd, next)}`, next };
  }

  /**
   * A `[` that opens no inline link: kept when it opens a reference definition to an allowed
   * url; else escaped, so that nothing the filter changes later can make it open a link
   * (a reference, or a definition, or an inline link joined across removed text).
   */
  function definitionStep(i: number, final: boolean): Step {
    const definition = parse(i, final, parseDefinitionAt);
    if (definition === 'incomplete') return 'hold';
    const keep = definition !== null && definition.destination !== '' && isAllowed(definition.destination);
    return { out: keep ? '[' : '\\[', next: i + 1 };
  }

  /** `<` starts an autolink, a raw `<a>` tag, or nothing. */
  function angleStep(i: number, final: boolean): Step {
    const auto = parse(i, final, parseAutolink);
    const tag = parse(i, final, parseAnchorTag);
    if (auto === 'incomplete' || tag === 'incomplete') return 'hold';
    if (auto !== null) return { out: isAllowed(auto.url) ? buffer.slice(i, i + auto.end) : defuse(auto.url), next: i + auto.end };
    // Escaped, a lone `<` cannot open a tag or an autolink with text that follows.
    if (tag === null) return { out: '\\<', next: i + 1 };
    const next = i + tag.end;
    if (tag.closing) {
      if (openAnchors === 0) return { out: buffer.slice(i, next), next };
      openAnchors -= 1;
      return { out: ZWSP, next };
    }
    if (tag.href !== null && isAllowed(tag.href)) return { out: buffer.slice(i, next), next };
    openAnchors += 1;
    return { out: ZWSP, next };
  }

  /** The next step at `i`: block structure first, then inline text. */
  function stepAt(i: number, final: boolean): Step {
    if (blocks.fence !== null) {
      if (!lineStart) return lineRest(i);
      const { line, complete } = lineAt(i, final);
      const decision = inFence(line, complete, blocks);
      if (decision === 'hold') return 'hold';
      if (decision === 'verbatim') return lineRest(i);
    }
    if (buffer[i] === '\n') return { out: '\n', next: i + 1 };
    if (lineStart) {
      const { line, complete } = lineAt(i, final);
      const decision = atLineStart(line, complete, blocks);
      if (decision === 'hold') return 'hold';
      if (decision === 'open') return lineRest(i);
    }
    return inlineStep(i, final);
  }

  function run(final: boolean): string {
    let out = '';
    let i = 0;
    while (i < buffer.length) {
      const step = stepAt(i, final);
      if (step === 'hold') break;
      out += step.out;
      const consumed = buffer.slice(i, step.next);
      const newline = consumed.lastIndexOf('\n');
      if (newline !== -1) indent = 0;
      const tail = consumed.slice(newline + 1);
      if (indent >= 0) indent = /^ *$/.test(tail) ? indent + tail.length : -1;
      prev = buffer[step.next - 1] ?? prev;
      lineStart = prev === '\n';
      i = step.next;
    }
    buffer = buffer.slice(i);
    return out;
  }

  return {
    push(delta) {
      buffer += delta;
      return run(false);
    },
    flush() {
      const out = run(true);
      buffer = '';
      return out;
    },
  };
}

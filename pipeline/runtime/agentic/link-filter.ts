import { parseAnchorTag, parseAutolink, parseBareUrl, parseCodeSpan, parseDefinitionAt, parseInlineLink, type Parsed } from './link-parse.ts';

/**
 * A streaming filter over Markdown text that keeps links whose target is allowed and turns
 * every other link into plain text, while the text arrives in arbitrary deltas:
 * - `[text](url)` becomes `text`; `![alt](url)` becomes `alt`;
 * - `<url>` autolinks and bare `https://`, `http://`, `www.` urls become inline code;
 * - a reference definition `[label]: url` has its `[` escaped (so `[x][label]` stays text);
 * - a raw `<a href>` tag is removed (its text stays);
 * - a bare email address becomes inline code (GFM would make it a mailto link).
 * Code spans and fenced code blocks pass through untouched. Text that could still become
 * a link is held back until it is decided, at most HOLD_LIMIT characters: a construct
 * longer than that is not treated as a link. The output does not depend on how the
 * input was split into deltas.
 */
export interface LinkFilter {
  /** Feeds one delta; returns the text that is now decided (possibly empty). */
  push(delta: string): string;
  /** Ends the input; returns everything still held back, decided. */
  flush(): string;
}

export const HOLD_LIMIT = 2_000;

/** Characters of a word, as GFM's email and url literals see them. */
const WORD = /[-.\w+]/;

interface State {
  lineStart: boolean;
  /** The last input character consumed (for GFM's "preceded by whitespace" rule). */
  prev: string;
  fence: { char: string; length: number } | null;
  /** `<a>` tags removed whose `</a>` is still to be removed. */
  openAnchors: number;
  /** The last character output, and whether it closed a code span this filter made. */
  lastOut: string;
  afterSpan: boolean;
}

/** `span`: the output is a code span this filter made (kept apart from neighbouring backticks). */
type Step = { out: string; next: number; span?: boolean } | 'hold';

/** Wraps text as an inline code span (longer fence when it contains backticks). */
function codeSpan(text: string): string {
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}

export function createLinkFilter(isAllowed: (url: string) => boolean, inline = false): LinkFilter {
  let buffer = '';
  const state: State = { lineStart: !inline, prev: '', fence: null, openAnchors: 0, lastOut: '', afterSpan: false };

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

  function fenceLine(i: number, final: boolean): Step {
    const fence = state.fence;
    if (fence === null) return 'hold';
    const newline = buffer.indexOf('\n', i);
    const line = newline === -1 ? buffer.slice(i) : buffer.slice(i, newline);
    const closing = new RegExp(`^ {0,3}\\${fence.char}{${fence.length},}[ \\t]*$`);
    if (newline === -1 && !final && line.length < HOLD_LIMIT) {
      const couldClose = new RegExp(`^ {0,3}(\\${fence.char}+[ \\t]*)?$`).test(line);
      if (couldClose) return 'hold';
    }
    if (closing.test(line)) state.fence = null;
    const next = newline === -1 ? buffer.length : newline + 1;
    return { out: buffer.slice(i, next), next };
  }

  /** A fence opening at the start of a line. */
  function lineStartStep(i: number, final: boolean): Step | null {
    const rest = buffer.slice(i, i + HOLD_LIMIT);
    const decided = final || rest.length >= HOLD_LIMIT;
    const newline = rest.indexOf('\n');
    const line = newline === -1 ? rest : rest.slice(0, newline);
    const opener = /^ {0,3}(`{3,}|~{3,})/.exec(line);
    if (opener?.[1] !== undefined) {
      if (newline === -1 && !decided) return 'hold';
      const run = opener[1];
      const char = run[0] ?? '`';
      if (char === '`' && line.slice(opener[0].length).includes('`')) return null;
      state.fence = { char, length: run.length };
      const next = i + (newline === -1 ? line.length : newline + 1);
      return { out: buffer.slice(i, next), next };
    }
    if (newline === -1 && !decided && /^ {0,3}(`{1,2}|~{1,2})?$/.test(line)) return 'hold';
    return null;
  }

  /** One inline step at `i` (outside code blocks). */
  function inlineStep(i: number, final: boolean): Step {
    const c = buffer[i] ?? '';
    if (c === '\\') {
      if (i + 1 >= buffer.length) return final ? { out: c, next: i + 1 } : 'hold';
      // Only ASCII punctuation can be escaped; before anything else the backslash is a plain character,
      // written escaped so that it cannot escape a backtick we add next.
      const escapes = /[!-/:-@[-`{-~]/.test(buffer[i + 1] ?? '');
      return escapes ? { out: buffer.slice(i, i + 2), next: i + 2 } : { out: '\\\\', next: i + 1 };
    }
    if (c === '`') {
      let n = 0;
      while (buffer[i + n] === '`') n += 1;
      if (i + n >= buffer.length && !final) return 'hold';
      const end = parse(i, final, (s, start, f) => parseCodeSpan(s, start, n, f));
      if (end === 'incomplete') return 'hold';
      // An unmatched run is literal; escaped, it cannot pair with the backticks of a code span we add.
      return end === null ? { out: '\\`'.repeat(n), next: i + n } : { out: buffer.slice(i, i + end), next: i + end };
    }
    if (c === '[' || (c === '!' && buffer[i + 1] === '[')) {
      const image = c === '!';
      const link = parse(image ? i + 1 : i, final, parseInlineLink);
      if (link === 'incomplete') return 'hold';
      if (link === null) return image ? { out: c, next: i + 1 } : definitionStep(i, final);
      const from = image ? i + 1 : i;
      const text = nested(buffer.slice(from + link.textStart, from + link.textEnd));
      const next = from + link.end;
      if (!isAllowed(link.destination)) return { out: text, next };
      return { out: `${image ? '!' : ''}[${text}${buffer.slice(from + link.textEnd, next)}`, next };
    }
    if (c === '!' && i + 1 >= buffer.length && !final) return 'hold';
    if (c === '<') {
      const auto = parse(i, final, parseAutolink);
      const tag = parse(i, final, parseAnchorTag);
      if (auto === 'incomplete' || tag === 'incomplete') return 'hold';
      if (auto !== null) {
        const keep = isAllowed(auto.url);
        return { out: keep ? buffer.slice(i, i + auto.end) : codeSpan(auto.url), next: i + auto.end, span: !keep };
      }
      if (tag !== null) return anchorStep(i, tag);
      return { out: c, next: i + 1 };
    }
    if (urlMayStart(i)) {
      const bare = parse(i, final, parseBareUrl);
      if (bare === 'incomplete') return 'hold';
      if (bare !== null) {
        const target = /^www\./i.test(bare.url) ? `http://${bare.url}` : bare.url;
        const keep = isAllowed(target);
        return { out: keep ? bare.url : codeSpan(bare.url), next: i + bare.end, span: !keep };
      }
    }
    if (WORD.test(c)) return wordStep(i, final);
    // Plain text: up to the next character that may start a construct or a word.
    let j = i + 1;
    while (j < buffer.length && !/[\n\\`![<\-.\w+]/.test(buffer[j] ?? '')) j += 1;
    return { out: buffer.slice(i, j), next: j };
  }

  /** Where renderers start a literal url: `http…` or `www.` after anything but a letter. */
  function urlMayStart(i: number): boolean {
    const prev = i > 0 ? (buffer[i - 1] ?? '') : state.prev;
    return /[hw]/i.test(buffer[i] ?? '') && !/[A-Za-z]/.test(prev);
  }

  /**
   * A word, or the email address it starts (GFM links `me@host.example` as mailto:, and
   * the local part comes before anything shows it is one): held until its end is known.
   */
  function wordStep(i: number, final: boolean): Step {
    const decided = final || buffer.length - i >= HOLD_LIMIT;
    let e = i + 1;
    while (e < buffer.length && WORD.test(buffer[e] ?? '') && !urlMayStart(e)) e += 1;
    if (e >= buffer.length && !decided) return 'hold';
    if (buffer[e] === '@') {
      let d = e + 1;
      while (d < buffer.length && /[-.\w]/.test(buffer[d] ?? '')) d += 1;
      if (d >= buffer.length && !decided) return 'hold';
      const email = /^[-.\w+]+@[-\w]+(?:\.[-\w]+)+/.exec(buffer.slice(i, d));
      if (email) {
        const keep = isAllowed(`mailto:${email[0]}`);
        return { out: keep ? email[0] : codeSpan(email[0]), next: i + email[0].length, span: !keep };
      }
    }
    return { out: buffer.slice(i, e), next: e };
  }

  /**
   * `[label]: destination` (a reference definition, inside any container): kept when the
   * destination is allowed, else its `[` is escaped so that it defines nothing.
   */
  function definitionStep(i: number, final: boolean): Step {
    const definition = parse(i, final, parseDefinitionAt);
    if (definition === 'incomplete') return 'hold';
    const keep = definition === null || (definition !== '' && isAllowed(definition));
    return { out: keep ? '[' : '\\[', next: i + 1 };
  }

  function anchorStep(i: number, tag: { href: string | null; closing: boolean; end: number }): Step {
    const next = i + tag.end;
    if (tag.closing) {
      if (state.openAnchors === 0) return { out: buffer.slice(i, next), next };
      state.openAnchors -= 1;
      return { out: '', next };
    }
    if (tag.href !== null && isAllowed(tag.href)) return { out: buffer.slice(i, next), next };
    state.openAnchors += 1;
    return { out: '', next };
  }

  function run(final: boolean): string {
    let out = '';
    let i = 0;
    while (i < buffer.length) {
      let step: Step | null;
      if (state.fence !== null) step = state.lineStart ? fenceLine(i, final) : lineRest(i);
      else if (buffer[i] === '\n') step = { out: '\n', next: i + 1 };
      else if (state.lineStart) step = lineStartStep(i, final) ?? inlineStep(i, final);
      else step = inlineStep(i, final);
      if (step === 'hold') break;
      out += separate(step);
      state.prev = buffer[step.next - 1] ?? state.prev;
      state.lineStart = state.prev === '\n';
      i = step.next;
    }
    buffer = buffer.slice(i);
    return out;
  }

  /** A space between a code span we made and a backtick or backslash next to it, which would break it. */
  function separate(step: { out: string; span?: boolean }): string {
    if (step.out === '') return '';
    let text = step.out;
    if ((step.span === true && /[`\\]/.test(state.lastOut)) || (state.afterSpan && text.startsWith('`'))) text = ` ${text}`;
    state.lastOut = text.at(-1) ?? '';
    state.afterSpan = step.span === true;
    return text;
  }

  /** The rest of a line inside a fenced block, verbatim. */
  function lineRest(i: number): Step {
    const newline = buffer.indexOf('\n', i);
    const next = newline === -1 ? buffer.length : newline + 1;
    return { out: buffer.slice(i, next), next };
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

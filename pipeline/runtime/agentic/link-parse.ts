/**
 * Recognisers for the Markdown constructs that make links (CommonMark + GFM), each
 * starting at a given position of a text that may still grow. Each returns the
 * construct, `null` when the text there is definitely not one, or `'incomplete'`
 * when only more text can tell. With `final`, nothing is incomplete.
 */

export type Parsed<T> = T | null | 'incomplete';

const more = (final: boolean): 'incomplete' | null => (final ? null : 'incomplete');

/** Index just past a line ending followed by a blank line at `at` (a paragraph break), 0 if none, -1 if unknown yet. */
function blankLineAt(s: string, at: number, final: boolean): number {
  let j = at + 1;
  while (j < s.length && (s[j] === ' ' || s[j] === '\t')) j += 1;
  if (j >= s.length) return final ? 0 : -1;
  return s[j] === '\n' ? j : 0;
}

/** Skips spaces, tabs and at most one line ending; -1 when the text ends there. */
function skipSpace(s: string, at: number): number {
  let j = at;
  let newlines = 0;
  while (j < s.length && (s[j] === ' ' || s[j] === '\t' || (s[j] === '\n' && newlines++ === 0))) j += 1;
  return j >= s.length ? -1 : j;
}

function unescapeMarkdown(text: string): string {
  return text.replace(/\\([!-/:-@[-`{-~])/g, '$1');
}

export interface InlineLink {
  readonly textStart: number;
  readonly textEnd: number;
  readonly destination: string;
  readonly end: number;
}

/** `[text](destination "title")` with `s[start] === '['`. */
export function parseInlineLink(s: string, start: number, final: boolean): Parsed<InlineLink> {
  let j = start + 1;
  let depth = 1;
  for (; j < s.length; j += 1) {
    const c = s[j];
    if (c === '\\') j += 1;
    else if (c === '[') depth += 1;
    else if (c === ']' && --depth === 0) break;
    else if (c === '\n') {
      const blank = blankLineAt(s, j, final);
      if (blank === -1) return 'incomplete';
      if (blank > 0) return null;
    }
  }
  if (j >= s.length) return more(final);
  const textEnd = j;
  if (textEnd + 1 >= s.length) return more(final);
  if (s[textEnd + 1] !== '(') return null;
  let k = skipSpace(s, textEnd + 2);
  if (k === -1) return more(final);
  let destination: string;
  if (s[k] === '<') {
    const close = s.slice(k + 1).search(/[>\n]/);
    if (close === -1) return more(final);
    if (s[k + 1 + close] === '\n') return null;
    destination = s.slice(k + 1, k + 1 + close);
    k = k + 2 + close;
  } else {
    let p = k;
    let parens = 0;
    for (; p < s.length; p += 1) {
      const c = s[p] ?? '';
      if (c === '\\') p += 1;
      else if (c <= ' ') break;
      else if (c === '(') parens += 1;
      else if (c === ')') {
        if (parens === 0) break;
        parens -= 1;
      }
    }
    if (p >= s.length) return more(final);
    destination = s.slice(k, p);
    k = p;
  }
  k = skipSpace(s, k);
  if (k === -1) return more(final);
  const opener = s[k];
  if (opener === '"' || opener === "'" || opener === '(') {
    const closer = opener === '(' ? ')' : opener;
    let t = k + 1;
    for (; t < s.length && s[t] !== closer; t += 1) if (s[t] === '\\') t += 1;
    if (t >= s.length) return more(final);
    k = skipSpace(s, t + 1);
    if (k === -1) return more(final);
  }
  if (s[k] !== ')') return null;
  return { textStart: start + 1, textEnd, destination: unescapeMarkdown(destination), end: k + 1 };
}

/** `<scheme:...>` or `<user@host>` with `s[start] === '<'`. The url is as a renderer would link it. */
export function parseAutolink(s: string, start: number, final: boolean): Parsed<{ url: string; end: number }> {
  const rest = s.slice(start);
  const uri = /^<([A-Za-z][A-Za-z0-9+.-]{1,31}:[^\s<>]*)>/.exec(rest);
  if (uri?.[1] !== undefined) return { url: uri[1], end: start + uri[0].length };
  const email = /^<([A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*)>/.exec(rest);
  if (email?.[1] !== undefined) return { url: `mailto:${email[1]}`, end: start + email[0].length };
  if (/^<[A-Za-z][A-Za-z0-9+.-]{0,31}(:[^\s<>]*)?$/.test(rest) || /^<[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]*(@[A-Za-z0-9.-]*)?$/.test(rest)) {
    return more(final);
  }
  return null;
}

/** A raw HTML `<a ...>` or `</a>` tag with `s[start] === '<'`. */
export function parseAnchorTag(s: string, start: number, final: boolean): Parsed<{ href: string | null; closing: boolean; end: number }> {
  const rest = s.slice(start);
  const open = /^<a(?=[\s>])[^>]*>/i.exec(rest);
  if (open) {
    const href = /\shref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i.exec(open[0]);
    return { href: href ? (href[1] ?? href[2] ?? href[3] ?? '') : null, closing: false, end: start + open[0].length };
  }
  const close = /^<\/a\s*>/i.exec(rest);
  if (close) return { href: null, closing: true, end: start + close[0].length };
  if (/^<(?:a(?:\s[^>]*)?|\/(?:a\s*)?)?$/i.test(rest)) return more(final);
  return null;
}

const BARE_PREFIXES = ['https://', 'http://', 'www.'];

/**
 * A GFM autolink literal (`https://…`, `http://…`, `www.…`) at `start`; the caller checks
 * what precedes it. Trailing punctuation and an unbalanced `)` are not part of it, as in GFM.
 */
export function parseBareUrl(s: string, start: number, final: boolean): Parsed<{ url: string; end: number }> {
  const head = s.slice(start, start + 8).toLowerCase();
  const prefix = BARE_PREFIXES.find((p) => head.startsWith(p));
  if (prefix === undefined) {
    const partial = BARE_PREFIXES.some((p) => p.startsWith(head)) && start + head.length === s.length;
    return partial ? more(final) : null;
  }
  // Ends at whitespace or `<` as in GFM, and also before `[`, `` ` `` and `\` (a link, code span or
  // escape there is read on its own: `www.\`x` must not swallow the backslash, or the escaped
  // backtick would look like the start of a code span; the url before it is defused either way).
  const stop = s.slice(start).search(/[\s<[`\\]/);
  if (stop === -1 && !final) return 'incomplete';
  let url = stop === -1 ? s.slice(start) : s.slice(start, start + stop);
  for (let last = url.at(-1); last !== undefined && url.length > prefix.length; last = url.at(-1)) {
    const unbalanced = last === ')' && url.split(')').length > url.split('(').length;
    if (!'?!.,:*_~\'"'.includes(last) && !unbalanced) break;
    url = url.slice(0, -1);
  }
  return { url, end: start + url.length };
}

export interface Definition {
  /** The label, between the brackets. */
  readonly label: string;
  /** The destination ('' when it is on a later line). */
  readonly destination: string;
  /** The index of the `:` after the label. */
  readonly colon: number;
}

/** A link reference definition `[label]: destination` at `start` (where `[` is), or null when this is none. */
export function parseDefinitionAt(s: string, start: number, final: boolean): Parsed<Definition> {
  const head = /^\[((?:[^[\]\\]|\\.)*)\]:/.exec(s.slice(start));
  if (!head || /\n[ \t]*\n/.test(head[1] ?? '')) return null;
  const found = (destination: string): Definition => ({ label: head[1] ?? '', destination, colon: start + head[0].length - 1 });
  const after = s.slice(start + head[0].length).replace(/^[ \t]*/, '');
  if (after === '') return final ? found('') : 'incomplete';
  if (after[0] === '\n') return found('');
  if (after[0] === '<') {
    const close = after.search(/[>\n]/);
    if (close === -1) return final ? found('') : 'incomplete';
    return found(after[close] === '>' ? unescapeMarkdown(after.slice(1, close)) : '');
  }
  const run = /^\S+/.exec(after)?.[0] ?? '';
  // The destination is complete once a character follows it.
  if (run.length === after.length && !final) return 'incomplete';
  return found(unescapeMarkdown(run));
}

/**
 * The end (exclusive) of an inline code span whose opening run of `n` backticks starts at
 * `start`, on the same line; null when there is none (the backticks are literal).
 */
export function parseCodeSpan(s: string, start: number, n: number, final: boolean): Parsed<number> {
  let j = start + n;
  while (j < s.length) {
    const c = s[j];
    if (c === '`') {
      let m = 0;
      while (j + m < s.length && s[j + m] === '`') m += 1;
      if (j + m >= s.length && !final) return 'incomplete';
      if (m === n) return j + m;
      j += m;
    } else if (c === '\n') {
      // Only spans within one line: a span across lines may cross blocks we cannot see.
      return null;
    } else {
      j += 1;
    }
  }
  return more(final);
}

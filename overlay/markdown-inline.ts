import { el, type LinkTarget, type MdNode } from './markdown-tree.ts';

/**
 * The inline part of answer Markdown (a paragraph's, heading's or cell's text) as tree nodes:
 * code spans, `*`/`_` emphasis and strong, `~~` strikethrough, links (`[text](url)`, `<url>`
 * and bare http(s) urls, kept as links only when `link` gives a target), images as their alt
 * text, hard breaks, backslash escapes and character references. Anything else, raw HTML
 * included, is text. Constructs that are not closed yet (the answer is still streaming) are
 * text until they are.
 */

const PUNCTUATION = /[!-/:-@[-`{-~]/;
const SPACE = /\s/;
const ALNUM = /[\p{L}\p{N}]/u;
const AUTOLINK = /^<([a-z][a-z\d+.-]{1,31}:[^\s<>]*)>/i;
const BARE_URL = /^https?:\/\/[^\s<]+/;
const ENTITY = /^&(#\d{1,7}|#x[\da-f]{1,6}|amp|lt|gt|quot|apos|nbsp);/i;
const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

function runLength(text: string, at: number, char: string): number {
  let end = at;
  while (text[end] === char) end += 1;
  return end - at;
}

/** The end of a code span opened by the backtick run at `at`, or -1 when it is not closed. */
function codeEnd(text: string, at: number, length: number): number {
  for (let index = text.indexOf('`', at + length); index !== -1; ) {
    const run = runLength(text, index, '`');
    if (run === length) return index;
    index = text.indexOf('`', index + run);
  }
  return -1;
}

/** The index just past a code span or escape starting at `at`, or `at + 1` for any other character. */
function skip(text: string, at: number): number {
  if (text[at] === '\\') return at + 2;
  if (text[at] !== '`') return at + 1;
  const run = runLength(text, at, '`');
  const end = codeEnd(text, at, run);
  return end === -1 ? at + run : end + run;
}

function decodeEntity(reference: string): string {
  const name = reference.toLowerCase();
  if (!name.startsWith('#')) return NAMED[name] ?? '';
  const code = name.startsWith('#x') ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
  return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '\ufffd';
}

interface LinkParts {
  readonly label: string;
  readonly href: string;
  readonly end: number;
}

/** `[label](destination "title")` starting at the `[` at `at`. */
function linkAt(text: string, at: number): LinkParts | undefined {
  let depth = 0;
  let close = -1;
  for (let index = at; index < text.length; index = skip(text, index)) {
    if (text[index] === '[') depth += 1;
    else if (text[index] === ']' && (depth -= 1) === 0) {
      close = index;
      break;
    }
  }
  if (close === -1 || text[close + 1] !== '(') return undefined;
  let index = close + 2;
  while (text[index] === ' ' || text[index] === '\n') index += 1;
  let href = '';
  if (text[index] === '<') {
    const end = text.indexOf('>', index);
    if (end === -1 || text.slice(index, end).includes('\n')) return undefined;
    href = text.slice(index + 1, end);
    index = end + 1;
  } else {
    let parens = 0;
    const start = index;
    for (; index < text.length && !SPACE.test(text[index] ?? ''); index += 1) {
      const char = text[index];
      if (char === '\\') index += 1;
      else if (char === '(') parens += 1;
      else if (char === ')' && (parens -= 1) < 0) break;
    }
    href = text.slice(start, index).replace(/\\([!-/:-@[-`{-~])/g, '$1');
  }
  while (text[index] === ' ' || text[index] === '\n') index += 1;
  const quote = text[index];
  if (quote === '"' || quote === "'" || quote === '(') {
    const end = text.indexOf(quote === '(' ? ')' : quote, index + 1);
    if (end === -1) return undefined;
    index = end + 1;
    while (text[index] === ' ' || text[index] === '\n') index += 1;
  }
  return text[index] === ')' ? { label: text.slice(at + 1, close), href, end: index + 1 } : undefined;
}

/** A bare url's end: trailing punctuation is not part of it, nor an unbalanced `)`. */
function bareUrl(url: string): string {
  let end = url.replace(/[?!.,:;*_~'"]+$/, '');
  while (end.endsWith(')') && (end.match(/\(/g)?.length ?? 0) < (end.match(/\)/g)?.length ?? 0)) end = end.slice(0, -1).replace(/[?!.,:;*_~'"]+$/, '');
  return end;
}

/** The plain text of nodes (an image's alt text). */
function plain(nodes: readonly MdNode[]): string {
  return nodes.map((node) => (typeof node === 'string' ? node : plain(node.children))).join('');
}

/** Where the emphasis run of `length` `char`s opened at `at` closes, or -1. */
function closerOf(text: string, at: number, char: string, length: number): number {
  for (let index = at + length; index < text.length; ) {
    if (text[index] !== char) {
      index = skip(text, index);
      continue;
    }
    const run = runLength(text, index, char);
    const flanking = !SPACE.test(text[index - 1] ?? ' ') && (char !== '_' || !ALNUM.test(text[index + run] ?? ' '));
    if (run === length && flanking) return index;
    index += run;
  }
  return -1;
}

function wrapEmphasis(char: string, length: number, children: MdNode[]): MdNode | undefined {
  if (char === '~') return length === 2 ? el('del', children) : undefined;
  if (length === 1) return el('em', children);
  if (length === 2) return el('strong', children);
  return length === 3 ? el('em', [el('strong', children)]) : undefined;
}

/** The inline nodes of `text`; inside a link's label (`inLink`) no further link is made. */
export function parseInline(text: string, link: LinkTarget, inLink = false): MdNode[] {
  const out: MdNode[] = [];
  let buffer = '';
  const push = (...nodes: MdNode[]): void => {
    if (buffer !== '') out.push(buffer);
    buffer = '';
    for (const node of nodes) {
      const last = out.at(-1);
      if (typeof node === 'string' && typeof last === 'string') out[out.length - 1] = last + node;
      else out.push(node);
    }
  };
  const linkOrText = (href: string, children: MdNode[]): void => {
    const target = inLink ? undefined : link(href);
    push(...(target === undefined ? children : [{ tag: 'a' as const, href: target, children }]));
  };
  let index = 0;
  while (index < text.length) {
    const char = text[index] ?? '';
    const rest = text.slice(index);
    if (char === '\\' && PUNCTUATION.test(text[index + 1] ?? '')) {
      buffer += text[index + 1];
      index += 2;
    } else if (char === '\n' || (char === '\\' && text[index + 1] === '\n')) {
      const hard = char === '\\' || buffer.endsWith('  ');
      buffer = buffer.replace(/ +$/, '');
      if (hard) push(el('br'));
      else buffer += '\n';
      index += char === '\\' ? 2 : 1;
      while (text[index] === ' ') index += 1;
    } else if (char === '`') {
      const run = runLength(text, index, '`');
      const end = codeEnd(text, index, run);
      if (end === -1) buffer += '`'.repeat(run);
      else {
        const code = text.slice(index + run, end).replace(/\n/g, ' ');
        push(el('code', [/^ .*[^ ].* $/.test(code) ? code.slice(1, -1) : code]));
      }
      index = end === -1 ? index + run : end + run;
    } else if (char === '&' && ENTITY.test(rest)) {
      const match = ENTITY.exec(rest)?.[0] ?? '&';
      buffer += decodeEntity(match.slice(1, -1));
      index += match.length;
    } else if ((char === '[' || (char === '!' && text[index + 1] === '[')) && linkAt(text, index + (char === '!' ? 1 : 0)) !== undefined) {
      const image = char === '!';
      const parts = linkAt(text, index + (image ? 1 : 0)) as LinkParts;
      const label = parseInline(parts.label, link, true);
      // an image is its alt text: nothing is loaded
      if (image) push(plain(label));
      else linkOrText(parts.href, label);
      index = parts.end;
    } else if (char === '<' && AUTOLINK.test(rest)) {
      const url = AUTOLINK.exec(rest)?.[1] ?? '';
      linkOrText(url, [url]);
      index += url.length + 2;
    } else if (char === 'h' && !inLink && !ALNUM.test(text[index - 1] ?? ' ') && BARE_URL.test(rest)) {
      const url = bareUrl(BARE_URL.exec(rest)?.[0] ?? '');
      linkOrText(url, [url]);
      index += url.length;
    } else if (char === '*' || char === '_' || char === '~') {
      const run = runLength(text, index, char);
      const opens = !SPACE.test(text[index + run] ?? ' ') && (char !== '_' || !ALNUM.test(text[index - 1] ?? ' '));
      const close = opens ? closerOf(text, index, char, run) : -1;
      const node = close === -1 ? undefined : wrapEmphasis(char, run, parseInline(text.slice(index + run, close), link, inLink));
      if (node === undefined) {
        buffer += char.repeat(run);
        index += run;
      } else {
        push(node);
        index = close + run;
      }
    } else {
      buffer += char;
      index += 1;
    }
  }
  push();
  return out;
}

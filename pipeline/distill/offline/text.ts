/**
 * Plain-text helpers shared by every pass: node text, whitespace, sentences,
 * clipping, words. All pure, locale-independent and deterministic.
 */
import type { Nodes } from 'mdast';
import { toString } from 'mdast-util-to-string';
import { sentences } from '../../text/sentences.ts';
import { isInert } from './parse.ts';

/** Collapses runs of whitespace to one space and trims. */
export function squash(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Parents whose children flow inline: joined with no separator. */
const PHRASING_PARENTS = new Set([
  'paragraph',
  'heading',
  'tableCell',
  'strong',
  'emphasis',
  'delete',
  'link',
  'linkReference',
  'mdxJsxTextElement',
]);

/**
 * The readable text of a node: link text, inline code values (unless
 * `withCode` is false) and emphasis contents, without images, raw HTML or
 * MDX expressions.
 */
export function plainText(node: Nodes, withCode = true): string {
  // An explicit stack rather than recursion, so that deep nesting cannot overflow.
  const out: string[] = [];
  const stack: (Nodes | string)[] = [node];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    if (typeof item === 'string') {
      out.push(item);
      continue;
    }
    const text = leafText(item, withCode);
    if (text !== null) {
      out.push(text);
      continue;
    }
    if (!('children' in item)) continue;
    const separator = PHRASING_PARENTS.has(item.type) ? '' : ' ';
    for (let i = item.children.length - 1; i >= 0; i -= 1) {
      const child = item.children[i];
      if (child) stack.push(child);
      if (i > 0 && separator) stack.push(separator);
    }
  }
  return out.join('');
}

/** The text a node contributes by itself, or null when its children speak for it. */
function leafText(node: Nodes, withCode: boolean): string | null {
  if (isInert(node)) return '';
  if (!withCode && (node.type === 'inlineCode' || node.type === 'code')) return ' ';
  switch (node.type) {
    case 'image':
    case 'imageReference':
    case 'footnoteReference':
    case 'footnoteDefinition':
    case 'definition':
      return '';
    case 'break':
      return ' ';
    default:
      return 'children' in node ? null : toString(node, { includeImageAlt: false, includeHtml: false });
  }
}

/** Plain text of a paragraph-like node, squashed, GFM alert markers (`[!NOTE]`) and footnote marks (`[^1]`) removed. */
export function proseOf(node: Nodes): string {
  return squash(plainText(node).replace(/\[\^[^\]\s]+\]/g, '')).replace(/^\[![A-Za-z]+\]\s*/, '');
}

export { sentences };

/** Cuts `text` to at most `max` characters at a word boundary, marking the cut with `…`. */
export function clipWords(text: string, max: number): string {
  if (text.length <= max) return text;
  const room = text.slice(0, max - 1);
  const space = room.lastIndexOf(' ');
  const cut = space > max / 2 ? room.slice(0, space) : room;
  return `${cut.replace(/[\s,;:(\-–—]+$/, '')}…`;
}

/** Ensures a sentence ends with terminal punctuation (a trailing colon becomes a period). */
export function endSentence(text: string): string {
  const trimmed = text.trim().replace(/[:;,]+$/, '');
  if (!trimmed) return trimmed;
  return /[.!?…]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/** Lower-case word tokens (letters and digits). */
export function words(text: string): string[] {
  return text.toLowerCase().match(/[a-z0-9]+/g) ?? [];
}

/** A rough singular of an English word: `policies` -> `policy`, `tokens` -> `token`. */
export function singular(word: string): string {
  // endsWith rather than regular expressions: this runs for every word of every section
  if (word.length <= 3 || !word.endsWith('s')) return word;
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.endsWith('ss') || word.endsWith('us') || word.endsWith('is')) return word;
  if (word.endsWith('sses') || word.endsWith('ches') || word.endsWith('shes') || word.endsWith('xes')) return word.slice(0, -2);
  return word.slice(0, -1);
}

/** Plural of a noun for counts in generated text: `field` -> `fields`, `entry` -> `entries`. */
export function plural(word: string): string {
  if (/[^aeiou]y$/.test(word)) return `${word.slice(0, -1)}ies`;
  if (/(?:s|x|z|ch|sh)$/.test(word)) return `${word}es`;
  return `${word}s`;
}

/** Lower-cases the first letter unless the first word is an acronym or has inner capitals. */
export function lowerFirst(text: string): string {
  const first = /^\S+/.exec(text)?.[0] ?? '';
  if (/^[A-Z][a-z'’-]*$/.test(first)) return text.charAt(0).toLowerCase() + text.slice(1);
  return text;
}

/** Upper-cases the first character. */
export function upperFirst(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** True when `phrase` occurs in `text` with no letter or digit directly on either side. */
export function occursAsWords(text: string, phrase: string): boolean {
  if (!phrase) return false;
  for (let at = text.indexOf(phrase); at >= 0; at = text.indexOf(phrase, at + 1)) {
    const before = text.charAt(at - 1);
    const after = text.charAt(at + phrase.length);
    if (!/[A-Za-z0-9]/.test(before) && !/[A-Za-z0-9]/.test(after)) return true;
  }
  return false;
}

/** Cuts `text` to at most `max` characters at a sentence boundary, else at a word boundary. */
export function clipSentences(text: string, max: number): string {
  if (text.length <= max) return text;
  let kept = '';
  for (const sentence of sentences(text)) {
    const next = kept ? `${kept} ${sentence}` : sentence;
    if (next.length > max) break;
    kept = next;
  }
  return kept || clipWords(text, max);
}

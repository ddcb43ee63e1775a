/**
 * The site's description taken from its text, where nothing states one (`resolveIdentity` orders
 * the sources): the opening of the home page's intro, else the first sentence of the digest's
 * context. Both are read alike: the first top-level paragraph of the Markdown that has words in it
 * (never a heading, a list, a table, code, or a line of images such as badges), as plain text on
 * one line (the text a reader sees, as in a section's `text`: no markup), cut to whole sentences within
 * `MAX_SITE_SUMMARY` (a single longer sentence at a word boundary, marked `…`).
 */
import type { Nodes, Root } from 'mdast';
import { parseMarkdown } from '../content/index.ts';
import { plainText } from '../content/plain-text.ts';
import { clipSentences, clipWords, squash } from '../distill/offline/text.ts';
import { sentences } from '../text/sentences.ts';
import { ParseLimitError } from '../markdown/parse-limits.ts';

/** The longest description taken from the site's text: one line a reader takes in at a glance. */
export const MAX_SITE_SUMMARY = 280;

/** The tree of a Markdown text; null past a parse limit (the context is a model's: it then gives no description). */
function parsed(markdown: string): Root | null {
  try {
    return parseMarkdown(markdown, 'md');
  } catch (error) {
    if (error instanceof ParseLimitError) return null;
    throw error;
  }
}

/** True when a node's own text has a word in it (an image's alt text is not its own: a line of badges has none). */
function hasWords(node: Nodes): boolean {
  if (node.type === 'text' || node.type === 'inlineCode') return /\p{L}{2}/u.test(node.value);
  return 'children' in node && (node.children as Nodes[]).some(hasWords);
}

/** The plain text (as a section's, `plainText`) of the first top-level paragraph with words in it, on one line; null when there is none. */
function firstProse(markdown: string): string | null {
  const paragraph = parsed(markdown)?.children.find((node) => node.type === 'paragraph' && hasWords(node));
  return paragraph === undefined ? null : squash(plainText([paragraph]));
}

/** The opening sentences of a page intro's clean Markdown, for the site's description; null without prose. */
export function introSummary(markdown: string): string | null {
  const prose = firstProse(markdown);
  return prose === null ? null : clipSentences(prose, MAX_SITE_SUMMARY);
}

/** The first sentence of the digest's context (Markdown), for the site's description; null without prose. */
export function orientationSummary(markdown: string): string | null {
  const first = sentences(firstProse(markdown) ?? '')[0];
  return first === undefined ? null : clipWords(first, MAX_SITE_SUMMARY);
}

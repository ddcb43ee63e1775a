/**
 * Rendered answer Markdown as a tree of plain data: elements of a fixed set of tags, each with
 * at most an `href` (links the policy kept) or a `start` (ordered lists), and text as strings.
 * Nothing in it is HTML: `markdown-dom.ts` turns it into DOM nodes with `createElement` and text
 * nodes only, so no text of the model is ever parsed as markup.
 */

/** The tags the renderer emits. */
export type MdTag =
  | 'p' | 'h1' | 'h2' | 'h3' | 'h4' | 'h5' | 'h6' | 'hr' | 'br' | 'pre' | 'code' | 'blockquote'
  | 'ul' | 'ol' | 'li' | 'em' | 'strong' | 'del' | 'a' | 'table' | 'thead' | 'tbody' | 'tr' | 'th' | 'td';

/** An element of the tree. */
export interface MdElement {
  readonly tag: MdTag;
  readonly children: readonly MdNode[];
  /** A link's target, already checked by the link policy. */
  readonly href?: string;
  /** An ordered list's first number, when it is not 1. */
  readonly start?: number;
}

/** A node of the tree: an element, or text. */
export type MdNode = MdElement | string;

/** An element with `children`. */
export function el(tag: MdTag, children: readonly MdNode[] = []): MdElement {
  return { tag, children };
}

/** Where an answer link is shown pointing, or undefined when it must be shown as its text only. */
export type LinkTarget = (href: string) => string | undefined;

/**
 * Markdown with its links rewritten by where a function says each goes, the rest of the text kept
 * byte for byte: only the source spans of link, image, reference and definition nodes (from the
 * one Markdown parser) are replaced. The digest's link resolver (compile/resolve-links.ts) is one
 * user; `withoutUnsafeLinks` is the other: what the runtime serves of one section
 * (`/sections/{id}?format=markdown`, the budget route's `text`) keeps its links as written, but a
 * link or image whose target is no safe url (`isSafeUrl`: `javascript:`, `data:`, `vbscript:`...)
 * becomes its text.
 */
import type { Definition, Nodes, Parents } from 'mdast';
import { isSafeUrl } from '../text/safe-url.ts';
import { parseMarkdown } from './parse.ts';

/** Where a link goes: kept as written (`external`), a new url, or nowhere (null: the link becomes its text). */
export type LinkTarget = 'external' | { readonly url: string } | null;

/** A url as a Markdown link destination: in `<…>` when it holds what would end a bare one. */
export function linkDestination(url: string): string {
  return /[\s()<>]/.test(url) ? `<${url.replace(/[<>]/g, (char) => encodeURIComponent(char))}>` : url;
}

function titlePart(title: string | null | undefined): string {
  return title ? ` "${title.replace(/["\\]/g, '\\$&')}"` : '';
}

function startOf(node: Nodes): number {
  return node.position?.start.offset ?? 0;
}

function endOf(node: Nodes): number {
  return node.position?.end.offset ?? startOf(node);
}

/**
 * `markdown` with every link and image whose target is no safe url (`isSafeUrl`) made its text
 * (an image its alt text); every other link kept as written.
 */
export function withoutUnsafeLinks(markdown: string): string {
  return rewriteLinks(markdown, (url) => (isSafeUrl(url) ? 'external' : null));
}

/** An inline link or image (`](`), a definition (`]:`) or an autolink (`<scheme:`): where a link may be. */
const MAY_HAVE_LINK = /\]\(|\]:|<[a-z][a-z\d+.-]{1,31}:/i;

/** `markdown` with each link, image, reference and definition rewritten by where `resolve` says it goes. */
export function rewriteLinks(markdown: string, resolve: (url: string) => LinkTarget): string {
  if (!MAY_HAVE_LINK.test(markdown)) return markdown;
  const tree = parseMarkdown(markdown, 'md');
  const definitions = new Map<string, Definition>();
  const stack: Nodes[] = [tree];
  for (let node = stack.pop(); node; node = stack.pop()) {
    if (node.type === 'definition' && !definitions.has(node.identifier)) definitions.set(node.identifier, node);
    if ('children' in node) stack.push(...(node.children as Nodes[]));
  }

  const childrenText = (node: Parents): string => {
    const first = node.children[0];
    const last = node.children[node.children.length - 1];
    return first && last ? spliced(node.children, startOf(first), endOf(last)) : '';
  };

  /** The new text of a node, or null to keep it (its children still looked at). */
  const rewrite = (node: Nodes): string | null => {
    switch (node.type) {
      case 'link': {
        const target = resolve(node.url);
        if (target === 'external') return null;
        return target === null ? childrenText(node) : `[${childrenText(node)}](${linkDestination(target.url)}${titlePart(node.title)})`;
      }
      case 'image':
        return resolve(node.url) === 'external' ? null : (node.alt ?? '');
      case 'linkReference':
      case 'imageReference': {
        const definition = definitions.get(node.identifier);
        const target = definition === undefined ? null : resolve(definition.url);
        if (target !== null) return null;
        return node.type === 'linkReference' ? childrenText(node) : (node.alt ?? '');
      }
      case 'definition': {
        const target = resolve(node.url);
        if (target === 'external') return null;
        return target === null ? '' : `[${node.label ?? node.identifier}]: ${linkDestination(target.url)}${titlePart(node.title)}`;
      }
      default:
        return null;
    }
  };

  /** The source from `start` to `end` with `nodes` (and their descendants) rewritten. */
  const spliced = (nodes: readonly Nodes[], start: number, end: number): string => {
    let out = '';
    let at = start;
    for (const node of nodes) {
      const replacement = rewrite(node);
      if (replacement === '' && node.type === 'definition') {
        // a removed definition takes its line with it when nothing else is on it
        const lineStart = markdown.lastIndexOf('\n', startOf(node) - 1) + 1;
        const newline = markdown.indexOf('\n', endOf(node));
        const lineEnd = newline === -1 ? markdown.length : newline + 1;
        const alone = lineStart >= at && markdown.slice(lineStart, startOf(node)).trim() === '' && markdown.slice(endOf(node), lineEnd).trim() === '';
        out += markdown.slice(at, alone ? lineStart : startOf(node));
        at = alone ? lineEnd : endOf(node);
      } else if (replacement !== null) {
        out += markdown.slice(at, startOf(node)) + replacement;
        at = endOf(node);
      } else if ('children' in node && node.children.length > 0) {
        out += markdown.slice(at, startOf(node)) + spliced(node.children, startOf(node), endOf(node));
        at = endOf(node);
      }
    }
    return out + markdown.slice(at, end);
  };

  return spliced(tree.children, 0, markdown.length);
}

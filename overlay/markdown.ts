import { Marked, type Tokens } from 'marked';

/**
 * The answer's Markdown as HTML, with the link policy applied while rendering: a link becomes an
 * `<a>` only when its target is one of the answer's sources (http or https); any other link (a
 * hallucinated page, `javascript:`, `data:`) is rendered as its text. Raw HTML in the Markdown is
 * shown as text, never parsed, and images are shown as their alt text (no request leaves the
 * page). The result still goes through DOMPurify (sanitize.ts) before it reaches the DOM.
 */

/** Whether an answer link may stay a link. */
export type LinkPolicy = (href: string) => boolean;

/** `url` resolved against `base`, when it is an http(s) address; undefined for anything else. */
export function webUrl(url: string, base: string): string | undefined {
  let resolved: URL;
  try {
    resolved = new URL(url.trim(), base);
  } catch {
    return undefined;
  }
  return resolved.protocol === 'http:' || resolved.protocol === 'https:' ? resolved.href : undefined;
}

/** The policy that allows exactly the given source urls (compared once resolved against `base`). */
export function sourceLinkPolicy(urls: Iterable<string>, base: string): LinkPolicy {
  const allowed = new Set<string>();
  for (const url of urls) {
    const resolved = webUrl(url, base);
    if (resolved !== undefined) allowed.add(resolved);
  }
  return (href) => {
    const resolved = webUrl(href, base);
    return resolved !== undefined && allowed.has(resolved);
  };
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe to place in HTML. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

/** A renderer of answer Markdown under `policy`; call it again with the whole text as it grows. */
export function markdownRenderer(policy: LinkPolicy): (markdown: string) => string {
  const marked = new Marked({
    gfm: true,
    renderer: {
      link(token: Tokens.Link) {
        return policy(token.href) ? false : this.parser.parseInline(token.tokens);
      },
      image(token: Tokens.Image) {
        return escapeHtml(token.text);
      },
      html(token: Tokens.HTML | Tokens.Tag) {
        return escapeHtml(token.text);
      },
    },
  });
  return (markdown) => marked.parse(markdown, { async: false });
}

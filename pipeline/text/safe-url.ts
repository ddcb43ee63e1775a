/** Schemes a page may link to; anything else (`javascript:`, `data:`, `vbscript:`...) is dropped. */
const SAFE_SCHEMES = new Set(['http', 'https', 'mailto', 'tel']);

/**
 * Whether a link or image target is safe to emit: a relative url (`/x`, `x.md`, `#a`, `?q`) or
 * one of the schemes above. Browsers ignore blank and control characters inside a scheme
 * (`java\tscript:`), so they are dropped before the scheme is read.
 */
export function isSafeUrl(url: string): boolean {
  const compact = url.replace(/[\u0000-\u0020\u007f]+/g, '');
  const scheme = /^([^/?#:]*):/.exec(compact)?.[1];
  return scheme === undefined || SAFE_SCHEMES.has(scheme.toLowerCase());
}

/**
 * Which link targets an answer may keep: the urls of its sources. Sources carry
 * root-relative urls (`/guide/server#port`) or absolute ones when the site url is
 * configured; a link matches a source when both resolve to the same address against
 * the site's origin (trailing slash of the path ignored). A relative link that does not
 * start with `/` would resolve against the reader's current page, so it never matches.
 */

const PLACEHOLDER_ORIGIN = 'https://site.invalid';

function originOf(url: string): string | null {
  if (!/^https?:\/\//i.test(url)) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

function addressOf(url: string, origin: string): string | null {
  const trimmed = url.trim();
  const absolute = /^[A-Za-z][A-Za-z0-9+.-]*:/.test(trimmed);
  if (!absolute && !(trimmed.startsWith('/') && !trimmed.startsWith('//'))) return null;
  let parsed: URL;
  try {
    parsed = new URL(trimmed, origin);
  } catch {
    return null;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return null;
  const path = parsed.pathname.length > 1 ? parsed.pathname.replace(/\/+$/, '') : parsed.pathname;
  return `${parsed.origin}${path}${parsed.search}${parsed.hash}`;
}

/**
 * @param sourceUrls the `url` of every source sent in the `sources` event
 * @param siteOrigin the site's origin, when known (lets `https://site/x` match a source `/x`)
 * @returns whether a link target may stay a link
 */
export function createLinkPolicy(sourceUrls: readonly string[], siteOrigin?: string): (target: string) => boolean {
  const origin = siteOrigin ?? sourceUrls.map(originOf).find((o) => o !== null) ?? PLACEHOLDER_ORIGIN;
  const exact = new Set(sourceUrls);
  const addresses = new Set(sourceUrls.map((u) => addressOf(u, origin)).filter((a) => a !== null));
  return (target) => {
    if (exact.has(target)) return true;
    const address = addressOf(target, origin);
    return address !== null && addresses.has(address);
  };
}

/**
 * Where links may point and where they are shown pointing. An answer link stays a link only when
 * its target is one of the answer's sources (http or https, compared once resolved); a preview
 * of a site (`site-url` on the element) shows its production addresses on the page's own origin.
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

/**
 * `url` as a preview shows it: when it starts with `siteUrl` (the production address, a trailing
 * slash or not) followed by a path, query, fragment or nothing, the same path on `origin`;
 * any other url (and every url when `siteUrl` is empty) as it is.
 */
export function previewUrl(url: string, siteUrl: string | null, origin: string): string {
  const prefix = (siteUrl ?? '').trim().replace(/\/+$/, '');
  if (prefix === '' || !url.startsWith(prefix)) return url;
  const rest = url.slice(prefix.length);
  if (rest !== '' && !/^[/?#]/.test(rest)) return url;
  return `${origin}${rest.startsWith('/') ? '' : '/'}${rest}`;
}

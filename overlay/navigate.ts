/**
 * How opening a result's deep link moves the reader: a link into the page already shown only
 * changes the hash (the browser scrolls to the heading, `:target` follows, nothing reloads); any
 * other link loads its page, which scrolls to the heading on load.
 */
export type Navigation = { readonly kind: 'hash'; readonly hash: string } | { readonly kind: 'assign'; readonly href: string };

export function navigationFor(href: string, current: string): Navigation {
  const here = new URL(current);
  const target = new URL(href, here);
  const samePage = target.origin === here.origin && target.pathname === here.pathname && target.search === here.search;
  return samePage && target.hash !== '' ? { kind: 'hash', hash: target.hash } : { kind: 'assign', href: target.href };
}

/** How a request's `Accept` header ranks JSON against HTML (for the demo site's 404 answer). */

/** The quality an `Accept` header gives `type` (`text/html`): its own entry, else `text/*`, else `*\/*`; 0 when none. */
function quality(accept: string, type: string): number {
  const [major] = type.split('/');
  let best = { specificity: -1, q: 0 };
  for (const part of accept.split(',')) {
    const [range = '', ...params] = part.trim().toLowerCase().split(';');
    const specificity = range === type ? 2 : range === `${major}/*` ? 1 : range === '*/*' ? 0 : -1;
    if (specificity <= best.specificity) continue;
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
    best = { specificity, q: q === undefined ? 1 : Number(q) };
  }
  return best.q;
}

/** True when `Accept` ranks `application/json` above `text/html` (a browser's, or none, does not). */
export function prefersJson(accept: string | null): boolean {
  if (accept === null) return false;
  return quality(accept, 'application/json') > quality(accept, 'text/html');
}

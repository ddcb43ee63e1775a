/**
 * The search box's feedback (the server's `POST {endpoint}/feedback`): sent only where the server
 * said it takes it, by the `x-ask-feedback` header of its answer to a search or an Ask (there only
 * when its query log is on); nothing is sent otherwise. A result opened (the query, the result's
 * path and rank) and an answer rated (the question, helpful or not) go out with
 * `navigator.sendBeacon`, which outlives the page the reader leaves and never delays it, else with
 * a `fetch` that has `keepalive`; a failure is dropped, the reader never sees it.
 */

/** What the box sends. */
type Feedback =
  | { readonly event: 'open'; readonly query: string; readonly url: string; readonly rank: number }
  | { readonly event: 'rating'; readonly query: string; readonly helpful: boolean };

/** Where a response of `{endpoint}` says feedback goes (an absolute url on the endpoint's origin), undefined when it does not take feedback. */
export function feedbackRoute(response: Response): string | undefined {
  const path = response.headers.get('x-ask-feedback');
  // a path of the server that answered, never another site
  if (path === null || !path.startsWith('/') || path.startsWith('//')) return undefined;
  try {
    return new URL(path, response.url === '' ? document.baseURI : response.url).href;
  } catch {
    return undefined;
  }
}

/** A result's url as the route keeps it: its path and `#anchor` (resolved against this page; no origin, no query string). */
export function resultPath(url: string, base: string): string | undefined {
  try {
    const target = new URL(url, base);
    return `${target.pathname}${target.hash}`;
  } catch {
    return undefined;
  }
}

/** Sends one feedback event to `route` without waiting for it. */
export function sendFeedback(route: string, feedback: Feedback): void {
  const body = JSON.stringify(feedback);
  try {
    if (navigator.sendBeacon(route, new Blob([body], { type: 'application/json' }))) return;
  } catch {
    // a browser that refuses the beacon: the fetch below
  }
  fetch(route, { method: 'POST', headers: { 'content-type': 'application/json' }, body, keepalive: true }).catch(() => undefined);
}

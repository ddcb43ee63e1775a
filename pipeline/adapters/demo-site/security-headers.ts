import { createHash } from 'node:crypto';
import { SITE_CSS } from './style.ts';

/** The hash source of the one inline `<style>` of a page (`renderLayout`): the only inline code a page may run or apply. */
const SITE_STYLE_HASH = `'sha256-${createHash('sha256').update(SITE_CSS).digest('base64')}'`;

/**
 * The Content-Security-Policy of the demo site's pages: scripts and stylesheets from the site
 * itself only (the `<ask-search>` module and its stylesheet), the page's own inline style by its
 * hash, requests to the site itself only (the search element's endpoint is on the same origin
 * when it is a path, else its origin is added), images from the site and `data:` (the empty icon),
 * no plugins, no `<base>`, no form posts, and no framing by any other page.
 */
function contentSecurityPolicy(endpoint: string): string {
  const connect = /^https?:\/\//i.test(endpoint) ? `'self' ${new URL(endpoint).origin}` : "'self'";
  return [
    "default-src 'none'",
    "script-src 'self'",
    `style-src 'self' ${SITE_STYLE_HASH}`,
    `connect-src ${connect}`,
    "img-src 'self' data:",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The headers of every HTML response of the demo site (pages and the error page). */
export function demoSiteHtmlHeaders(endpoint: string): Record<string, string> {
  return {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-cache',
    'x-content-type-options': 'nosniff',
    'content-security-policy': contentSecurityPolicy(endpoint),
    'referrer-policy': 'no-referrer',
  };
}

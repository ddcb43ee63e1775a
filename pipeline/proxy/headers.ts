/**
 * Which headers cross the proxy. Requests: an allow-list. Responses: everything
 * but hop-by-hop headers, headers the `Connection` header names, cookies and
 * the framing headers the proxy re-computes.
 */
import { CLIENT_ADDRESS_HEADER } from '../platform-api/client-address-header.ts';
import { SESSION_TOKEN_HEADER } from '../platform-api/session-header.ts';

/**
 * Request headers forwarded upstream as the client sent them (lower case).
 * `Content-Type` is not among them: a forwarded body is always the JSON the
 * proxy validated, so it goes as `application/json` whatever the client said.
 */
export const FORWARDED_REQUEST_HEADERS: readonly string[] = [
  SESSION_TOKEN_HEADER.toLowerCase(),
  'accept',
  'accept-language',
  'user-agent',
  'if-none-match',
  'if-modified-since',
  'last-event-id',
];

/** What an IPv4 or IPv6 address (with a zone) can hold; anything else is not passed on. */
const ADDRESS_SHAPE = /^[0-9A-Za-z.:%_-]{1,64}$/;

/** RFC 9110 section 7.6.1 connection-specific headers, plus the non-standard ones proxies drop. */
export const HOP_BY_HOP_HEADERS: readonly string[] = [
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
];

/**
 * Response headers never passed back: cookies (the API authenticates by header,
 * and a cookie would land on the docs site's origin) and the body framing, which
 * the fetch client already decoded and the server in front re-computes.
 */
const DROPPED_RESPONSE_HEADERS: readonly string[] = ['set-cookie', 'set-cookie2', 'content-encoding', 'content-length'];

function connectionListed(headers: Headers): Set<string> {
  const listed = headers.get('connection') ?? '';
  return new Set(listed.split(',').map((name) => name.trim().toLowerCase()).filter(Boolean));
}

/**
 * The headers sent upstream: the allowed ones, minus any the client's
 * `Connection` names; with a body, `Content-Type: application/json`; with a
 * known client address, `Ask-Client-Address` (set here only: a client's own
 * copy is not on the allow-list, so it never passes).
 */
export function upstreamRequestHeaders(incoming: Headers, hasBody: boolean, clientAddress?: string): Headers {
  const listed = connectionListed(incoming);
  const out = new Headers();
  for (const name of FORWARDED_REQUEST_HEADERS) {
    const value = incoming.get(name);
    if (value === null || listed.has(name)) continue;
    out.set(name, value);
  }
  // The body was parsed as UTF-8 JSON before forwarding: a client's `text/plain`
  // (or a charset it does not use) would make the upstream read it otherwise.
  if (hasBody) out.set('content-type', 'application/json');
  // Ask for an unencoded body: the /debug/logs cap counts the bytes the client gets.
  out.set('accept-encoding', 'identity');
  if (clientAddress !== undefined && ADDRESS_SHAPE.test(clientAddress)) out.set(CLIENT_ADDRESS_HEADER, clientAddress);
  return out;
}

/** The headers passed back to the client. `keepLength` when the body passes unchanged. */
export function clientResponseHeaders(upstream: Headers, keepLength: boolean): Headers {
  const listed = connectionListed(upstream);
  const encoded = upstream.has('content-encoding');
  const out = new Headers();
  upstream.forEach((value, name) => {
    if (HOP_BY_HOP_HEADERS.includes(name) || listed.has(name) || DROPPED_RESPONSE_HEADERS.includes(name)) return;
    out.append(name, value);
  });
  const length = upstream.get('content-length');
  if (keepLength && !encoded && length !== null) out.set('content-length', length);
  return out;
}

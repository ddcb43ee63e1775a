/**
 * Who a request comes from, as the per-client throttles key it: the TCP peer,
 * or, when that peer is a proxy the platform was told to trust, the client
 * address the proxy put in `Ask-Client-Address`. From anyone else that header
 * is ignored: a client could write anything there.
 */
import { isIP } from 'node:net';
import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import { CLIENT_ADDRESS_HEADER } from '../pipeline/platform-api/index.ts';

/** Shared by every caller whose address is unknown (an in-process `app.request`). */
const UNKNOWN_CLIENT = 'unknown';

/** An IP address in one spelling: IPv6 in lower case, IPv4-mapped IPv6 as IPv4. Null when not an IP address. */
function canonicalAddress(address: string): string | null {
  const trimmed = address.trim().toLowerCase();
  const kind = isIP(trimmed);
  if (kind === 0) return null;
  if (kind === 6 && trimmed.startsWith('::ffff:') && isIP(trimmed.slice(7)) === 4) return trimmed.slice(7);
  return trimmed;
}

/**
 * The trusted proxies' addresses in canonical spelling; throws naming the first
 * entry that is not an IP address.
 */
export function trustedProxySet(addresses: readonly string[]): ReadonlySet<string> {
  const set = new Set<string>();
  for (const address of addresses) {
    const canonical = canonicalAddress(address);
    if (canonical === null) throw new TypeError(`a trusted proxy must be an IP address, got '${address}'`);
    set.add(canonical);
  }
  return set;
}

function tcpPeer(c: Context): string | null {
  try {
    const address = getConnInfo(c).remote.address;
    return address === undefined ? null : canonicalAddress(address);
  } catch {
    // Served without a Node socket (an in-process `app.request`).
    return null;
  }
}

export function clientAddress(c: Context, trustedProxies: ReadonlySet<string>): string {
  const peer = tcpPeer(c);
  if (peer === null) return UNKNOWN_CLIENT;
  if (!trustedProxies.has(peer)) return peer;
  const forwarded = c.req.header(CLIENT_ADDRESS_HEADER);
  // A trusted proxy that could not tell (no header, or not an address): its own address stands for its clients.
  return (forwarded === undefined ? null : canonicalAddress(forwarded)) ?? peer;
}

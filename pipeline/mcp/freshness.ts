import type { AskClient } from '../client/ask-client.ts';
import { FRESHNESS_HEADERS } from '../runtime/freshness.ts';

/** Which version of the digest an answer came from: its content hash, and the source commit it was built from. */
export interface Freshness {
  /** Null only when the ask tree sent no hash (a server older than the stamp). */
  readonly contentHash: string | null;
  /** Null when the build did not know it (no git, or not a work tree). */
  readonly buildCommit: string | null;
}

/** The stamp a read response carries in its headers, or null when it carries none (POST answers). */
function freshnessOfHeaders(headers: Headers): Freshness | null {
  const contentHash = headers.get(FRESHNESS_HEADERS.contentHash);
  if (contentHash === null) return null;
  return { contentHash, buildCommit: headers.get(FRESHNESS_HEADERS.buildCommit) };
}

/**
 * The stamp of `response`; when it has none (the POST of an answer), the one a `HEAD {ask_base}`
 * answers now, which is the same digest the handler answered from.
 */
export async function freshnessOf(response: Response, client: AskClient): Promise<Freshness> {
  const own = freshnessOfHeaders(response.headers);
  if (own !== null) return own;
  const head = await client.request('', { method: 'HEAD' }).catch(() => null);
  return (head && freshnessOfHeaders(head.headers)) ?? { contentHash: null, buildCommit: null };
}

/** The one line a tool result ends with, so an agent (which may never see `_meta`) can tell which version it read. */
export function freshnessLine(freshness: Freshness): string {
  return `Digest version: content hash ${freshness.contentHash ?? 'unknown'}, built from commit ${freshness.buildCommit ?? 'unknown'}.`;
}

/** The stamp as MCP `_meta` (namespaced keys, null when unknown). */
export function freshnessMeta(freshness: Freshness): Record<string, string | null> {
  return { 'ask/contentHash': freshness.contentHash, 'ask/buildCommit': freshness.buildCommit };
}

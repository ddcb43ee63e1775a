import type { AskData } from './digest-data.ts';

/** The response headers that say which digest a response was read from. */
export const FRESHNESS_HEADERS = {
  contentHash: 'x-ask-content-hash',
  buildCommit: 'x-ask-build-commit',
} as const;

/**
 * Stamps a response read from the digest with its content hash and, when the build knew it, the
 * commit of the content it was built from (the header is left out when the commit is unknown).
 * The body is untouched; the response is returned for chaining.
 */
export function stampFreshness(response: Response, data: Pick<AskData, 'contentHash' | 'buildCommit'>): Response {
  response.headers.set(FRESHNESS_HEADERS.contentHash, data.contentHash);
  if (data.buildCommit !== null) response.headers.set(FRESHNESS_HEADERS.buildCommit, data.buildCommit);
  return response;
}

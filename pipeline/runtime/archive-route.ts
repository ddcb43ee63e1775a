import { FRESHNESS_HEADERS } from './freshness.ts';

/** The digest archive's bytes and the content hash it carries. */
export interface ArchiveSource {
  readonly bytes: () => Promise<Uint8Array<ArrayBuffer>>;
  readonly contentHash: string;
}

/** Archives change only with the digest; clients revalidate with the ETag or the content hash. */
export const ARCHIVE_CACHE_CONTROL = 'public, max-age=300, must-revalidate';

async function strongEtag(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  const hex = Array.from(digest.slice(0, 16), (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `"${hex}"`;
}

function matchesEtag(header: string | null, etag: string): boolean {
  if (header === null) return false;
  return header.split(',').some((candidate) => {
    const trimmed = candidate.trim();
    return trimmed === '*' || trimmed === etag || trimmed === `W/${etag}`;
  });
}

/**
 * GET and HEAD of the archive: the gzip tar with `x-ask-content-hash`, a strong ETag,
 * Cache-Control and Content-Length; HEAD the same headers and no body; a matching
 * `If-None-Match` answers 304 with the validators and no body.
 */
export async function archiveResponse(request: Request, source: ArchiveSource): Promise<Response> {
  const bytes = await source.bytes();
  const etag = await strongEtag(bytes);
  const headers: Record<string, string> = {
    'content-type': 'application/gzip',
    'content-disposition': 'attachment; filename="digest.tar.gz"',
    'cache-control': ARCHIVE_CACHE_CONTROL,
    etag,
    [FRESHNESS_HEADERS.contentHash]: source.contentHash,
  };
  if (matchesEtag(request.headers.get('if-none-match'), etag)) {
    return new Response(null, { status: 304, headers: { etag, 'cache-control': ARCHIVE_CACHE_CONTROL, [FRESHNESS_HEADERS.contentHash]: source.contentHash } });
  }
  headers['content-length'] = String(bytes.byteLength);
  return new Response(request.method === 'HEAD' ? null : bytes, { status: 200, headers });
}

import { FRESHNESS_HEADERS } from './freshness.ts';

/** Archives change only with the digest; clients revalidate with the ETag or the content hash. */
const ARCHIVE_CACHE_CONTROL = 'public, max-age=300, must-revalidate';

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

/** The archive's responder. */
export type ArchiveResponder = (request: Request, contentHash: string) => Promise<Response>;

/**
 * GET and HEAD of the archive: the gzip tar with `x-ask-content-hash`, a strong ETag,
 * Cache-Control and Content-Length; HEAD the same headers and no body; a matching
 * `If-None-Match` answers 304 with the validators and no body. The ETag (a SHA-256 of the
 * bytes) is computed once per archive, not once per request: a large site's archive is tens of
 * megabytes.
 */
export function archiveResponder(bytesOf: () => Promise<Uint8Array<ArrayBuffer>>): ArchiveResponder {
  let tagged: { readonly bytes: Uint8Array<ArrayBuffer>; readonly etag: Promise<string> } | null = null;
  return async (request, contentHash) => {
    const bytes = await bytesOf();
    if (tagged?.bytes !== bytes) tagged = { bytes, etag: strongEtag(bytes) };
    const etag = await tagged.etag;
    const validators = { etag, 'cache-control': ARCHIVE_CACHE_CONTROL, [FRESHNESS_HEADERS.contentHash]: contentHash };
    if (matchesEtag(request.headers.get('if-none-match'), etag)) return new Response(null, { status: 304, headers: validators });
    const headers = {
      'content-type': 'application/gzip',
      'content-disposition': 'attachment; filename="digest.tar.gz"',
      ...validators,
      'content-length': String(bytes.byteLength),
    };
    return new Response(request.method === 'HEAD' ? null : bytes, { status: 200, headers });
  };
}

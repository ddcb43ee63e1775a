import { FRESHNESS_HEADERS } from './freshness.ts';

/** Archives change only with the digest; clients revalidate with the ETag or the content hash. */
const ARCHIVE_CACHE_CONTROL = 'public, max-age=300, must-revalidate';

/** The archive's strong ETag: the first 16 bytes of its SHA-256, in hex (the same on every host). */
export async function strongEtag(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
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

/** An archive file kept in a store (an edge store): its ETag and size known, its bytes streamed when sent. */
export interface StoredArchive {
  readonly etag: string;
  readonly size: number;
  readonly body: () => Promise<ReadableStream<Uint8Array> | null>;
}

/** Where the archive comes from: its bytes (made or read by the host), or a stored file. */
export type ArchiveSource = (() => Promise<Uint8Array<ArrayBuffer>>) | { readonly stored: () => Promise<StoredArchive> };

/** The headers of an archive answer, and whether `If-None-Match` matched its ETag. */
function archiveHeaders(request: Request, contentHash: string, etag: string, size: number): { readonly notModified: boolean; readonly headers: Record<string, string> } {
  const validators = { etag, 'cache-control': ARCHIVE_CACHE_CONTROL, [FRESHNESS_HEADERS.contentHash]: contentHash };
  if (matchesEtag(request.headers.get('if-none-match'), etag)) return { notModified: true, headers: validators };
  return {
    notModified: false,
    headers: { 'content-type': 'application/gzip', 'content-disposition': 'attachment; filename="digest.tar.gz"', ...validators, 'content-length': String(size) },
  };
}

/** The archive's responder over a stored file: the same answers as `archiveResponder`, the body streamed from the store. */
function storedArchiveResponder(stored: () => Promise<StoredArchive>): ArchiveResponder {
  return async (request, contentHash) => {
    const archive = await stored();
    const { notModified, headers } = archiveHeaders(request, contentHash, archive.etag, archive.size);
    if (notModified) return new Response(null, { status: 304, headers });
    if (request.method === 'HEAD') return new Response(null, { status: 200, headers });
    const body = await archive.body();
    if (body === null) throw new Error('the stored archive is missing');
    return new Response(body, { status: 200, headers });
  };
}

/**
 * GET and HEAD of the archive: the gzip tar with `x-ask-content-hash`, a strong ETag,
 * Cache-Control and Content-Length; HEAD the same headers and no body; a matching
 * `If-None-Match` answers 304 with the validators and no body. The ETag (a SHA-256 of the
 * bytes) is computed once per archive, not once per request: a large site's archive is tens of
 * megabytes.
 */
export function archiveResponder(source: ArchiveSource): ArchiveResponder {
  if (typeof source !== 'function') return storedArchiveResponder(source.stored);
  const bytesOf = source;
  let tagged: { readonly bytes: Uint8Array<ArrayBuffer>; readonly etag: Promise<string> } | null = null;
  return async (request, contentHash) => {
    const bytes = await bytesOf();
    if (tagged?.bytes !== bytes) tagged = { bytes, etag: strongEtag(bytes) };
    const etag = await tagged.etag;
    const { notModified, headers } = archiveHeaders(request, contentHash, etag, bytes.byteLength);
    if (notModified) return new Response(null, { status: 304, headers });
    return new Response(request.method === 'HEAD' ? null : bytes, { status: 200, headers });
  };
}

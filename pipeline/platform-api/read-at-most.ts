/**
 * Reads a byte stream into memory, but never more than a limit: the one place
 * the proxy (and the reference platform) holds a whole body, request or answer.
 */

export type BoundedRead =
  | { readonly kind: 'ok'; readonly bytes: Uint8Array<ArrayBuffer> }
  | { readonly kind: 'too-large' };

/**
 * Reads `stream` to its end, giving up (and cancelling the stream, so its
 * source stops sending) as soon as it passes `limit` bytes. A failing stream
 * rejects, as its reader does.
 */
export async function readAtMost(stream: ReadableStream<Uint8Array>, limit: number): Promise<BoundedRead> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => undefined);
      return { kind: 'too-large' };
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { kind: 'ok', bytes };
}

/** True when a `Content-Length` value says the body is over `limit` (absent or malformed: false; the read still counts). */
export function declaredOver(contentLength: string | null, limit: number): boolean {
  if (contentLength === null) return false;
  const declared = Number(contentLength);
  return Number.isFinite(declared) && declared > limit;
}

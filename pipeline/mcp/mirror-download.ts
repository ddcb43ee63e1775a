import { createWriteStream } from 'node:fs';
import { Readable, Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { mebibytes, MirrorRefusedError, type MirrorLimits } from './mirror-limits.ts';

/** A transform that passes bytes through and fails once more than `maxBytes` went by. */
export function byteCap(maxBytes: number, refusal: (maxBytes: number) => string): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      seen += chunk.length;
      if (seen > maxBytes) done(new MirrorRefusedError(refusal(maxBytes)));
      else done(null, chunk);
    },
  });
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/**
 * Fetches `url` without letting the runtime follow redirects: a redirect within the same origin
 * is followed (up to `maxRedirects`), one to another origin (scheme, host or port) is refused.
 */
export async function fetchSameOrigin(url: string, method: 'GET' | 'HEAD', fetchImpl: typeof fetch, maxRedirects: number): Promise<Response> {
  const origin = new URL(url).origin;
  let current = url;
  for (let hop = 0; ; hop += 1) {
    const response = await fetchImpl(current, { method, redirect: 'manual' });
    if (!REDIRECT_STATUSES.has(response.status)) return response;
    await response.body?.cancel();
    const location = response.headers.get('location');
    if (location === null) throw new MirrorRefusedError(`${method} ${current} answered ${response.status} without a Location`);
    const next = new URL(location, current);
    if (next.origin !== origin) throw new MirrorRefusedError(`${method} ${current} redirects to another origin (${next.origin}); refused`);
    if (hop >= maxRedirects) throw new MirrorRefusedError(`${method} ${url} redirects more than ${maxRedirects} times; refused`);
    current = next.href;
  }
}

/**
 * Streams the archive at `url` into `file`, refusing a body (or an announced Content-Length)
 * over `maxArchiveBytes`: the body is never held in memory whole.
 */
export async function downloadArchive(url: string, file: string, fetchImpl: typeof fetch, limits: MirrorLimits): Promise<void> {
  const response = await fetchSameOrigin(url, 'GET', fetchImpl, limits.maxRedirects);
  const tooLarge = (max: number) => `GET ${url}: the archive is larger than the mirror accepts (${mebibytes(max)})`;
  if (!response.ok) {
    await response.body?.cancel();
    throw new Error(`GET ${url} answered ${response.status}`);
  }
  const announced = Number(response.headers.get('content-length') ?? Number.NaN);
  if (Number.isFinite(announced) && announced > limits.maxArchiveBytes) {
    await response.body?.cancel();
    throw new MirrorRefusedError(tooLarge(limits.maxArchiveBytes));
  }
  if (response.body === null) throw new MirrorRefusedError(`GET ${url} sent no archive`);
  const body = Readable.fromWeb(response.body as WebReadableStream<Uint8Array>);
  await pipeline(body, byteCap(limits.maxArchiveBytes, tooLarge), createWriteStream(file, { mode: 0o600 }));
}

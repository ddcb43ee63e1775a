import { AskError } from '../errors.ts';

/** How much a mirror accepts from the remote tree before it gives up. */
export interface MirrorLimits {
  /** Bytes of the compressed archive as sent (the body, and any Content-Length announced). */
  readonly maxArchiveBytes: number;
  /** Bytes of the tar stream once decompressed (headers and padding included). */
  readonly maxUnpackedBytes: number;
  /** Same-origin redirects followed before the download is refused. */
  readonly maxRedirects: number;
}

/** 256 MiB sent, 1 GiB unpacked: a digest of 10k pages is far below both. */
export const DEFAULT_MIRROR_LIMITS: MirrorLimits = {
  maxArchiveBytes: 256 * 1024 * 1024,
  maxUnpackedBytes: 1024 * 1024 * 1024,
  maxRedirects: 5,
};

/** The remote tree sent more than the mirror accepts (too large, a decompression bomb, a redirect elsewhere). */
export class MirrorRefusedError extends AskError {
  override readonly name = 'MirrorRefusedError';
}

export function mebibytes(bytes: number): string {
  return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MiB`;
}

import type { DigestFiles } from '../runtime/digest-data.ts';

/**
 * A digest carried inside a bundle (the edge worker, an Astro server build), read when the
 * bundle was made: there is no file system where it runs. No `node:` import here.
 */
export interface BakedDigest {
  /** Digest-relative path -> text. */
  readonly files: Readonly<Record<string, string>>;
  /** The gzip tar of the same tree, base64. */
  readonly archiveBase64: string;
}

function decodeBase64(text: string): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(atob(text), (char) => char.charCodeAt(0));
}

/** The handler's data source over a baked digest: its files and its archive bytes (decoded once). */
export function bakedDigestSource(baked: BakedDigest): { readonly digest: () => Promise<DigestFiles>; readonly archive: () => Promise<Uint8Array<ArrayBuffer>> } {
  const archive = decodeBase64(baked.archiveBase64);
  const files: DigestFiles = new Map(Object.entries(baked.files));
  return { digest: () => Promise.resolve(files), archive: () => Promise.resolve(archive) };
}

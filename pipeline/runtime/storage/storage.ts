/** A byte range of a stored file: `length` bytes from `offset`. */
export interface ByteRange {
  readonly offset: number;
  readonly length: number;
}

/**
 * The one seam the runtime reads a digest through: a file's bytes by its storage-relative path,
 * or a range of them; null when there is no such file. A local folder (Node), a Workers static
 * assets binding and an R2-style bucket implement it; nothing else is asked of a store.
 */
export interface DigestStorage {
  read(path: string, range?: ByteRange): Promise<Uint8Array | null>;
  /** The whole file as a stream, for the archive; null when there is no such file. */
  stream(path: string): Promise<ReadableStream<Uint8Array> | null>;
}

/** A store read under a folder of it (`<prefix>/<path>`). */
export function storageUnder(storage: DigestStorage, prefix: string): DigestStorage {
  const at = (path: string): string => (prefix === '' ? path : `${prefix.replace(/\/+$/, '')}/${path}`);
  return { read: (path, range) => storage.read(at(path), range), stream: (path) => storage.stream(at(path)) };
}

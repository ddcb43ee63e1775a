import type { ByteRange, DigestStorage } from './storage.ts';

/** The name of the `n`th part of a stored file cut into parts. */
export const partFile = (file: string, part: number): string => `${file}.part${part}`;

/**
 * A store where some files are cut into parts (`<file>.part<n>`, sizes in `parts[file]`):
 * Workers static assets take no file over 25 MiB, and a large site's archive or `llms-full.txt`
 * is larger. A read of such a file reads the parts its range covers, a stream streams them in turn.
 */
export function partedStorage(storage: DigestStorage, parts: Readonly<Record<string, readonly number[]>>): DigestStorage {
  const covered = (sizes: readonly number[], range: ByteRange | undefined): { part: number; range: ByteRange }[] => {
    const wanted: { part: number; range: ByteRange }[] = [];
    const from = range?.offset ?? 0;
    const to = range === undefined ? Number.POSITIVE_INFINITY : range.offset + range.length;
    let start = 0;
    sizes.forEach((size, part) => {
      const end = start + size;
      if (end > from && start < to) {
        const offset = Math.max(from, start) - start;
        wanted.push({ part, range: { offset, length: Math.min(to, end) - start - offset } });
      }
      start = end;
    });
    return wanted;
  };
  return {
    async read(path, range) {
      const sizes = parts[path];
      if (sizes === undefined) return storage.read(path, range);
      const pieces = await Promise.all(covered(sizes, range).map(({ part, range: within }) => storage.read(partFile(path, part), within)));
      if (pieces.some((piece) => piece === null)) return null;
      const whole = new Uint8Array(pieces.reduce((sum, piece) => sum + (piece?.byteLength ?? 0), 0));
      let at = 0;
      for (const piece of pieces) {
        if (piece === null) continue;
        whole.set(piece, at);
        at += piece.byteLength;
      }
      return whole;
    },
    async stream(path) {
      const sizes = parts[path];
      if (sizes === undefined) return storage.stream(path);
      let part = 0;
      let reader: ReadableStreamDefaultReader<Uint8Array> | null = null;
      return new ReadableStream<Uint8Array>({
        async pull(controller) {
          for (;;) {
            if (reader === null) {
              if (part >= sizes.length) {
                controller.close();
                return;
              }
              const next = await storage.stream(partFile(path, part));
              if (next === null) throw new Error(`the store has no ${partFile(path, part)}`);
              reader = next.getReader();
              part += 1;
            }
            const { done, value } = await reader.read();
            if (!done) {
              controller.enqueue(value);
              return;
            }
            reader = null;
          }
        },
        async cancel(reason) {
          await reader?.cancel(reason);
        },
      });
    },
  };
}

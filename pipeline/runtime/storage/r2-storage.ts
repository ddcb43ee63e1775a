import type { DigestStorage } from './storage.ts';

/** The part of an R2 object this reads. */
interface BucketObject {
  readonly body: ReadableStream<Uint8Array>;
  arrayBuffer(): Promise<ArrayBuffer>;
}

/** What an R2 bucket binding offers that this uses: `get`, with a range. */
export interface R2BucketLike {
  get(key: string, options?: { range?: { offset: number; length: number } }): Promise<BucketObject | null>;
}

/** The digest in an R2-style bucket (`env.BUCKET`): a file is an object, a range a ranged `get`. */
export function r2Storage(bucket: R2BucketLike): DigestStorage {
  return {
    async read(path, range) {
      const object = await bucket.get(path, range === undefined ? undefined : { range: { offset: range.offset, length: range.length } });
      return object === null ? null : new Uint8Array(await object.arrayBuffer());
    },
    async stream(path) {
      const object = await bucket.get(path);
      return object === null ? null : object.body;
    },
  };
}

/**
 * What the scorer works out once per index and reuses query after query (lookups, buckets, score
 * arrays), kept on the index object itself: it lives and dies with the index, and no module
 * holds state of its own.
 */

/** A typed name for one kind of value kept in an IndexMemo. */
export interface MemoKey<T> {
  readonly name: string;
  /** Never set: carries the value's type. */
  readonly type?: T;
}

/** A memo key; each module that keeps a value on the index makes its own once. */
export function memoKey<T>(name: string): MemoKey<T> {
  return { name };
}

export class IndexMemo {
  readonly #values = new Map<MemoKey<unknown>, unknown>();

  /** The value kept under `key`, made by `make` on the first call. */
  get<T>(key: MemoKey<T>, make: () => T): T {
    if (this.#values.has(key)) return this.#values.get(key) as T;
    const value = make();
    this.#values.set(key, value);
    return value;
  }
}

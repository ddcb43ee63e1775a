import type { ByteReader, LineSource } from '../format/line-table.ts';

/**
 * A section table in a store that cannot be read synchronously (an edge store): the lines a
 * query will show are fetched first (`prefetch`), then read as from any ByteReader. A line not
 * fetched throws.
 */
export interface PrefetchingReader extends ByteReader {
  prefetch(ranges: readonly { readonly offset: number; readonly length: number }[]): Promise<void>;
}

export function isPrefetching(source: LineSource): source is PrefetchingReader {
  return typeof source === 'object' && !(source instanceof Uint8Array) && 'prefetch' in source;
}

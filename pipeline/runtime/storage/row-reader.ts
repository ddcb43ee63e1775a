import type { PrefetchingReader } from '../../search/row-prefetch.ts';
import { DigestLoadError } from '../digest-data.ts';
import { ByteLru } from './byte-lru.ts';
import { rowsFile } from './edge-index.ts';
import type { DigestStorage } from './storage.ts';

/** A line of the section table was read before its part was fetched: fetch it (`prefetch`) and read again. */
export class RowNotFetchedError extends DigestLoadError {
  constructor() {
    super('a line of the section table was read before it was fetched');
  }
}

/** Bytes of the section table's parts kept between queries (least recently used dropped). */
const KEPT_ROW_BYTES = 8 * 1024 * 1024;

/** The part holding byte `position`: the last whose start is at or before it. */
function partOf(starts: readonly number[], position: number): number {
  let low = 0;
  let high = starts.length - 2;
  while (low < high) {
    const middle = (low + high + 1) >>> 1;
    if ((starts[middle] ?? 0) <= position) low = middle;
    else high = middle - 1;
  }
  return low;
}

/**
 * The section table of an edge store, cut at line ends into parts (`rows/<n>.txt`, starting at
 * `starts[n]`; the last entry is the table's size): a query's lines are fetched part by part
 * (`prefetch`) and the parts kept up to 8 MB. No line spans two parts.
 */
export function storedRowReader(storage: DigestStorage, starts: readonly number[]): PrefetchingReader {
  const kept = new ByteLru(KEPT_ROW_BYTES);
  const size = starts[starts.length - 1] ?? 0;
  const fetchPart = async (part: number): Promise<void> => {
    const bytes = await storage.read(rowsFile(part));
    if (bytes === null) throw new DigestLoadError(`the stored digest has no ${rowsFile(part)}; run 'ask worker build' and deploy again`);
    kept.set(String(part), bytes);
  };
  return {
    size,
    read(position, length) {
      const part = partOf(starts, position);
      const bytes = kept.get(String(part));
      if (bytes === undefined) throw new RowNotFetchedError();
      const from = position - (starts[part] ?? 0);
      return bytes.subarray(from, from + length);
    },
    readAll() {
      throw new DigestLoadError(`the stored section table does not match its header; run 'ask digest build --force' and 'ask worker build'`);
    },
    async prefetch(ranges) {
      const parts = new Set(ranges.map((range) => partOf(starts, range.offset)));
      await Promise.all([...parts].filter((part) => kept.get(String(part)) === undefined).map(fetchPart));
    },
  };
}

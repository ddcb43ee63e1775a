import type { KeywordResult } from '../format/wire.ts';
import type { SearchIndex } from '../search/open.ts';
import { RowNotFetchedError } from './storage/row-reader.ts';
import { rankSections, searchKeyword, type RankOptions } from '../search/score.ts';

/**
 * Reads the rows a query shows before it is answered, where the section table is in a store read
 * asynchronously (`index.readRows`): rank, fetch the best sections' lines together, then answer
 * (the answer ranks again, a small part of a query). A table read synchronously is left alone.
 */
export async function readRowsFor(index: SearchIndex, query: string, options: RankOptions = {}): Promise<void> {
  if (index.readRows === undefined) return;
  const { ranked } = rankSections(index, query, options);
  await index.readRows(ranked.map((section) => section.index));
}

/**
 * `searchKeyword`, its rows read first (see `readRowsFor`) when they are not all at hand: a warm
 * query (its rows' parts kept) ranks once, one that needs a part fetched ranks three times.
 */
export async function searchKeywordRead(index: SearchIndex, query: string, options: RankOptions = {}): Promise<KeywordResult[]> {
  if (index.readRows !== undefined) {
    try {
      return searchKeyword(index, query, options);
    } catch (error) {
      if (!(error instanceof RowNotFetchedError)) throw error;
    }
    await readRowsFor(index, query, options);
  }
  return searchKeyword(index, query, options);
}

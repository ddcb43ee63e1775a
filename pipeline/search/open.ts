import { AskError } from '../errors.ts';
import { FLAG_BITS, SEARCH_SCHEMA_VERSION, type GlossaryTokens, type PageLine, type SearchHeader, type SearchTables, type SearchTableSources, type SectionRow } from '../format/search-tables.ts';
import { lineTable, LineTableError } from '../format/line-table.ts';
import { ROW_CACHE_CHARACTERS, RowCache } from './row-cache.ts';
import { decodePageLine, decodeSectionLine, optionalField } from '../format/section-rows.ts';
import { searchTableFiles, searchTableSources } from '../format/search-files.ts';
import { IndexMemo } from './index-memo.ts';
import { isPrefetching } from './row-prefetch.ts';
import { flatText, type FlatText } from './snippet.ts';
import { TOKENIZER_VERSION } from './tokenize.ts';

/** The search tables could not be used: another schema or tokenizer version, or not tables at all. */
export class SearchIndexError extends AskError {
  override readonly name = 'SearchIndexError';
  constructor(message: string) {
    // the message says what to do, and the handler shows it
    super(message, { userMessage: message });
  }
}

/** Loaded search tables, ready for queries. Posting lists are decoded on first use and kept; rows when asked for, the latest kept (row-cache.ts). */
export interface SearchIndex {
  readonly stemmed: boolean;
  readonly hasDigest: boolean;
  readonly avgLength: number;
  readonly sectionCount: number;
  /** Per section: body length in distinct tokens. */
  readonly lengths: readonly number[];
  /** The number of vocabulary terms. */
  readonly termCount: number;
  /** Per vocabulary term: its document frequency. */
  readonly df: readonly number[];
  readonly surface: readonly string[];
  readonly surfaceStem: readonly number[];
  readonly glossary: readonly GlossaryTokens[];
  /** Per page kind other than `guide`: its page numbers (search-tables.ts). */
  readonly pageKinds: Readonly<Record<string, readonly number[]>>;
  /** Per kind of `pageKinds`: the prior the digest was built with. */
  readonly kindPriors: Readonly<Record<string, number>>;
  /** The vocabulary term at a position (sorted by UTF-16 code unit), decoded once and kept. */
  term(position: number): string;
  /** The posting list of a vocabulary position, `sectionIndex << 3 | flags`, decoded once and kept. */
  postings(position: number): Int32Array;
  /** The number of a section's page, for the per-page cap. */
  page(section: number): number;
  /** What a result shows of a section. */
  row(section: number): SectionRow;
  /** A section's text flattened for its snippet (snippet.ts), kept as long as its row is. */
  flatText(section: number): FlatText;
  /** A section's id (decodes its row). */
  id(section: number): string;
  /** The number of pages. */
  readonly pageCount: number;
  /** A page's line (slug, title, url, group), by page number. */
  pageLine(page: number): PageLine;
  /** What the scorer keeps for this index between queries (`IndexMemo`). */
  readonly memo: IndexMemo;
  /**
   * Present when the section table is in a store read asynchronously (row-prefetch.ts): fetches
   * these sections' lines, so that `row` and `flatText` may be called for them.
   */
  readonly readRows?: (sections: readonly number[]) => Promise<void>;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const HEADER_ARRAYS = ['pages', 'lengths', 'sectionBytes', 'df', 'surface', 'surfaceStem', 'glossary'] as const;
const HEADER_RECORDS = ['pageKinds', 'kindPriors'] as const;

/**
 * Checks a parsed header: versions first (a mismatch says how to rebuild), then the array
 * shapes. Elements are not validated one by one: that would cost more than the parse.
 */
function checkedHeader(data: unknown, where: string): SearchHeader {
  if (!isRecord(data)) throw new SearchIndexError(`${where}: not ask search tables; run 'ask index build'`);
  if (data['schema'] !== SEARCH_SCHEMA_VERSION || data['tokenizer'] !== TOKENIZER_VERSION) {
    throw new SearchIndexError(
      `${where}: search tables of schema ${String(data['schema'])}/${String(data['tokenizer'])}, this ask reads ${SEARCH_SCHEMA_VERSION}/${TOKENIZER_VERSION}; rebuild them with 'ask digest build' or 'ask index build'`,
    );
  }
  for (const key of HEADER_ARRAYS) {
    if (!Array.isArray(data[key])) throw new SearchIndexError(`${where}: '${key}' is missing; rebuild with 'ask index build'`);
  }
  for (const key of HEADER_RECORDS) {
    if (!isRecord(data[key])) throw new SearchIndexError(`${where}: '${key}' is missing; rebuild with 'ask index build'`);
  }
  const header = data as SearchHeader;
  if (header.lengths.length !== header.pages.length || header.sectionBytes.length !== header.pages.length || header.surfaceStem.length !== header.surface.length) {
    throw new SearchIndexError(`${where}: the tables are inconsistent; rebuild with 'ask index build'`);
  }
  return header;
}

/** Decodes one line of `postings.txt` (`term\tb36,b36,...`) into absolute section indexes with flags. */
function decodePostings(line: string): Int32Array {
  const tab = line.indexOf('\t');
  const values: number[] = [];
  let section = 0;
  let value = 0;
  const mask = (1 << FLAG_BITS) - 1;
  for (let at = tab + 1; at <= line.length; at += 1) {
    const code = at === line.length ? 44 : line.charCodeAt(at);
    if (code === 44) {
      section += value >>> FLAG_BITS;
      values.push((section << FLAG_BITS) | (value & mask));
      value = 0;
    } else {
      value = value * 36 + (code <= 57 ? code - 48 : code - 87);
    }
  }
  return tab === -1 || tab === line.length - 1 ? new Int32Array(0) : Int32Array.from(values);
}

/** Runs `read`, turning a line table that does not match its header into a SearchIndexError. */
function guarded<T>(where: string, read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof LineTableError) throw new SearchIndexError(`${where}: ${error.message}; rebuild with 'ask index build'`);
    throw error;
  }
}

/**
 * Opens the files of the search tables (see format/search-tables.ts): parses the header, finds the lines
 * of the others, and decodes nothing else until a query needs it.
 */
export function openSearchTables(sources: SearchTableSources, where = 'search tables', ids?: readonly string[]): SearchIndex {
  let data: unknown;
  try {
    data = JSON.parse(sources.header);
  } catch {
    throw new SearchIndexError(`${where}: not valid JSON; rebuild with 'ask index build'`);
  }
  const header = checkedHeader(data, where);
  const postingLines = guarded(where, () => lineTable(sources.postings));
  const sectionLines = guarded(where, () => lineTable(sources.sections, header.sectionBytes));
  const pageLines = guarded(where, () => lineTable(sources.pages));
  const pageCount = header.pages.reduce((most, page) => Math.max(most, page + 1), 0);
  if (postingLines.count !== header.df.length || sectionLines.count !== header.pages.length || pageLines.count !== pageCount) {
    throw new SearchIndexError(`${where}: the posting, section or page lines do not match the header; rebuild with 'ask index build'`);
  }
  const decoded = new Map<number, Int32Array>();
  const terms: (string | undefined)[] = [];
  const term = (position: number): string => {
    let known = terms[position];
    if (known === undefined) {
      known = postingLines.head(position);
      terms[position] = known;
    }
    return known;
  };
  const malformed = (table: string, line: number) => new SearchIndexError(`${where}: line ${line + 1} of the ${table} table is malformed; rebuild with 'ask index build'`);
  // a page's line is decoded once and kept: pages are few, and every result shows its page's
  const pageRows: (PageLine | undefined)[] = [];
  const pageRow = (pageNumber: number): PageLine => {
    let page = pageRows[pageNumber];
    if (page === undefined) {
      page = decodePageLine(pageLines.line(pageNumber)) ?? undefined;
      if (!page) throw malformed('page', pageNumber);
      pageRows[pageNumber] = page;
    }
    return page;
  };
  // the rows shown last, each with its text flattened once a snippet needs it
  const rows = new RowCache<{ readonly row: SectionRow; flat: FlatText | null }>(ROW_CACHE_CHARACTERS);
  const cachedRow = (section: number): { readonly row: SectionRow; flat: FlatText | null } => {
    const kept = rows.get(section);
    if (kept !== undefined) return kept;
    const line = decodeSectionLine(guarded(where, () => sectionLines.line(section)));
    if (!line) throw malformed('section', section);
    const page = pageRow(header.pages[section] ?? -1);
    const fragment = line.anchor === null ? '' : `#${line.anchor}`;
    const entry = {
      row: { id: `${page.slug}${fragment}`, title: page.title, heading: line.heading, url: `${page.url}${fragment}`, group: page.group, text: line.text },
      flat: null,
    };
    rows.set(section, entry, line.text.length);
    return entry;
  };
  const prefetching = isPrefetching(sources.sections) ? sources.sections : null;
  let starts: Float64Array | null = null;
  const readRows = (sections: readonly number[]): Promise<void> => {
    if (prefetching === null) return Promise.resolve();
    if (starts === null) {
      starts = new Float64Array(header.sectionBytes.length + 1);
      for (let at = 0; at < header.sectionBytes.length; at += 1) starts[at + 1] = (starts[at] ?? 0) + (header.sectionBytes[at] ?? 0);
    }
    const known = starts;
    // every line asked for, decoded or not: a decoded row may be dropped before the query shows it
    return prefetching.prefetch(sections.map((section) => ({ offset: known[section] ?? 0, length: header.sectionBytes[section] ?? 0 })));
  };
  return {
    ...(prefetching === null ? {} : { readRows }),
    stemmed: header.stemmed,
    hasDigest: header.hasDigest,
    avgLength: header.avgLength,
    sectionCount: header.pages.length,
    lengths: header.lengths,
    termCount: header.df.length,
    term,
    df: header.df,
    surface: header.surface,
    surfaceStem: header.surfaceStem,
    glossary: header.glossary,
    pageKinds: header.pageKinds,
    kindPriors: header.kindPriors,
    postings(position) {
      let list = decoded.get(position);
      if (!list) {
        list = decodePostings(postingLines.line(position));
        decoded.set(position, list);
      }
      return list;
    },
    page: (section) => header.pages[section] ?? -1,
    pageCount,
    pageLine: (pageNumber) => pageRow(pageNumber),
    memo: new IndexMemo(),
    row: (section) => cachedRow(section).row,
    flatText(section) {
      const entry = cachedRow(section);
      entry.flat ??= flatText(entry.row.text);
      return entry.flat;
    },
    // from the first field of each line only: the runtime lists every id when it starts
    id(section) {
      const listed = ids?.[section];
      if (listed !== undefined) return listed;
      const slug = optionalField(guarded(where, () => pageLines.head(header.pages[section] ?? -1))) ?? '';
      const anchor = optionalField(guarded(where, () => sectionLines.head(section)));
      return anchor === null ? slug : `${slug}#${anchor}`;
    },
  };
}

/** Opens tables built in memory exactly as they would be loaded from their files. */
export function openSearchIndex(tables: SearchTables): SearchIndex {
  return openSearchTables(searchTableSources(searchTableFiles(tables)));
}

import { FLAG_BITS, SEARCH_SCHEMA_VERSION, type GlossaryTokens, type SearchHeader, type SearchTableSources, type SectionRow } from './index-format.ts';
import { lineTable } from './line-table.ts';
import { decodeSectionRow } from './section-rows.ts';
import { TOKENIZER_VERSION } from './tokenize.ts';

/** The search tables could not be used: another schema or tokenizer version, or not tables at all. */
export class SearchIndexError extends Error {
  override readonly name = 'SearchIndexError';
}

/** Loaded search tables, ready for queries. Posting lists are decoded on first use and kept; rows when asked for. */
export interface SearchIndex {
  readonly stemmed: boolean;
  readonly hasDigest: boolean;
  readonly avgLength: number;
  readonly sectionCount: number;
  /** Per section, in corpus order: its id. */
  readonly ids: readonly string[];
  /** Per section: body length in distinct tokens. */
  readonly lengths: readonly number[];
  readonly vocab: readonly string[];
  readonly df: readonly number[];
  readonly surface: readonly string[];
  readonly surfaceStem: readonly number[];
  readonly glossary: readonly GlossaryTokens[];
  /** The posting list of a vocabulary position, `sectionIndex << 3 | flags`, decoded once and kept. */
  postings(position: number): Int32Array;
  /** The page of a section (its id before `#`), for the per-page cap. */
  page(section: number): string;
  /** What a result shows of a section. */
  row(section: number): SectionRow;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const HEADER_ARRAYS = ['ids', 'lengths', 'vocab', 'df', 'surface', 'surfaceStem', 'glossary'] as const;

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
  const header = data as SearchHeader;
  if (header.lengths.length !== header.ids.length || header.df.length !== header.vocab.length || header.surfaceStem.length !== header.surface.length) {
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

/**
 * Opens the three files of the search tables (see index-format.ts): parses the header, finds the
 * lines of the other two, and decodes nothing else until a query needs it.
 */
export function openSearchTables(sources: SearchTableSources, where = 'search tables'): SearchIndex {
  let data: unknown;
  try {
    data = JSON.parse(sources.header);
  } catch {
    throw new SearchIndexError(`${where}: not valid JSON; rebuild with 'ask index build'`);
  }
  const header = checkedHeader(data, where);
  const postingLines = lineTable(sources.postings);
  const sectionLines = lineTable(sources.sections);
  if (postingLines.count !== header.vocab.length || sectionLines.count !== header.ids.length) {
    throw new SearchIndexError(`${where}: the posting or section lines do not match the header; rebuild with 'ask index build'`);
  }
  const decoded = new Map<number, Int32Array>();
  return {
    stemmed: header.stemmed,
    hasDigest: header.hasDigest,
    avgLength: header.avgLength,
    sectionCount: header.ids.length,
    ids: header.ids,
    lengths: header.lengths,
    vocab: header.vocab,
    df: header.df,
    surface: header.surface,
    surfaceStem: header.surfaceStem,
    glossary: header.glossary,
    postings(position) {
      let list = decoded.get(position);
      if (!list) {
        list = decodePostings(postingLines.line(position));
        decoded.set(position, list);
      }
      return list;
    },
    page(section) {
      const id = header.ids[section] ?? '';
      const hash = id.indexOf('#');
      return hash === -1 ? id : id.slice(0, hash);
    },
    row(section) {
      const row = decodeSectionRow(sectionLines.line(section));
      if (!row) throw new SearchIndexError(`${where}: line ${section + 1} of the section table is malformed; rebuild with 'ask index build'`);
      return row;
    },
  };
}

import { SEARCH_SCHEMA_VERSION, type SearchIndexFile } from './index-format.ts';
import { TOKENIZER_VERSION } from './tokenize.ts';

/** The search tables could not be used: another schema or tokenizer version, or not tables at all. */
export class SearchIndexError extends Error {
  override readonly name = 'SearchIndexError';
}

/** Loaded search tables, ready for queries; decoded posting lists are kept once decoded. */
export interface SearchIndex {
  readonly file: SearchIndexFile;
  readonly sectionCount: number;
  /** Per section: the page it belongs to (the id before `#`), for the per-page cap. */
  readonly pageOf: readonly string[];
  readonly decoded: Map<number, Int32Array>;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Checks the header of parsed tables and wraps them for querying. Only the header and the array
 * shapes are checked (a full element-by-element validation would cost more than the parse),
 * and a version mismatch is refused with a message that says how to rebuild.
 */
export function openSearchIndex(data: unknown, where = 'search index'): SearchIndex {
  if (!isRecord(data)) throw new SearchIndexError(`${where}: not ask search tables; run 'ask index build'`);
  if (data['schema'] !== SEARCH_SCHEMA_VERSION || data['tokenizer'] !== TOKENIZER_VERSION) {
    throw new SearchIndexError(
      `${where}: search tables of schema ${String(data['schema'])}/${String(data['tokenizer'])}, this ask reads ${SEARCH_SCHEMA_VERSION}/${TOKENIZER_VERSION}; rebuild them with 'ask digest build' or 'ask index build'`,
    );
  }
  const arrays = ['sections', 'texts', 'vocab', 'df', 'postings', 'surface', 'surfaceStem', 'glossary'];
  for (const key of arrays) {
    if (!Array.isArray(data[key])) throw new SearchIndexError(`${where}: '${key}' is missing; rebuild with 'ask index build'`);
  }
  const file = data as SearchIndexFile;
  if (file.texts.length !== file.sections.length || file.df.length !== file.vocab.length || file.postings.length !== file.vocab.length || file.surfaceStem.length !== file.surface.length) {
    throw new SearchIndexError(`${where}: the tables are inconsistent; rebuild with 'ask index build'`);
  }
  return {
    file,
    sectionCount: file.sections.length,
    pageOf: file.sections.map(([id]) => {
      const hash = id.indexOf('#');
      return hash === -1 ? id : id.slice(0, hash);
    }),
    decoded: new Map(),
  };
}

/** Parses the JSON text of `search/index.json` and opens it. */
export function parseSearchIndex(text: string, where = 'search index'): SearchIndex {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new SearchIndexError(`${where}: not valid JSON; rebuild with 'ask index build'`);
  }
  return openSearchIndex(data, where);
}

export { buildSearchIndex, type IndexInput } from './index-build.ts';
export { SEARCH_SCHEMA_VERSION, SearchHeaderSchema, type SearchHeader, type SearchTables, type SearchTableSources, type SectionRow } from '../format/search-tables.ts';
export { loadSearchIndex } from './load.ts';
export { openSearchIndex, openSearchTables, SearchIndexError, type SearchIndex } from './open.ts';
export { searchTableFiles, searchTableSources } from '../format/search-files.ts';
export { expandWithGlossary, MAX_GLOSSARY_TERMS, queryTerms, type QueryTerms } from './query-terms.ts';
export {
  ALL_FEATURES,
  BM25_B,
  DEFAULT_MAX_RESULTS,
  DEFAULT_PER_DOC_CAP,
  idf,
  LENGTH_FLOOR,
  rankSections,
  searchKeyword,
  searchSections,
  type RankedSection,
  type RankOptions,
  type ScoringFeatures,
  type SectionHit,
} from './score.ts';
export { makeSnippet, SNIPPET_LENGTH } from './snippet.ts';
export { stem } from './stem.ts';
export { STOPWORDS } from './stopwords.ts';
export { TOKENIZER_VERSION, tokenize, tokenSpans, uniqueTokens } from './tokenize.ts';

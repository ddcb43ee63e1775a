// The package's main entry: the one keyword scorer and the build pipeline.
export { loadSearchIndex, searchKeyword, searchSections, openSearchTables, openSearchIndex, buildSearchIndex, SearchIndexError } from './search/index.ts';
export type { SearchIndex, SearchHeader, SearchTables, RankOptions, ScoringFeatures, SectionHit } from './search/index.ts';
export { buildDigest, type BuildOptions, type BuildReport } from './compile/build.ts';
export { checkDigest, type Staleness } from './compile/check.ts';
export { loadContent, ContentErrors, type LoadedContent } from './content/index.ts';
export { createOfflineDistiller } from './distill/offline/index.ts';
export { chooseDistiller } from './distill/choose.ts';
export type {
  DigestNode,
  Distiller,
  Fact,
  GlossaryEntry,
  Page,
  Section,
  SectionSummary,
  SearchOptions,
} from './types.ts';
export type { KeywordResult, KeywordResponse, AnswerEvent, Source } from './format/wire.ts';
export { AskError, INTERNAL_ERROR_MESSAGE, type AskErrorOptions } from './errors.ts';

export { chunkPage, firstTitleHeading, type Chunk } from './chunk.ts';
export { ContentError } from './errors.ts';
export { corpusHash, sha256 } from './hash.ts';
export { CHUNKER_VERSION, ContentErrors, hashContentFiles, listContentFiles, loadContent, type FileReader, type LoadedContent, type LoadOptions } from './load.ts';
export { expandedText, loadFile, pageReadKey, type FileSource, type LoadedFile } from './load-file.ts';
export { readPage, type ReadPage } from './page.ts';
export { parseMarkdown } from '../markdown/parse.ts';
export { resolveSite } from './site.ts';

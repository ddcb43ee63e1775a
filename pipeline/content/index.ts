export { chunkPage, firstTitleHeading, type UnhashedSection } from './chunk.ts';
export { ContentError } from './errors.ts';
export { readFrontmatter, type Frontmatter } from './frontmatter.ts';
export { corpusHash, hashSection, sha256 } from './hash.ts';
export { CHUNKER_VERSION, ContentErrors, hashContentFiles, listContentFiles, loadContent, type LoadedContent, type LoadOptions } from './load.ts';
export { pageUrl, readPage, type ReadPage } from './page.ts';
export { parseMarkdown } from './parse.ts';
export { plainText } from './plain-text.ts';
export { fileTitle, groupFromPath, slugFromPath, validateSlug } from './slug.ts';

export { detectGenerator, type Detected } from './detect.ts';
export { generatorNamed, isGeneratorName } from './registry.ts';
export { SourceEditor, indentWidth, isBlankLine, sourceLines, type SourceLine } from './source-editor.ts';
export { GENERATOR_NAMES, type Generator, type GeneratorName, type HeadingIds, type HeadingInput, type PageInput, type SiteOptions, type UrlStyle } from './types.ts';
export { slugOfPath, styledPath } from './url-style.ts';

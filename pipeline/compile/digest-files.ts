import type { LlmsFiles } from './llms.ts';
import { BUILD_ONLY_FILES, DIGEST_FILES, pageMarkdownPath, sectionFilePath } from '../format/paths.ts';
import { DIGEST_GITIGNORE } from '../format/digest-gitignore.ts';
import { stableJson } from '../format/stable-json.ts';
import type { Manifest } from '../format/manifest.ts';
import type { DigestNode, GlossaryEntry, SuggestedQuestion } from '../types.ts';
import { suggestionsFileOf } from '../format/digest-json.ts';

export interface DigestContents {
  readonly manifest: Manifest;
  /** The nodes whose files are to be written (a build links the files that did not change). */
  readonly nodes: Iterable<DigestNode>;
  readonly glossary: readonly GlossaryEntry[];
  readonly suggestions: readonly SuggestedQuestion[];
  readonly overview: string;
  readonly context: string;
  /** The search tables' files (`searchTableFiles`). */
  readonly searchFiles: ReadonlyMap<string, string>;
  /** `llms.txt`, `llms-full.txt` and the pages' Markdown (`renderLlmsFiles`; a build links the pages it kept). */
  readonly llms: LlmsFiles;
}

function withFinalNewline(text: string): string {
  return `${text.replace(/\s+$/, '')}\n`;
}

/**
 * Every file of the digest tree with its exact bytes: sorted keys, LF, a final newline, no
 * timestamps. The same contents always give the same files. Lazy: a node's file is made when
 * the writer takes it, so a large digest never holds all of them at once. With them the
 * folder's `.gitignore`, which commits them all (`digest-gitignore.ts`).
 */
export function* digestFiles(contents: DigestContents): Generator<readonly [string, string]> {
  yield [BUILD_ONLY_FILES.gitignore, DIGEST_GITIGNORE];
  yield [DIGEST_FILES.manifest, stableJson(contents.manifest)];
  yield [DIGEST_FILES.glossary, stableJson({ terms: contents.glossary })];
  yield [DIGEST_FILES.suggestions, stableJson(suggestionsFileOf(contents.suggestions))];
  yield [DIGEST_FILES.overview, withFinalNewline(contents.overview)];
  yield [DIGEST_FILES.context, withFinalNewline(contents.context)];
  yield* contents.searchFiles;
  yield [DIGEST_FILES.llms, contents.llms.index];
  yield [DIGEST_FILES.llmsFull, contents.llms.full];
  for (const [slug, text] of contents.llms.pages) if (!contents.llms.kept.has(slug)) yield [pageMarkdownPath(slug), text];
  for (const node of contents.nodes) yield [sectionFilePath(node.id), stableJson(node)];
}

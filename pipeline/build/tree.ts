import { DIGEST_FILES, sectionFilePath } from '../digest/paths.ts';
import { stableJson } from '../digest/stable-json.ts';
import type { Manifest } from '../digest/manifest.ts';
import type { SearchTables } from '../search/index-format.ts';
import { searchTableFiles } from '../search/serialize.ts';
import type { DigestNode, GlossaryEntry } from '../types.ts';

export interface DigestContents {
  readonly manifest: Manifest;
  readonly nodes: ReadonlyMap<string, DigestNode>;
  readonly glossary: readonly GlossaryEntry[];
  readonly suggestions: readonly string[];
  readonly overview: string;
  readonly context: string;
  readonly searchIndex: SearchTables;
}

function withFinalNewline(text: string): string {
  return `${text.replace(/\s+$/, '')}\n`;
}

/**
 * Every file of the digest tree with its exact bytes: sorted keys, LF, a final newline, no
 * timestamps. The same contents always give the same map, so the same files.
 */
export function digestFiles(contents: DigestContents): Map<string, string> {
  const files = new Map<string, string>();
  files.set(DIGEST_FILES.manifest, stableJson(contents.manifest));
  files.set(DIGEST_FILES.glossary, stableJson({ terms: contents.glossary }));
  files.set(DIGEST_FILES.suggestions, stableJson({ suggestions: contents.suggestions }));
  files.set(DIGEST_FILES.overview, withFinalNewline(contents.overview));
  files.set(DIGEST_FILES.context, withFinalNewline(contents.context));
  for (const [file, text] of searchTableFiles(contents.searchIndex)) files.set(file, text);
  for (const node of contents.nodes.values()) files.set(sectionFilePath(node.id), stableJson(node));
  return files;
}

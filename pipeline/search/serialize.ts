import { DIGEST_FILES } from '../digest/paths.ts';
import type { SearchTables } from './index-format.ts';
import { openSearchTables, type SearchIndex } from './open.ts';
import { encodeSectionRow } from './section-rows.ts';

/** Lines joined with a line feed after each (an empty list is an empty text). */
function linesText(lines: readonly string[]): string {
  return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
}

/** The texts of the three files of the search tables (index-format.ts), by digest-relative path. */
export function searchTableFiles(tables: SearchTables): Map<string, string> {
  const { header, postings, rows } = tables;
  return new Map([
    [DIGEST_FILES.searchIndex, `${JSON.stringify(header)}\n`],
    [DIGEST_FILES.searchPostings, linesText(postings.map((list, at) => `${header.vocab[at] ?? ''}\t${list}`))],
    [DIGEST_FILES.searchSections, linesText(rows.map(encodeSectionRow))],
  ]);
}

/** Opens tables built in memory exactly as they would be loaded from their files. */
export function openSearchIndex(tables: SearchTables): SearchIndex {
  const files = searchTableFiles(tables);
  return openSearchTables({
    header: files.get(DIGEST_FILES.searchIndex) ?? '',
    postings: files.get(DIGEST_FILES.searchPostings) ?? '',
    sections: files.get(DIGEST_FILES.searchSections) ?? '',
  });
}

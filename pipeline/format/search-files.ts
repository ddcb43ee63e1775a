import { DIGEST_FILES } from './paths.ts';
import type { SearchTableSources, SearchTables } from './search-tables.ts';
import { encodePageLine } from './section-rows.ts';
import { compactStableJson } from './stable-json.ts';

/** Lines joined with a line feed after each (an empty list is an empty text). */
function linesText(lines: readonly string[]): string {
  return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
}

/** The texts of the files of the search tables (search-tables.ts), by digest-relative path. */
export function searchTableFiles(tables: SearchTables): Map<string, string> {
  const { header, vocab, postings, sections, pages } = tables;
  return new Map([
    // sorted keys at every level, as every JSON file of the digest tree (the versions are found by key, not by place)
    [DIGEST_FILES.searchIndex, compactStableJson(header)],
    [DIGEST_FILES.searchPostings, linesText(postings.map((list, at) => `${vocab[at] ?? ''}\t${list}`))],
    [DIGEST_FILES.searchSections, linesText(sections)],
    [DIGEST_FILES.searchPages, linesText(pages.map(encodePageLine))],
  ]);
}

/** The sources of the tables among digest files by relative path (a missing file reads as empty). */
export function searchTableSources(files: ReadonlyMap<string, string>): SearchTableSources & { readonly [file in keyof SearchTableSources]: string } {
  return {
    header: files.get(DIGEST_FILES.searchIndex) ?? '',
    postings: files.get(DIGEST_FILES.searchPostings) ?? '',
    sections: files.get(DIGEST_FILES.searchSections) ?? '',
    pages: files.get(DIGEST_FILES.searchPages) ?? '',
  };
}

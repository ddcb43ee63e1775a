import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DIGEST_FILES } from '../../pipeline/digest/paths.ts';
import { openSearchTables, searchSections, searchTableFiles, SearchIndexError } from '../../pipeline/search/index.ts';
import { decodeSectionRow, encodeSectionRow } from '../../pipeline/search/section-rows.ts';
import { tablesOf } from './fixtures.ts';

const corpus = [
  { id: 'auth#tokens', title: 'Auth', heading: 'Session tokens', text: 'Send Svc-Session-Token\twith every call.\nTokens expire after 24h.', group: 'Guides' },
  { id: 'auth', title: 'Auth', heading: null, text: 'How to sign in: C:\\\\Users\\\\me and \\N are plain text here.' },
  { id: 'cli#flags', title: 'CLI', heading: 'Flags', text: 'The --access-url flag sets the server. Ünïcode wörds too.', terms: ['access url'] },
];

function filesOf(specs: typeof corpus) {
  const files = searchTableFiles(tablesOf(specs));
  const text = (name: string) => files.get(name) ?? '';
  return { header: text(DIGEST_FILES.searchIndex), postings: text(DIGEST_FILES.searchPostings), sections: text(DIGEST_FILES.searchSections) };
}

describe('the search tables are three files that open from text or from bytes alike', () => {
  it('writes one posting line per vocabulary term, led by the term, and one row line per section', () => {
    const { header, postings, sections } = filesOf(corpus);
    const vocab = (JSON.parse(header) as { vocab: string[] }).vocab;
    const lines = postings.split('\n').slice(0, -1);
    expect(lines.map((line) => line.slice(0, line.indexOf('\t')))).toEqual(vocab);
    expect(sections.split('\n').slice(0, -1)).toHaveLength(corpus.length);
  });

  it('gives the same results from UTF-8 bytes as from strings, tabs, newlines and backslashes intact', () => {
    const sources = filesOf(corpus);
    const encoder = new TextEncoder();
    const fromText = openSearchTables(sources);
    const fromBytes = openSearchTables({ header: sources.header, postings: encoder.encode(sources.postings), sections: encoder.encode(sources.sections) });
    for (const query of ['session token', 'access-url', 'wörds', 'users']) {
      expect(searchSections(fromBytes, query)).toEqual(searchSections(fromText, query));
    }
    expect(fromBytes.row(0)).toEqual({ title: 'Auth', heading: 'Session tokens', url: '/auth#tokens', group: 'Guides', text: corpus[0]?.text });
    expect(fromBytes.row(1)).toMatchObject({ heading: null, group: null, text: corpus[1]?.text });
  });

  it('refuses tables whose line counts disagree with the header', () => {
    const sources = filesOf(corpus);
    const cut = (text: string) => text.slice(0, text.lastIndexOf('\n', text.length - 2) + 1);
    expect(() => openSearchTables({ ...sources, postings: cut(sources.postings) })).toThrow(SearchIndexError);
    expect(() => openSearchTables({ ...sources, sections: cut(sources.sections) })).toThrow(/do not match the header/);
  });

  it('opens empty tables', () => {
    const index = openSearchTables(filesOf([]));
    expect(index.sectionCount).toBe(0);
    expect(searchSections(index, 'anything')).toEqual([]);
  });

  it('round-trips any row through its line, whatever characters its fields hold', () => {
    const field = fc.string({ unit: fc.constantFrom('a', 'é', '\\', '\t', '\n', '\r', 'N', 't', 'n', ' ', '字') });
    fc.assert(
      fc.property(fc.record({ title: field, heading: fc.option(field), url: field, group: fc.option(field), text: field }), (row) => {
        const line = encodeSectionRow(row);
        expect(line).not.toMatch(/[\n\r]/);
        expect(decodeSectionRow(line)).toEqual(row);
      }),
    );
  });
});

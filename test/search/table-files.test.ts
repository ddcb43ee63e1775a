import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { openSearchTables, searchSections, searchTableFiles, searchTableSources, SearchIndexError } from '../../pipeline/search/index.ts';
import { decodePageLine, decodeSectionLine, encodePageLine, encodeSectionLine } from '../../pipeline/format/section-rows.ts';
import { tablesOf, type SectionSpec } from './fixtures.ts';

const corpus: SectionSpec[] = [
  { id: 'auth#tokens', title: 'Auth', heading: 'Session tokens', text: 'Send Svc-Session-Token\twith every call.\nTokens expire after 24h.', group: 'Guides' },
  { id: 'cli#flags', title: 'CLI', heading: 'Flags', text: 'The --access-url flag sets the server. Ünïcode wörds too.', terms: ['access url'] },
  { id: 'auth', title: 'Auth', heading: null, text: 'How to sign in: C:\\\\Users\\\\me and \\N are plain text here.', group: 'Guides' },
];

const sourcesOf = (specs: readonly SectionSpec[]) => searchTableSources(searchTableFiles(tablesOf(specs)));
const text = (source: string | Uint8Array) => (typeof source === 'string' ? source : new TextDecoder().decode(source));
const linesOf = (source: string | Uint8Array) => text(source).split('\n').slice(0, -1);

describe('the search tables are files of lines that open from text or from bytes alike', () => {
  it('writes a posting line per vocabulary term led by the term, a line per section and one per page', () => {
    const sources = sourcesOf(corpus);
    const index = openSearchTables(sources);
    const vocab = Array.from({ length: index.termCount }, (_, at) => index.term(at));
    expect(vocab).toEqual([...vocab].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(vocab).toEqual(expect.arrayContaining(['svc-session-token', 'session', 'token', '--access-url', 'access', 'url']));
    expect(linesOf(sources.postings).map((line) => line.slice(0, line.indexOf('\t')))).toEqual(vocab);
    expect(linesOf(sources.sections)).toHaveLength(3);
    expect(linesOf(sources.pages)).toEqual(['auth\tAuth\t/auth\tGuides', 'cli\tCLI\t/cli\t\\N']);
  });

  it('gives the same results from UTF-8 bytes as from strings, tabs, newlines and backslashes intact', () => {
    const sources = sourcesOf(corpus);
    const encoder = new TextEncoder();
    const fromText = openSearchTables(sources);
    const fromBytes = openSearchTables({
      header: sources.header,
      postings: encoder.encode(text(sources.postings)),
      sections: encoder.encode(text(sources.sections)),
      pages: encoder.encode(text(sources.pages)),
    });
    for (const query of ['session token', 'access-url', 'wörds', 'users']) {
      expect(searchSections(fromBytes, query)).toEqual(searchSections(fromText, query));
    }
    expect(fromBytes.row(0)).toEqual({ id: 'auth#tokens', title: 'Auth', heading: 'Session tokens', url: '/auth#tokens', group: 'Guides', text: corpus[0]?.text });
    expect(fromBytes.row(1)).toMatchObject({ id: 'cli#flags', url: '/cli#flags', group: null });
    expect(fromBytes.row(2)).toEqual({ id: 'auth', title: 'Auth', heading: null, url: '/auth', group: 'Guides', text: corpus[2]?.text });
    expect(fromBytes.page(2)).toBe(fromBytes.page(0));
    for (const index of [fromText, fromBytes]) {
      expect(Array.from({ length: index.sectionCount }, (_, at) => index.id(at))).toEqual(corpus.map((spec) => spec.id));
    }
  });

  it('reads section lines on demand from a byte reader placed by the header, and reads CRLF line ends too', () => {
    const sources = sourcesOf(corpus);
    const bytes = new TextEncoder().encode(sources.sections);
    const reads: number[] = [];
    const readerOf = (content: Uint8Array) => ({
      size: content.length,
      read: (position: number, length: number) => {
        reads.push(position);
        return content.slice(position, position + length);
      },
      readAll: () => content,
    });
    const onDemand = openSearchTables({ ...sources, sections: readerOf(bytes) });
    expect(reads).toEqual([]);
    const expected = searchSections(openSearchTables(sources), 'access-url');
    expect(searchSections(onDemand, 'access-url')).toEqual(expected);
    expect(reads.length).toBeGreaterThan(0);
    // a checkout that turned every line end into CRLF: the sizes no longer fit, the file is scanned instead
    const crlf = (text: string) => text.replace(/\n/g, '\r\n');
    const converted = openSearchTables({ header: sources.header, postings: crlf(sources.postings), sections: readerOf(new TextEncoder().encode(crlf(sources.sections))), pages: crlf(sources.pages) });
    expect(searchSections(converted, 'access-url')).toEqual(expected);
    expect(converted.row(0)).toEqual(openSearchTables(sources).row(0));
  });

  it('refuses tables whose line counts disagree with the header', () => {
    const sources = sourcesOf(corpus);
    const cut = (source: string | Uint8Array) => `${linesOf(source).slice(0, -1).join('\n')}\n`;
    expect(() => openSearchTables({ ...sources, postings: cut(sources.postings) })).toThrow(SearchIndexError);
    expect(() => openSearchTables({ ...sources, sections: cut(sources.sections) })).toThrow(/do not match the header/);
    expect(() => openSearchTables({ ...sources, pages: cut(sources.pages) })).toThrow(/do not match the header/);
  });

  it('refuses sections of one page that disagree on its title', () => {
    expect(() => tablesOf([{ id: 'p#a', title: 'One' }, { id: 'p#b', title: 'Two' }])).toThrow(/disagrees with its page/);
  });

  it('opens empty tables', () => {
    const index = openSearchTables(sourcesOf([]));
    expect(index.sectionCount).toBe(0);
    expect(searchSections(index, 'anything')).toEqual([]);
  });

  it('round-trips any section or page line, whatever characters its fields hold', () => {
    const field = fc.string({ unit: fc.constantFrom('a', 'é', '\\', '\t', '\n', '\r', 'N', 't', 'n', ' ', '字') });
    fc.assert(
      fc.property(fc.record({ anchor: fc.option(field), heading: fc.option(field), text: field }), fc.record({ slug: field, title: field, url: field, group: fc.option(field) }), (section, page) => {
        expect(encodeSectionLine(section)).not.toMatch(/[\n\r]/);
        expect(decodeSectionLine(encodeSectionLine(section))).toEqual(section);
        expect(decodePageLine(encodePageLine(page))).toEqual(page);
      }),
    );
  });
});

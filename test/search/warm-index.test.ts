/**
 * What a warm index keeps between queries changes no answer: the rows and flattened texts it
 * keeps, the section file read whole once results are read often, the terms it remembers, the
 * glossary and typo lookups it indexes, and the snippet that skips tokenising a text whose body
 * holds no scored term.
 */
import { IndexMemo } from '../../pipeline/search/index-memo.ts';
import fc from 'fast-check';
import { rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DIGEST_FILES } from '../../pipeline/format/paths.ts';
import { expandWithGlossary, loadSearchIndex, openSearchTables, searchSections, searchTableFiles, searchTableSources, type SearchIndex } from '../../pipeline/search/index.ts';
import { LINE_READS_BEFORE_WHOLE } from '../../pipeline/search/load.ts';
import { RowCache } from '../../pipeline/search/row-cache.ts';
import { findNear, findTerm } from '../../pipeline/search/vocabulary.ts';
import { tempFolder, writeFiles } from '../support/temp-folder.ts';
import { indexOf, tablesOf, type SectionSpec } from './fixtures.ts';

const words = ['token', 'tokens', 'session', 'rotate', 'policies', 'policy', 'inbox', 'notification', 'deadline', 'passcode', 'header', 'headers'];

/** A corpus of `count` sections over a few pages, long enough for snippets to be cut. */
function corpus(count: number): SectionSpec[] {
  return Array.from({ length: count }, (_, at) => ({
    id: `page${at % 7}#s${at}`,
    title: `Page ${at % 7}`,
    heading: `${words[at % words.length]} ${words[(at * 5) % words.length]}`,
    text: Array.from({ length: 40 + (at % 9) * 10 }, (_, word) => words[(at * 7 + word * 3) % words.length]).join(at % 2 === 0 ? ' ' : '\n  '),
    terms: [words[(at * 3) % words.length] ?? ''],
  }));
}

const queries = ['token rotation', 'policy', 'policies headers', 'notif', 'notifcation deadline', 'passcode inbox session', 'header'];

describe('a warm index answers as a cold one', () => {
  it('gives the same results query after query, from its kept rows and flattened texts, as a fresh index', () => {
    const specs = corpus(60);
    const warm = indexOf(specs);
    for (let round = 0; round < 3; round += 1) {
      for (const query of queries) expect(searchSections(warm, query)).toEqual(searchSections(indexOf(specs), query));
    }
  });

  it('reads the section file whole once many lines were read, through the file it opened, and answers the same', async () => {
    const specs = corpus(80);
    const { dir, cleanup } = await tempFolder();
    try {
      await writeFiles(dir, Object.fromEntries(searchTableFiles(tablesOf(specs))));
      const index = await loadSearchIndex(dir);
      const expected = new Map(queries.map((query) => [query, searchSections(openSearchTables(searchTableSources(searchTableFiles(tablesOf(specs)))), query)]));
      // a digest rebuilt meanwhile: another section file takes the place of the one opened
      const other = path.join(dir, 'other.txt');
      await writeFile(other, 'x\t\\N\tnothing\n'.repeat(80));
      await rename(other, path.join(dir, DIGEST_FILES.searchSections));
      for (let read = 0; read < LINE_READS_BEFORE_WHOLE; read += 1) index.row(read % specs.length);
      await new Promise((resolve) => setTimeout(resolve, 50));
      for (const query of queries) expect(searchSections(index, query)).toEqual(expected.get(query));
      expect(index.row(79).text).toBe(specs[79]?.text);
    } finally {
      await cleanup();
    }
  });

  it('keeps rows up to its budget, the most recently used last to go', () => {
    const cache = new RowCache<string>(10);
    cache.set(1, 'a', 4);
    cache.set(2, 'b', 4);
    cache.get(1);
    cache.set(3, 'c', 4);
    expect([cache.get(1), cache.get(2), cache.get(3)]).toEqual(['a', undefined, 'c']);
    cache.set(4, 'd', 11);
    expect(cache.get(4)).toBeUndefined();
  });

  it('starts the snippet at a stem written otherwise (policy in policies) and at the start when only the heading matched', () => {
    const after = ' and plenty of other words'.repeat(12);
    const index = indexOf([
      { id: 'a#x', heading: 'Rules', text: `${'filler words here '.repeat(6)}The policies apply.${after}` },
      { id: 'b#y', heading: 'Policy', text: `${'nothing to see here '.repeat(6)}Plain prose.${after}` },
    ]);
    const results = searchSections(index, 'policy');
    expect(results.find((result) => result.id === 'a#x')?.snippet).toMatch(/^…[^…]*The policies apply/);
    expect(results.find((result) => result.id === 'b#y')?.snippet.startsWith('nothing to see here')).toBe(true);
  });
});

describe('the lookups a query makes find what a scan finds', () => {
  const term = fc.stringMatching(/^[a-e]{1,6}$/);

  it('expands with the glossary entries a naive pass over every entry expands with', () => {
    const entries = fc.array(fc.record({ phrases: fc.array(fc.array(term, { maxLength: 3 }), { maxLength: 3 }), add: fc.array(term, { maxLength: 30 }) }), { maxLength: 8 });
    fc.assert(
      fc.property(entries, fc.uniqueArray(term, { maxLength: 4 }), (glossary, tokens) => {
        const index = { glossary, memo: new IndexMemo() } as unknown as SearchIndex;
        const present = new Set(tokens);
        const naive: string[] = [];
        for (const entry of glossary) {
          if (!entry.phrases.some((phrase) => phrase.every((token) => present.has(token)))) continue;
          for (const token of entry.add) {
            if (naive.length >= 24 || present.has(token)) continue;
            present.add(token);
            naive.push(token);
          }
        }
        expect(expandWithGlossary(index, tokens)).toEqual(naive);
      }),
    );
  });

  it('finds a term again where it found it, and the terms one edit away a scan of the vocabulary finds', () => {
    const index = indexOf(corpus(40).map((spec, at) => ({ ...spec, text: `${spec.text ?? ''} sesion sessions sessoin tokne toke ${at}` })));
    const vocabulary = Array.from({ length: index.termCount }, (_, at) => index.term(at));
    for (const word of ['session', 'token', 'tokens', 'sesion', 'policy', 'nothing', 'rotat']) {
      const expected = vocabulary.indexOf(word);
      expect(findTerm(index, word)).toBe(expected);
      expect(findTerm(index, word)).toBe(expected);
      const near = vocabulary
        .map((candidate, at) => ({ candidate, at }))
        .filter(({ candidate }) => candidate !== word && candidate.startsWith(word.slice(0, 1)) && withinOneEdit(candidate, word))
        .sort((a, b) => (index.df[b.at] ?? 0) - (index.df[a.at] ?? 0) || a.at - b.at)
        .slice(0, 4)
        .map(({ at }) => at);
      expect(findNear(index, word, 4)).toEqual(near);
    }
  });
});

/** One insertion, deletion, substitution or adjacent swap, by the definition (all candidates tried). */
function withinOneEdit(a: string, b: string): boolean {
  if (a === b) return true;
  for (let at = 0; at <= a.length; at += 1) {
    if (a.slice(0, at) + a.slice(at + 1) === b) return true;
    if (b.slice(0, at) + b.slice(at + 1) === a) return true;
    if (at < a.length && a.length === b.length && a.slice(0, at) + b[at] + a.slice(at + 1) === b) return true;
    if (at + 1 < a.length && a.slice(0, at) + a[at + 1] + a[at] + a.slice(at + 2) === b) return true;
  }
  return false;
}

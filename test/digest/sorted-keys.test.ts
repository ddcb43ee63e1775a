import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchTablesCurrent } from '../../pipeline/compile/check.ts';
import { listTreeFiles } from '../../pipeline/digest/archive.ts';
import { SEARCH_SCHEMA_VERSION } from '../../pipeline/format/search-tables.ts';
import { searchHeaderVersions } from '../../pipeline/format/header-versions.ts';
import { TOKENIZER_VERSION } from '../../pipeline/search/tokenize.ts';
import { build } from '../support/digest-tree.ts';
import { tempFolder } from '../support/temp-folder.ts';

const SITE = path.join(import.meta.dirname, '..', 'fixtures', 'site');
let out = '';
let cleanup: () => Promise<void> = async () => {};

beforeAll(async () => {
  const folder = await tempFolder();
  out = path.join(folder.dir, 'digest');
  cleanup = folder.cleanup;
  await build(SITE, out);
});
afterAll(() => cleanup());

/** Where, below `at`, an object's keys are not in sorted (UTF-16 code unit) order; null when none. */
function unsortedAt(value: unknown, at: string): string | null {
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = unsortedAt(item, `${at}[${index}]`);
      if (found !== null) return found;
    }
    return null;
  }
  if (value === null || typeof value !== 'object') return null;
  const keys = Object.keys(value);
  const sorted = [...keys].sort();
  if (keys.some((key, index) => key !== sorted[index])) return `${at || '(top)'}: ${keys.join(', ')}`;
  for (const key of keys) {
    const found = unsortedAt((value as Record<string, unknown>)[key], `${at}.${key}`);
    if (found !== null) return found;
  }
  return null;
}

describe('every JSON file of a built digest tree has sorted keys', () => {
  it('at every level, search/index.json included', async () => {
    const files = (await listTreeFiles(out)).filter((file) => file.endsWith('.json'));
    expect(files).toEqual(expect.arrayContaining(['manifest.json', 'glossary.json', 'suggestions.json', 'search/index.json']));
    expect(files.some((file) => file.startsWith('sections/'))).toBe(true);
    const problems: string[] = [];
    for (const file of files) {
      const text = await readFile(path.join(out, file), 'utf8');
      const parsed: unknown = JSON.parse(text);
      // the file is exactly its parsed value written back (indented or compact), so the parsed
      // key order is the file's own
      const roundTrips = text === `${JSON.stringify(parsed, null, 2)}\n` || text === `${JSON.stringify(parsed)}\n`;
      if (!roundTrips) problems.push(`${file}: not written as JSON.stringify writes it`);
      const unsorted = unsortedAt(parsed, '');
      if (unsorted !== null) problems.push(`${file}: ${unsorted}`);
    }
    expect(problems).toEqual([]);
  });

  it('the glossary token lists of the search header are sorted too', async () => {
    const header = JSON.parse(await readFile(path.join(out, 'search/index.json'), 'utf8')) as { glossary: unknown[] };
    expect(header.glossary.length).toBeGreaterThan(0);
    expect(Object.keys(header.glossary[0] as object)).toEqual(['add', 'phrases']);
  });
});

describe('the search header versions are found by key', () => {
  it('finds schema and tokenizer wherever they are, without being fooled by strings', () => {
    expect(searchHeaderVersions('{"a":[1,2,[3]],"schema":5,"tokenizer":"tok-9"}\n')).toEqual({ schema: 5, tokenizer: 'tok-9' });
    expect(searchHeaderVersions('{"schema":4,"tokenizer":"tok-4","pages":[0,1]}')).toEqual({ schema: 4, tokenizer: 'tok-4' });
    expect(searchHeaderVersions('{"surface":["\\"schema\\":9","]}[{"],"x":{"schema":7},"schema":5,"tokenizer":"t"}')).toEqual({ schema: 5, tokenizer: 't' });
    expect(searchHeaderVersions(' { "schema" : 5 , "tokenizer" : "t" } ')).toEqual({ schema: 5, tokenizer: 't' });
    expect(searchHeaderVersions('{"schema":0}\n')).toEqual({ schema: 0, tokenizer: undefined });
    expect(searchHeaderVersions('{}')).toEqual({ schema: undefined, tokenizer: undefined });
  });

  it('gives null for what is not a JSON object or is cut short', () => {
    for (const text of ['', '[]', 'nope', '{"schema":5,"tokenizer":"t"', '{"pages":[1,2', '{"schema" 5}', '{"a":"b']) {
      expect(searchHeaderVersions(text)).toBeNull();
    }
  });

  it('searchTablesCurrent reads them from a built header, and refuses other versions', async () => {
    const file = path.join(out, 'search/index.json');
    const text = await readFile(file, 'utf8');
    expect(searchHeaderVersions(text)).toEqual({ schema: SEARCH_SCHEMA_VERSION, tokenizer: TOKENIZER_VERSION });
    expect(await searchTablesCurrent(out)).toBe(true);
    try {
      await writeFile(file, text.replace(`"schema":${SEARCH_SCHEMA_VERSION}`, `"schema":${SEARCH_SCHEMA_VERSION - 1}`));
      expect(await searchTablesCurrent(out)).toBe(false);
      await writeFile(file, text.replace(`"tokenizer":"${TOKENIZER_VERSION}"`, '"tokenizer":"tok-0"'));
      expect(await searchTablesCurrent(out)).toBe(false);
      await writeFile(file, '{"schema":0}\n');
      expect(await searchTablesCurrent(out)).toBe(false);
    } finally {
      await writeFile(file, text);
    }
  });
});

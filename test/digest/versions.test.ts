import { describe, expect, it } from 'vitest';
import { DIGEST_SCHEMA_VERSION, DigestFormatError, parseManifest } from '../../pipeline/format/manifest.ts';
import { openSearchTables, SearchIndexError, searchTableFiles, searchTableSources } from '../../pipeline/search/index.ts';
import { tablesOf } from '../search/fixtures.ts';

describe('readers refuse data of another version, saying how to rebuild', () => {
  it('refuses search tables of another schema or tokenizer', () => {
    const tables = tablesOf([{ id: 'a', text: 'x' }]);
    const sources = searchTableSources(searchTableFiles(tables));
    const open = (header: string) => openSearchTables({ ...sources, header }, 'index.json');
    expect(() => open(JSON.stringify({ ...tables.header, schema: 99 }))).toThrow(SearchIndexError);
    expect(() => open(JSON.stringify({ ...tables.header, tokenizer: 'tok-0' }))).toThrow(/rebuild them with 'ask digest build' or 'ask index build'/);
    expect(() => open('{ nope')).toThrow(/not valid JSON/);
    expect(open(JSON.stringify(tables.header)).sectionCount).toBe(1);
  });

  it('refuses a manifest of another digest schema', () => {
    expect(() => parseManifest(JSON.stringify({ schema: DIGEST_SCHEMA_VERSION - 1, contentHash: 'x' }), 'digest')).toThrow(DigestFormatError);
    expect(() => parseManifest(JSON.stringify({ schema: DIGEST_SCHEMA_VERSION - 1 }), 'digest')).toThrow(/rebuild with 'ask digest build --force'/);
    expect(() => parseManifest('[]', 'digest')).toThrow(/not an ask digest manifest/);
  });
});

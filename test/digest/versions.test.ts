import { describe, expect, it } from 'vitest';
import { DIGEST_SCHEMA_VERSION, DigestFormatError, parseManifest } from '../../pipeline/digest/manifest.ts';
import { parseSearchIndex, SearchIndexError } from '../../pipeline/search/index.ts';
import { indexOf } from '../search/fixtures.ts';

describe('readers refuse data of another version, saying how to rebuild', () => {
  it('refuses search tables of another schema or tokenizer', () => {
    const tables = indexOf([{ id: 'a', text: 'x' }]).file;
    expect(() => parseSearchIndex(JSON.stringify({ ...tables, schema: 99 }), 'index.json')).toThrow(SearchIndexError);
    expect(() => parseSearchIndex(JSON.stringify({ ...tables, tokenizer: 'tok-0' }), 'index.json')).toThrow(/rebuild them with 'ask digest build' or 'ask index build'/);
    expect(() => parseSearchIndex('{ nope', 'index.json')).toThrow(/not valid JSON/);
    expect(parseSearchIndex(JSON.stringify(tables)).sectionCount).toBe(1);
  });

  it('refuses a manifest of another digest schema', () => {
    expect(() => parseManifest(JSON.stringify({ schema: DIGEST_SCHEMA_VERSION - 1, contentHash: 'x' }), 'digest')).toThrow(DigestFormatError);
    expect(() => parseManifest(JSON.stringify({ schema: DIGEST_SCHEMA_VERSION - 1 }), 'digest')).toThrow(/rebuild with 'ask digest build --force'/);
    expect(() => parseManifest('[]', 'digest')).toThrow(/not an ask digest manifest/);
  });
});

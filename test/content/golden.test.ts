import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readPage } from '../../pipeline/content/index.ts';

const folder = path.join(import.meta.dirname, 'golden');
const pages = readdirSync(folder).filter((name) => /\.mdx?$/.test(name));

/**
 * Golden chunk files: each tricky page beside the sections it must give (`<page>.sections.json`).
 * Regenerate after an intended change with UPDATE_GOLDEN=1 and review the diff.
 */
describe('chunking golden pages', () => {
  for (const name of pages) {
    it(`chunks ${name} as its golden file says`, () => {
      const read = readPage(name, readFileSync(path.join(folder, name), 'utf8'), 'https://docs.example.com');
      const actual = read && {
        page: read.page,
        sections: read.sections.map(({ id, anchor, heading, depth, url, source, text }) => ({ id, anchor, heading, depth, url, source, text })),
      };
      const goldenFile = path.join(folder, `${name}.sections.json`);
      if (process.env['UPDATE_GOLDEN'] === '1') writeFileSync(goldenFile, `${JSON.stringify(actual, null, 2)}\n`);
      expect(actual).toEqual(JSON.parse(readFileSync(goldenFile, 'utf8')));
    });
  }
});

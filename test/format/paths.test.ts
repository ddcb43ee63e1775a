import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sectionFilePath } from '../../pipeline/format/paths.ts';

describe('section node files', () => {
  it('keeps an anchor that holds a path, a traversal or the intro mark inside its page folder', () => {
    expect(sectionFilePath('api/presets#hono/quick')).toBe('sections/api/presets/hono%2Fquick.json');
    expect(sectionFilePath('guide#../../etc/passwd')).toBe('sections/guide/%2E.%2F..%2Fetc%2Fpasswd.json');
    expect(sectionFilePath('guide#@intro')).toBe('sections/guide/%40intro.json');
    expect(sectionFilePath('guide')).toBe('sections/guide/@intro.json');
    expect(sectionFilePath('guide#100%')).toBe('sections/guide/100%25.json');
  });

  it('gives any two anchors of a page two files, each directly inside the page folder', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.string({ minLength: 1 }), (a, b) => {
        const first = sectionFilePath(`page#${a}`);
        const second = sectionFilePath(`page#${b}`);
        for (const file of [first, second]) expect(path.posix.dirname(path.posix.normalize(file))).toBe('sections/page');
        if (a !== b) expect(first).not.toBe(second);
      }),
    );
  });
});

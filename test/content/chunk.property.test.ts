import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ContentError, readPage, type ReadPage } from '../../pipeline/content/index.ts';

/** Reads a page; a ContentError (invalid frontmatter, a user's mistake reported with the file) counts as a clean refusal. */
function readOrRefuse(file: string, source: string): ReadPage | null | 'refused' {
  try {
    return readPage(file, source, '');
  } catch (error) {
    if (error instanceof ContentError) return 'refused';
    throw error;
  }
}

/** Markdown-ish lines: headings of every depth, prose, code fences, lists, tables, JSX-looking text and noise. */
const line = fc.oneof(
  fc.constantFrom('# Title', '## Setup', '### Setup', '#### Deep', '## `--flag` here', '## Ünïcödé', '##', '```', '```bash', '| a | b |', '|---|---|', '- item', '> quote', '', '<b>html</b>', '---'),
  fc.string({ maxLength: 40 }),
  fc.string({ maxLength: 12 }).map((text) => `## ${text}`),
  fc.string({ maxLength: 12 }).map((text) => `### ${text}`),
);
const markdown = fc.array(line, { maxLength: 40 }).map((lines) => lines.join('\n'));

describe('chunker properties', () => {
  it('never throws on any Markdown input (other than a ContentError naming the file), and the sections cover the text after the frontmatter exactly', () => {
    fc.assert(
      fc.property(markdown, (source) => {
        const read = readOrRefuse('page.md', source);
        if (read === null || read === 'refused') return; // a draft, or frontmatter refused with its reason
        const covered = read.sections.map((section) => section.source).join('');
        expect(source.endsWith(covered)).toBe(true);
        // nothing but the frontmatter block may stand before the first section
        const before = source.slice(0, source.length - covered.length);
        expect(before === '' || before.startsWith('---')).toBe(true);
      }),
      { numRuns: 400 },
    );
  });

  it('gives unique section ids, the intro first, every heading section starting at its heading', () => {
    fc.assert(
      fc.property(markdown, (source) => {
        const read = readOrRefuse('guide/page.md', `# T\n\n${source}`);
        if (read === null || read === 'refused') return;
        const ids = read.sections.map((section) => section.id);
        expect(new Set(ids).size).toBe(ids.length);
        expect(read.sections[0]?.id).toBe('guide/page');
        for (const section of read.sections.slice(1)) {
          expect(section.id.startsWith('guide/page#')).toBe(true);
          // ATX (`## x`) or setext (`x` over `---`) headings of depth 2 or 3 open sections
          expect([2, 3]).toContain(section.depth);
          expect(section.anchor).not.toBe('');
          expect(section.source.trim()).not.toBe('');
        }
      }),
      { numRuns: 400 },
    );
  });
});

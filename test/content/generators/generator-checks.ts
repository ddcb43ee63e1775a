import fc from 'fast-check';
import { expect } from 'vitest';
import type { Generator } from '../../../pipeline/content/generators/types.ts';
import type { Section } from '../../../pipeline/types.ts';

/** Offsets of every line break of a text. */
function lineBreaks(text: string): number[] {
  const offsets: number[] = [];
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) offsets.push(at);
  return offsets;
}

/**
 * Property: `prepare` keeps the length and the line breaks of any text made of arbitrary strings
 * and the generator's own syntax (`snippets`), in both formats.
 */
export function expectPrepareKeepsShape(generator: Generator, snippets: readonly string[]): void {
  const line = fc.oneof(
    fc.constantFrom(...snippets),
    fc.string({ maxLength: 30 }),
    fc.constantFrom('', '```', '~~~', '## Heading', '\r', '  indented'),
  );
  const text = fc.array(line, { maxLength: 30 }).map((lines) => lines.join('\n'));
  fc.assert(
    fc.property(text, fc.constantFrom('md' as const, 'mdx' as const), (source, format) => {
      const prepared = generator.prepare(source, format);
      expect(prepared.length).toBe(source.length);
      expect(lineBreaks(prepared)).toEqual(lineBreaks(source));
    }),
    { numRuns: 500 },
  );
}

/** No section heading or text carries any of the generator's markup. */
export function expectNoMarkup(sections: readonly Section[], markup: readonly RegExp[]): void {
  for (const section of sections) {
    for (const pattern of markup) {
      expect(section.heading ?? '', `${section.id} heading`).not.toMatch(pattern);
      expect(section.text, `${section.id} text`).not.toMatch(pattern);
    }
  }
}

/** The page urls and section ids of a build, as the golden files list them. */
export function idsByUrl(sections: readonly Section[]): Record<string, string[]> {
  const byUrl: Record<string, string[]> = {};
  for (const section of sections) {
    const url = section.url.replace(/#.*$/, '');
    (byUrl[url] ??= []).push(section.id);
  }
  return byUrl;
}

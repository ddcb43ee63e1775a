/**
 * Defect 1 of issue 11: `inbox/watch?format=plaintext` converted Markdown with
 * regular expressions that were quadratic on a run of unclosed `[` (200,000 of
 * them blocked the platform for 21 s). The conversion is held here to a linear
 * bound through the work it counts (characters examined), never a clock; the
 * timing lives in scripts/bench/plaintext.ts.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toPlainText } from '../../platform/routes-inbox.ts';

/** What the platform did before: the reference the linear conversion must agree with. */
function regexPlainText(markdown: string): string {
  return markdown
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/(\*\*|__|\*|_|`|~~)(.+?)\1/g, '$2')
    .replace(/^#{1,6}\s+/gm, '');
}

function stepsFor(markdown: string): number {
  const meter = { steps: 0 };
  toPlainText(markdown, meter);
  return meter.steps;
}

/** Inputs built to make a backtracking conversion scan the rest of the text again and again. */
const ADVERSARIAL: Readonly<Record<string, (n: number) => string>> = {
  'unclosed [': (n) => '['.repeat(n),
  'unclosed ![': (n) => '!['.repeat(n),
  '[ closed by ] without (': (n) => '['.repeat(n) + ']',
  '[x]( never closed': (n) => '[x]('.repeat(n),
  '] and ( but no )': (n) => '[' + ']('.repeat(n),
  'unclosed *': (n) => '*a'.repeat(n) + '\n',
  'unclosed ** then *': (n) => '**'.repeat(n) + 'a',
  'emphasis cut by lines': (n) => '*a\n'.repeat(n),
  'backticks and tildes': (n) => '`~~'.repeat(n),
  'hashes': (n) => '#'.repeat(n),
  'heading markers on every line': (n) => '###### \n'.repeat(n),
  'whitespace after a marker': (n) => '# ' + ' \n'.repeat(n),
};

describe('plain-text conversion of notifications', () => {
  it('keeps the text of links, emphasis and headings', () => {
    expect(toPlainText('**Build** finished')).toBe('Build finished');
    expect(toPlainText('See [the log](http://ci.test/1) and ![a chart](c.png)')).toBe('See the log and a chart');
    expect(toPlainText('# Deploy\n~~old~~ `new` _now_')).toBe('Deploy\nold new now');
  });

  it.each(Object.entries(ADVERSARIAL))('examines a bounded number of characters per input character: %s', (_name, build) => {
    const n = 20_000;
    const single = build(n);
    const double = build(2 * n);
    const singleSteps = stepsFor(single);
    const doubleSteps = stepsFor(double);
    expect(singleSteps).toBeGreaterThan(0);
    // Linear: at most a small constant per character, and twice the input is about twice the work.
    expect(singleSteps).toBeLessThanOrEqual(12 * single.length);
    expect(doubleSteps).toBeLessThanOrEqual(2.2 * singleSteps);
  });

  it('converts the attack of the report, 200,000 `[`, with linear work', () => {
    const attack = '['.repeat(200_000);
    const meter = { steps: 0 };
    expect(toPlainText(attack, meter)).toBe(attack);
    expect(meter.steps).toBeGreaterThan(0);
    expect(meter.steps).toBeLessThanOrEqual(12 * attack.length);
  });

  it('agrees with the regular expressions it replaces, and stays linear, on any text (property)', () => {
    const markdownish = fc.string({
      unit: fc.constantFrom('[', ']', '(', ')', '!', '*', '_', '`', '~', '#', ' ', '\t', '\n', '\r', '\u2028', 'a', 'b', 'é', '\u00a0'),
      maxLength: 60,
    });
    fc.assert(fc.property(markdownish, (markdown) => {
      const meter = { steps: 0 };
      expect(toPlainText(markdown, meter)).toBe(regexPlainText(markdown));
      expect(meter.steps).toBeLessThanOrEqual(12 * markdown.length + 12);
    }), { numRuns: 5000 });
  });
});

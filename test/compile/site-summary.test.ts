import { describe, expect, it } from 'vitest';
import { introSummary, MAX_SITE_SUMMARY, orientationSummary } from '../../pipeline/compile/site-summary.ts';

describe("the site's description taken from its text", () => {
  it('the first paragraph with words in it: never a heading, code, a list, a table or a line of badges', () => {
    const intro = [
      '# Svc',
      '',
      '[![npm](https://img.shields.io/npm/v/svc.svg)](https://npmjs.com/svc)',
      '',
      '```sh',
      'npm i svc',
      '```',
      '',
      '- a list item.',
      '',
      '| a | b |',
      '|---|---|',
      '| 1 | 2 |',
      '',
      'Svc signs you in.',
      '',
    ].join('\n');
    expect(introSummary(intro)).toBe('Svc signs you in.');
    expect(introSummary('# Svc\n\n```sh\nnpm i svc\n```\n')).toBeNull();
    expect(orientationSummary('')).toBeNull();
  });

  it('one line of plain text: no markup, no line break, whatever the paragraph holds', () => {
    const summary = introSummary('Svc *signs*  you\nin with a [token](./t.md)  \nand `svc login`<br/>at once.\n') ?? '';
    expect(summary).toBe('Svc signs you in with a token and svc login at once.');
    expect(orientationSummary('**Svc**\nsigns you in. It keeps tokens.\n')).toBe('Svc signs you in.');
  });

  it('whole sentences within the cap; a longer first sentence cut at a word boundary and marked', () => {
    const sentence = `Svc signs you in and keeps ${'your tokens '.repeat(8).trim()}.`;
    const twice = introSummary(`${sentence} ${sentence} ${sentence}`) ?? '';
    expect(twice).toBe(`${sentence} ${sentence}`);
    expect(twice.length).toBeLessThanOrEqual(MAX_SITE_SUMMARY);
    const source = `Svc ${'keeps tokens '.repeat(40)}safe.`;
    const long = introSummary(source) ?? '';
    expect(long.length).toBeLessThanOrEqual(MAX_SITE_SUMMARY);
    expect(long.length).toBeGreaterThan(MAX_SITE_SUMMARY / 2);
    // the source up to a space, then the mark
    expect(long.endsWith('…')).toBe(true);
    expect(source.startsWith(long.slice(0, -1))).toBe(true);
    expect(source.charAt(long.length - 1)).toBe(' ');
    expect(orientationSummary(`${sentence} ${sentence}`)).toBe(sentence);
  });

  it('a text past a parse limit gives none, and does not fail the build', () => {
    expect(orientationSummary(`${'> '.repeat(40)}Deep.\n`)).toBeNull();
  });
});

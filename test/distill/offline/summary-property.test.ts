import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bodyOf, sectionTree } from '../../../pipeline/distill/offline/parse.ts';
import { describeSection, MAX_SUMMARY, summarize } from '../../../pipeline/distill/offline/summary.ts';
import { sentenceProblems } from '../../../pipeline/text/sentence-check.ts';
import { makePage, makeSection } from './helpers.ts';

/** Words that make the summariser's rules fire: lead-ins, pointers, connectives, labels, verbs and function words. */
const word = fc.oneof(
  fc.constantFrom(
    'Then,', 'Also', 'However,', 'It', 'This', 'These', 'They', 'is', 'are', 'for', 'with', 'as', 'such as', 'the following',
    'as follows', 'like below', 'Quillpad', 'supports', 'install', 'the', 'a', 'note', 'notes', 'editor', 'Added in:', 'v2.1.0',
    'Type:', 'string', 'If', 'you', 'run', 'saves', 'e.g.', '2.', '`--wrap`', '**Bold**', '[link](/x)', '<Tab>', ':', '.', '…',
  ),
  fc.string({ maxLength: 8 }),
  fc.string({ unit: 'grapheme', maxLength: 6 }),
);
const phrase = fc.array(word, { minLength: 1, maxLength: 14 }).map((words) => words.join(' '));
const paragraph = fc
  .tuple(fc.array(phrase, { minLength: 1, maxLength: 3 }), fc.constantFrom('.', ':', '', '. ', '?'))
  .map(([parts, end]) => `${parts.join('. ')}${end}`);
const block = fc.oneof(
  paragraph,
  fc.array(phrase, { minLength: 1, maxLength: 6 }).map((items) => items.map((item) => `- ${item}`).join('\n')),
  fc.array(phrase, { minLength: 1, maxLength: 4 }).map((items) => items.map((item, i) => `${i + 1}. ${item}`).join('\n')),
  fc.array(fc.tuple(phrase, phrase), { maxLength: 4 }).map((rows) => ['| Name | Notes |', '|---|---|', ...rows.map(([a, b]) => `| ${a} | ${b} |`)].join('\n')),
  fc.tuple(fc.constantFrom('sh', 'ts', 'json', ''), fc.array(phrase, { minLength: 1, maxLength: 3 })).map(([lang, lines]) => `\`\`\`${lang}\n${lines.join('\n')}\n\`\`\``),
  paragraph.map((p) => `> ${p}`),
  paragraph.map((p) => `#### ${p}`),
  paragraph.map((p) => `<Note>\n${p}\n</Note>`),
);
const section = fc
  .tuple(fc.option(phrase), fc.array(block, { maxLength: 6 }))
  .map(([heading, blocks]) => `${heading === null ? '' : `## ${heading}\n\n`}${blocks.join('\n\n')}\n`);

const page = makePage('guide/editor.md', { title: 'Editor', description: 'The note editor.' });

describe('the summariser, on any section', () => {
  it('never throws, stays within its limit, and gives whole sentences or the structural description', { timeout: 120_000 }, () => {
    fc.assert(
      fc.property(section, fc.constantFrom('md' as const, 'mdx' as const), (source, format) => {
        const input = { ...makeSection(page, source), format };
        const body = bodyOf(sectionTree(input));
        const text = summarize(body, input, page);
        expect(text.length).toBeLessThanOrEqual(MAX_SUMMARY);
        if (sentenceProblems(text).length > 0) expect(text).toBe(describeSection(body, input, page));
      }),
      { numRuns: 300 },
    );
  });

  it('never throws on arbitrary text', { timeout: 120_000 }, () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 400 }), (source) => {
        const input = makeSection(page, source);
        const body = bodyOf(sectionTree(input));
        const text = summarize(body, input, page);
        if (sentenceProblems(text).length > 0) expect(text).toBe(describeSection(body, input, page));
      }),
      { numRuns: 200 },
    );
  });
});

import { describe, expect, it } from 'vitest';
import { hasFiniteVerb, sentenceProblems } from '../../pipeline/text/sentence-check.ts';

/** The rule names a summary breaks (the part before each problem's colon). */
function rules(summary: string): string[] {
  return [...new Set(sentenceProblems(summary).map((problem) => problem.split(':')[0] ?? ''))];
}

describe('sentenceProblems', () => {
  it('passes whole sentences, imperatives and descriptions', () => {
    for (const summary of [
      'Quillpad is a note editor with support for Markdown, tables and diagrams.',
      'Install the package with npm. Then run the setup script once.',
      'Rebuild a package.',
      "It's possible to pin the version in the lockfile.",
      'This page lists 4 options: --port, --host, --quiet and --json.',
      'The IP address of the local interface to use when connecting to the mirror.',
      'Leave the value as is.',
      'Select the workspace you want to switch to.',
      'If the cache is cold, the first request takes longer.',
      'You can write your app as you like.',
    ]) {
      expect(sentenceProblems(summary), summary).toEqual([]);
    }
  });

  it('names a cut lead-in: a function word or a pointer before the full stop', () => {
    expect(rules('Quillpad is a note editor with support for.')).toEqual(['cut-lead-in']);
    expect(rules('The signature of the render function is.')).toEqual(['cut-lead-in']);
    expect(rules('With wrap set to 40, Quillpad prints it as.')).toEqual(['cut-lead-in']);
    expect(rules('The settings are defined as follows.')).toEqual(['cut-lead-in']);
    expect(rules('Add a config file with the following.')).toEqual(['cut-lead-in']);
    expect(rules('The common status codes are.')).toEqual(['cut-lead-in']);
    expect(rules('Create a build script like this.')).toEqual(['cut-lead-in']);
    expect(rules('Quillpad exports plain text, HTML and PDF. You can install it with.')).toEqual(['cut-lead-in']);
  });

  it('reads a capitalised name at the end as a name, not an article or a conjunction', () => {
    expect(sentenceProblems('Run the install on disk A.')).toEqual([]);
    expect(sentenceProblems('The query switches from OR to AND.')).toEqual([]);
  });

  it('names an opener that points at a missing previous sentence, in the first sentence only', () => {
    for (const summary of [
      'Then, run the setup script.',
      'Also set the port.',
      'However, the cache is not shared.',
      'In this case, the request is retried.',
      'It returns a stream.',
      'This is useful for large files.',
      'These are checked on every request.',
      'They run in the order they are added.',
    ]) {
      expect(rules(summary), summary).toEqual(['dangling-opener']);
    }
    expect(sentenceProblems('This page explains the cache. It is cleared on every deploy.')).toEqual([]);
    expect(sentenceProblems('This middleware adds a request id to every response.')).toEqual([]);
    expect(sentenceProblems('It is recommended to pin the version.')).toEqual([]);
    expect(sentenceProblems('In addition to the date, you can set a title.')).toEqual([]);
  });

  it('names a summary shorter than a clause, and sentences that are labels or fragments', () => {
    expect(rules('Example in TSX.')).toEqual(['not-a-clause']);
    expect(rules('Added in: v2.1.0. Sets the port.')).toEqual(['not-a-clause']);
    expect(rules('Input.')).toEqual(['too-short', 'not-a-clause']);
    expect(rules('The cache is warm. will be.')).toEqual(['not-a-clause']);
    expect(rules('If you want to change the style.')).toEqual(['not-a-clause']);
  });

  it('names an empty or unterminated summary', () => {
    expect(rules('')).toEqual(['empty']);
    expect(rules('Install the package with npm')).toEqual(['unterminated']);
  });
});

describe('hasFiniteVerb', () => {
  it('finds auxiliaries, -s and -ed verbs, imperatives and verbs after a pronoun', () => {
    for (const sentence of ['The cache is warm.', 'Quillpad supports tables.', 'Initialize your project.', 'You need a key.', 'Contact us for a quote.']) {
      expect(hasFiniteVerb(sentence), sentence).toBe(true);
    }
  });

  it('finds none in noun phrases, counts and gerund phrases', () => {
    for (const sentence of ['Example in TypeScript and bash.', 'Reference table of 6 fields.', 'Examples in the docs.', 'Using examples for mocking.']) {
      expect(hasFiniteVerb(sentence), sentence).toBe(false);
    }
  });
});

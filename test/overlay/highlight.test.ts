import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { highlightParts, highlightTerms } from '../../overlay/highlight.ts';

function marked(text: string, query: string): string[] {
  return highlightParts(text, highlightTerms(query))
    .filter((part) => part.mark)
    .map((part) => part.text);
}

describe('highlightTerms', () => {
  it('drops stopwords when the query has other words, and keeps them when it has none', () => {
    expect(highlightTerms('how do I invite members')).toEqual(expect.arrayContaining(['invite', 'members']));
    expect(highlightTerms('how do I invite members')).not.toContain('how');
    expect(highlightTerms('how to')).toEqual(expect.arrayContaining(['how', 'to']));
  });
});

describe('highlightParts', () => {
  it('marks whole words that start with a query word, ignoring case', () => {
    expect(marked('Workspace members and workspaces.', 'WORKSPACE')).toEqual(['Workspace', 'workspaces']);
  });

  it('marks the word being typed and other forms of a word', () => {
    expect(marked('Invite members to a workspace', 'worksp')).toEqual(['workspace']);
    expect(marked('You configure the token here', 'configuring tokens')).toEqual(['configure', 'token']);
  });

  it('does not mark a word that only contains the term inside it', () => {
    expect(marked('remembers the team', 'member')).toEqual([]);
  });

  it('leaves stopwords unmarked when the query has real words', () => {
    expect(marked('How to rotate a key', 'how to rotate keys')).toEqual(['rotate', 'key']);
  });

  it('marks a one-letter term only as a whole word', () => {
    expect(marked('x marks x-ray and xylophone', 'x')).toEqual(['x', 'x']);
  });

  it('keeps markup-like text as text (the caller appends text nodes)', () => {
    const parts = highlightParts('<img onerror=alert(1)> token', highlightTerms('token'));
    expect(parts).toEqual([
      { text: '<img onerror=alert(1)> ', mark: false },
      { text: 'token', mark: true },
    ]);
  });

  it('splits any text into parts that join back to it', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), fc.string({ maxLength: 20 }), (text, query) => {
        const parts = highlightParts(text, highlightTerms(query));
        expect(parts.map((part) => part.text).join('')).toBe(text);
        expect(parts.every((part) => part.text.length > 0)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});

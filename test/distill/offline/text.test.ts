import type { Blockquote, Nodes, Paragraph } from 'mdast';
import { describe, expect, it } from 'vitest';
import { expansionFor, findAcronyms } from '../../../pipeline/distill/offline/acronyms.ts';
import { walkAll } from '../../../pipeline/distill/offline/parse.ts';
import { plainText, sentences } from '../../../pipeline/distill/offline/text.ts';

describe('sentences', () => {
  it('splits at sentence ends, not at abbreviations or versions', () => {
    expect(sentences('Use a token, e.g. an API key. It lasts 1.5 days! Then? Done.')).toEqual([
      'Use a token, e.g. an API key.',
      'It lasts 1.5 days!',
      'Then?',
      'Done.',
    ]);
  });

  it('splits before a lower-case product name after a full stop', () => {
    expect(sentences('The protocol is open. ask mcp starts a server.')).toEqual(['The protocol is open.', 'ask mcp starts a server.']);
  });
});

describe('acronyms', () => {
  it('finds expansions whose initials spell the acronym, in both orders', () => {
    expect(findAcronyms('Send a one-time passcode (OTP) or use SSE (server-sent events).')).toEqual([
      { expansion: 'one-time passcode', acronym: 'OTP' },
      { expansion: 'server-sent events', acronym: 'SSE' },
    ]);
    expect(expansionFor('SSH', ['over', 'Secure', 'Shell'])).toBe('Secure Shell');
  });

  it('ignores parentheses that do not spell the acronym', () => {
    expect(findAcronyms('The runtime (see below) and the tool (CLI).')).toEqual([]);
  });
});

describe('tree helpers', () => {
  function deep(depth: number): Nodes {
    let node: Blockquote | Paragraph = { type: 'paragraph', children: [{ type: 'text', value: 'bottom' }] };
    for (let i = 0; i < depth; i += 1) node = { type: 'blockquote', children: [node] };
    return node;
  }

  it('walk and plainText do not overflow the stack on deeply nested trees', () => {
    const tree = deep(50_000);
    let count = 0;
    walkAll([tree], () => {
      count += 1;
    });
    expect(count).toBe(50_002);
    expect(plainText(tree)).toBe('bottom');
  });

  it('plainText keeps link and code text, drops images and HTML, joins blocks with spaces', () => {
    const node: Nodes = {
      type: 'listItem',
      children: [
        {
          type: 'paragraph',
          children: [
            { type: 'text', value: 'See ' },
            { type: 'link', url: '/x', children: [{ type: 'inlineCode', value: 'ask' }] },
            { type: 'image', url: '/i.png', alt: 'logo' },
            { type: 'html', value: '<br>' },
          ],
        },
        { type: 'paragraph', children: [{ type: 'text', value: 'Next.' }] },
      ],
    };
    expect(plainText(node)).toBe('See ask Next.');
  });
});

import { describe, expect, it } from 'vitest';
import { cleanMarkdown } from '../../pipeline/content/clean-markdown.ts';
import { openFenceAtEnd, withFencesClosed } from '../../pipeline/text/fences.ts';

describe('fences as CommonMark reads them', () => {
  it('finds no open fence when every fence closes', () => {
    expect(openFenceAtEnd('text\n```js\nlet a;\n```\n')).toBeNull();
  });

  it('does not close a fence with another character, fewer marks or an info string', () => {
    expect(openFenceAtEnd('````md\n```js\nx\n```\n')?.length).toBe(4);
    expect(openFenceAtEnd('~~~\n```\n')?.char).toBe('~');
    expect(openFenceAtEnd('```\ncode\n```js\n')).not.toBeNull();
  });

  it('does not read a backtick line with a backtick in its info as a fence', () => {
    expect(openFenceAtEnd('``` a`b\ntext\n')).toBeNull();
  });

  it('closes a fence left open with the opener’s character, length and indent', () => {
    expect(withFencesClosed('Intro\n\n  ````sh\nrun it\n')).toBe('Intro\n\n  ````sh\nrun it\n  ````\n');
    expect(withFencesClosed('closed\n')).toBe('closed\n');
  });

  it('leaves no fence of a section open in its clean Markdown, so the next page is not code', () => {
    const source = '## Upgrade\n\nThe option does it.\n```\n\nMore text.\n';
    const clean = cleanMarkdown(source, 'md');
    expect(openFenceAtEnd(clean)).toBeNull();
    expect(openFenceAtEnd(`${clean}\n---\n\n# Next page\n`)).toBeNull();
  });
});

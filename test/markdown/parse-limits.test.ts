import { describe, expect, it } from 'vitest';
import { ContentError } from '../../pipeline/content/errors.ts';
import { readPage } from '../../pipeline/content/page.ts';
import { PARSE_LIMITS } from '../../pipeline/markdown/parse-limits.ts';

/** Reads `body` as the page `guide/attack.md`; returns the ContentError it is refused with, if any. */
function refusal(body: string, file = 'guide/attack.md'): ContentError | null {
  try {
    readPage(file, `# Attack\n\n${body}\n`, '');
    return null;
  } catch (error) {
    if (error instanceof ContentError) return error;
    throw error;
  }
}

describe('pathological Markdown is refused before the parser spends quadratic time on it', () => {
  const attacks: [string, string, RegExp, number?][] = [
    ['unclosed link openers', '[a]('.repeat(100_000), /unclosed link destinations/],
    ['list markers nested on one line', '- '.repeat(50_000) + 'x', /nested more than 32 deep/],
    ['emphasis delimiter runs', '**a*'.repeat(50_000), /emphasis delimiter runs/],
    ['blockquote markers', '>'.repeat(100_000), /nested more than 32 deep/],
    ['lists opened between paragraphs', 'p\n\n- a\n\n'.repeat(8000), /more than 2000 blockquotes or lists opened in one file/, 3 + 2000 * 4 + 2],
    ['blockquotes opened between paragraphs', 'p\n\n> a\n\n'.repeat(8000), /more than 2000 blockquotes or lists opened/, 3 + 2000 * 4 + 2],
  ];
  for (const [name, body, reason, line = 3] of attacks) {
    it(`refuses ${name} with one line naming the file`, () => {
      const error = refusal(body);
      expect(error?.file).toBe('guide/attack.md');
      expect(error?.message).toMatch(reason);
      expect(error?.message).toMatch(new RegExp(`^guide/attack\\.md: refused before parsing: line ${line}: `));
      expect(error?.message.split('\n')).toHaveLength(1);
    });
  }

  it('refuses an MDX page the same way', () => {
    expect(refusal('>'.repeat(1000), 'guide/attack.mdx')?.message).toMatch(/^guide\/attack\.mdx: .*nested more than/);
  });

  it('reads ordinary structure at and below each limit', () => {
    const depth = PARSE_LIMITS.maxContainerDepth;
    expect(refusal(`${'> '.repeat(depth)}quoted`)).toBeNull();
    expect(refusal(`${'- '.repeat(depth)}item`)).toBeNull();
    expect(refusal('[a]('.repeat(PARSE_LIMITS.maxOpenLinkDestinations))).toBeNull();
    expect(refusal('*a* '.repeat(PARSE_LIMITS.maxEmphasisRuns / 2))).toBeNull();
    expect(refusal(Array.from({ length: 100 }, (_, i) => `See [page ${i}](./p${i}.md) and **bold** text.`).join('\n'))).toBeNull();
    expect(refusal('- - -\n\n* * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * * *')).toBeNull();
  });

  it('counts a list once however many items it has, and each nested list', () => {
    const item = (index: number) => `- item ${index}\n\n  More about item ${index}.\n`;
    expect(refusal(Array.from({ length: PARSE_LIMITS.maxContainerStarts * 2 }, (_, index) => item(index)).join('\n'))).toBeNull();
    const nested = (index: number) => `- item ${index}\n  - nested ${index}\n`;
    expect(refusal(Array.from({ length: PARSE_LIMITS.maxContainerStarts }, (_, index) => nested(index)).join('\n'))?.message).toMatch(/lists opened in one file/);
  });

  it('counts per paragraph: many closed links and emphasis spread over paragraphs are fine', () => {
    const paragraph = `${'[a]('.repeat(PARSE_LIMITS.maxOpenLinkDestinations / 2)}${'*b* '.repeat(PARSE_LIMITS.maxEmphasisRuns / 4)}`;
    expect(refusal(Array.from({ length: 4 }, () => paragraph).join('\n\n'))).toBeNull();
    expect(refusal(Array.from({ length: 4 }, () => paragraph).join('\n'))).not.toBeNull();
  });
});

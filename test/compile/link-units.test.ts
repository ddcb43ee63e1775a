import { describe, expect, it } from 'vitest';
import { linkUnits } from '../../pipeline/compile/link-units.ts';
import { withoutUnsafeLinks } from '../../pipeline/markdown/rewrite-links.ts';

const HEADER = '# Kettle\n\nSource: /kettle';

/** The block `llms.ts` makes of a header and its parts. */
const blockOf = (parts: readonly string[]): string => [HEADER, ...parts].join('\n\n');

/** The rewriting of every unit joined, as llms.ts resolves them; null when the block stays whole. */
function rewrittenByUnits(parts: readonly string[]): string | null {
  const units = linkUnits(blockOf(parts), HEADER, parts);
  return units === null ? null : units.map(withoutUnsafeLinks).join('\n\n');
}

describe('a page block cut into units whose links resolve alone', () => {
  it('cuts at each part that starts with a heading, and rewrites them as the whole block is rewritten', () => {
    const parts = [
      'Intro with [a bad link](javascript:alert(1)) and *text*.\n\n- a list\n- [item](https://example.com)',
      '## Descale\n\n> a quote with [x](data:text/html,hi)\n\n```sh\necho "[not a link](javascript:1)"\n```',
      '## Filters\n\nNo link at all here.\n\n    indented code\n',
      '### Parts\n\n| a | b |\n|---|---|\n| [c](vbscript:x) | d |',
    ];
    const units = linkUnits(blockOf(parts), HEADER, parts);
    expect(units).toHaveLength(4);
    expect(units?.join('\n\n')).toBe(blockOf(parts));
    expect(rewrittenByUnits(parts)).toBe(withoutUnsafeLinks(blockOf(parts)));
    expect(rewrittenByUnits(parts)).toContain('a bad link and');
  });

  it('keeps a block whole where a unit alone would parse otherwise', () => {
    // a definition in one section serves a reference in another
    expect(linkUnits(blockOf(['See [the guide][g].', '## Refs\n\n[g]: javascript:1']), HEADER, ['See [the guide][g].', '## Refs\n\n[g]: javascript:1'])).toBeNull();
    // a part that does not start with a heading may continue what comes before it
    expect(linkUnits(blockOf(['- item', '  continued [x](javascript:1)']), HEADER, ['- item', '  continued [x](javascript:1)'])).toBeNull();
    // an HTML block runs past blank lines
    expect(linkUnits(blockOf(['<!--', '## [x](javascript:1)\n-->']), HEADER, ['<!--', '## [x](javascript:1)\n-->'])).toBeNull();
    // a fence left open swallows the parts after it
    expect(linkUnits(blockOf(['```', '## [x](javascript:1)']), HEADER, ['```', '## [x](javascript:1)'])).toBeNull();
  });

  it('takes a closed fence, and a backtick line that opens none, as closed', () => {
    const parts = ['```js\nconst a = 1;\n```', '## Next\n\n``` not `a` fence\n\n[x](javascript:1)'];
    expect(linkUnits(blockOf(parts), HEADER, parts)).not.toBeNull();
    expect(rewrittenByUnits(parts)).toBe(withoutUnsafeLinks(blockOf(parts)));
  });

  it('keeps a block whole when its parts do not join back into it', () => {
    expect(linkUnits(`${blockOf(['Intro.'])}\n\nmore`, HEADER, ['Intro.'])).toBeNull();
  });
});

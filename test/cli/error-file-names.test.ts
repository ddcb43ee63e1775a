import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runAsk } from '../support/cli.ts';
import { tempFoldersPerTest } from '../support/temp-folder.ts';
import { printable } from '../../pipeline/text/printable.ts';

const freshFolder = tempFoldersPerTest();

describe('build errors print file names with control characters escaped (issue 23, item 10)', () => {
  it('a file name with a line break, a terminal escape and a bidi override is one printed line, escaped', async () => {
    const { dir: cwd } = await freshFolder({ 'content/guide.md': '# Guide\n\nText.\n' });
    const name = 'bad\nask: all good\u001b[2J\u202etxt.md';
    await writeFile(path.join(cwd, 'content', name), '---\ntitle: Never closed\n\n# Open\n');
    const result = await runAsk(['digest', 'build', '--content', 'content', '--provider', 'offline', '--generator', 'plain'], cwd);
    expect(result.code).toBe(1);
    expect(result.err).toEqual([
      "ask: bad\\nask: all good\\x1b[2J\\u202etxt.md: frontmatter opened with '---' on line 1 is never closed; end it with a '---' line after its fields",
    ]);
    expect(result.err.join('\n')).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f\u202e]/);
  });

  it('escapes control characters but keeps line breaks when asked', () => {
    expect(printable('a\tb\r\u0085\u2066')).toBe('a\\tb\\r\\x85\\u2066');
    expect(printable('one\ntwo\u001b[31m', { lines: true })).toBe('one\ntwo\\x1b[31m');
  });
});

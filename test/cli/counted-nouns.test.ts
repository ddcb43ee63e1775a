/**
 * Counted nouns agree with their number in what the commands print ("1 section changed", never
 * "1 sections"), and the digest diff ends with one newline (a file of it is a proper text file).
 */
import { execFileSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { counted } from '../../pipeline/text/counted.ts';
import { runAsk, spawnAsk } from '../support/cli.ts';
import { tempFoldersPerTest } from '../support/temp-folder.ts';

const freshFolder = tempFoldersPerTest();

describe('counted nouns', () => {
  it('take the singular for one and the plural otherwise, irregular plurals given', () => {
    expect([0, 1, 2].map((n) => counted(n, 'section'))).toEqual(['0 sections', '1 section', '2 sections']);
    expect(counted(1, 'query', 'queries')).toBe('1 query');
    expect(counted(3, 'query', 'queries')).toBe('3 queries');
  });

  it('agree in the build summary, the index build line and the digest diff of a one-section change', async () => {
    const { dir: cwd } = await freshFolder({ 'content/only.md': '# Only\n\nOne page with an intro and no headings.\n' });
    const built = await runAsk(['digest', 'build', '--content', 'content'], cwd);
    expect(built.code).toBe(0);
    expect(built.out.at(-1)).toMatch(/^digest built: 1 page, 1 section, 1 changed, 0 removed; offline\/[^:]+: 0 model calls, 0 input \+ 0 output tokens, 0 cache hits, 0 non-verbatim facts dropped; /);
    const indexed = await runAsk(['index', 'build', '--content', 'content', '--digest', 'digest', '--out', 'tables'], cwd);
    expect(indexed.out.join('\n')).toMatch(/: 1 section, \d+ terms?, /);

    const git = (...args: string[]) => execFileSync('git', args, { cwd, stdio: 'pipe' });
    git('init', '-q');
    git('add', '-A');
    git('-c', 'user.name=t', '-c', 'user.email=t@example.invalid', 'commit', '-qm', 'base');
    await writeFile(path.join(cwd, 'content/only.md'), '# Only\n\nOne page whose intro now says something else.\n');
    expect((await runAsk(['digest', 'build', '--content', 'content'], cwd)).code).toBe(0);
    const diff = await spawnAsk(['digest', 'diff', '--content', 'content'], cwd);
    expect(diff.code).toBe(0);
    expect(diff.stdout).toContain('\n1 section changed, 0 added, 0 removed.\n');
    expect(diff.stdout.endsWith('\n')).toBe(true);
    expect(diff.stdout.endsWith('\n\n')).toBe(false);
  });
});

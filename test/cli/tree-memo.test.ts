/**
 * A no-op build skips re-making the tree only when the folder is, file for file, as this machine
 * last made or verified it (compile/tree-memo.ts): a write that keeps a file's size and puts its
 * modification time back is still seen (its change time moved), and the build repairs it.
 */
import { readFile, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runAsk } from '../support/cli.ts';
import { tempFoldersPerTest } from '../support/temp-folder.ts';

const freshFolder = tempFoldersPerTest();

interface Report {
  readonly upToDate: boolean;
  readonly repaired: readonly string[];
  readonly phases: Readonly<Record<string, number>>;
}

async function buildReport(cwd: string): Promise<Report> {
  const run = await runAsk(['digest', 'build', '--content', 'content', '--json'], cwd);
  expect(run.code).toBe(0);
  return JSON.parse(run.out.at(-1) ?? '{}') as Report;
}

describe('the no-op build and the tree it last verified', () => {
  it('skips the re-making of an untouched tree, and repairs a same-size edit whose modification time was put back', async () => {
    const { dir } = await freshFolder({ 'content/guide.md': '# Guide\n\n## Log in\n\nUse `svc login` to sign in.\n' });
    expect((await buildReport(dir)).upToDate).toBe(false);
    // the build recorded the tree it wrote: a no-op after it has nothing to look at again
    const skipped = await buildReport(dir);
    expect(skipped).toMatchObject({ upToDate: true, repaired: [] });
    expect(skipped.phases['write']).toBe(0);

    const table = path.join(dir, 'digest', 'search', 'sections.txt');
    const original = await readFile(table, 'utf8');
    const before = await stat(table);
    expect(original).toContain('login');
    await writeFile(table, original.replace('login', 'phish'));
    await utimes(table, before.atime, before.mtime);
    const repaired = await buildReport(dir);
    expect(repaired.repaired).toEqual(['search/sections.txt']);
    expect(repaired.phases['write']).toBeGreaterThan(0);
    expect(await readFile(table, 'utf8')).toBe(original);
  });
});

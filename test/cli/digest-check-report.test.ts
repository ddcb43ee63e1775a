/**
 * `ask digest check` on a stale digest: the counts, at most 10 ids of each kind then "and N
 * more"; `--json` names every one in one JSON object on stdout.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runAsk } from '../support/cli.ts';
import { tempFoldersPerTest } from '../support/temp-folder.ts';

const freshFolder = tempFoldersPerTest();
const SECTIONS = 13;

/** One page of SECTIONS sections, each saying `word`. */
function bigPage(word: string): string {
  const sections = Array.from({ length: SECTIONS }, (_, at) => `## Step ${String(at + 1).padStart(2, '0')}\n\nRun \`lamp ${word} ${at}\`.\n`);
  return `# Big\n\nThe big page.\n\n${sections.join('\n')}`;
}

/** A built project, then every section of the big page changed and 12 pages added. */
async function staleProject(): Promise<string> {
  const { dir } = await freshFolder({ 'content/big.md': bigPage('on'), 'content/other.md': '# Other\n\nStays.\n' });
  const built = await runAsk(['digest', 'build', '--content', 'content', '--provider', 'offline', '--generator', 'plain'], dir);
  expect(built.code).toBe(0);
  await writeFile(path.join(dir, 'content/big.md'), bigPage('off'));
  for (let at = 1; at <= 12; at += 1) await writeFile(path.join(dir, `content/new-${String(at).padStart(2, '0')}.md`), `# New ${at}\n\nAdded.\n`);
  return dir;
}

describe('ask digest check on a stale digest', () => {
  it('prints the counts and at most 10 ids per kind, then "and N more"', async () => {
    const dir = await staleProject();
    const result = await runAsk(['digest', 'check', '--content', 'content'], dir);
    expect(result.code).toBe(1);
    expect(result.out).toEqual([]);
    const changed = Array.from({ length: 10 }, (_, at) => `  changed  big#step-${String(at + 1).padStart(2, '0')}`);
    const added = Array.from({ length: 10 }, (_, at) => `  added    new-${String(at + 1).padStart(2, '0')}`);
    const files = ['  file     big.md', ...Array.from({ length: 9 }, (_, at) => `  file     new-${String(at + 1).padStart(2, '0')}.md`)];
    expect(result.err).toEqual([
      "ask: the digest in 'digest' is stale; rebuild it and commit the result: ask digest build --content content",
      `  sections: 12 added, ${SECTIONS} changed, 0 removed; files: 13 changed`,
      ...added,
      '  added    and 2 more (--json lists all)',
      ...changed,
      `  changed  and ${SECTIONS - 10} more (--json lists all)`,
      ...files,
      '  file     and 3 more (--json lists all)',
    ]);
  });

  it('with --json prints every id in one JSON object on stdout, exit 1', async () => {
    const dir = await staleProject();
    const result = await runAsk(['digest', 'check', '--content', 'content', '--json'], dir);
    expect(result.code).toBe(1);
    expect(result.err).toEqual([]);
    expect(result.out).toHaveLength(1);
    const report = JSON.parse(result.out[0] ?? '') as Record<string, unknown>;
    expect(report).toMatchObject({ stale: true, missing: false, digest: 'digest', content: 'content', counts: { added: 12, changed: SECTIONS, removed: 0, files: 13 }, removed: [], templates: [] });
    expect(report['changed']).toHaveLength(SECTIONS);
    expect(report['added']).toHaveLength(12);
    expect(report['files']).toHaveLength(13);
  });

  it('with --json on a current digest prints stale false, exit 0', async () => {
    const { dir } = await freshFolder({ 'content/guide.md': '# Guide\n\nText.\n' });
    expect((await runAsk(['digest', 'build', '--content', 'content', '--provider', 'offline', '--generator', 'plain'], dir)).code).toBe(0);
    const result = await runAsk(['digest', 'check', '--content', 'content', '--json'], dir);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.out[0] ?? '')).toMatchObject({ stale: false, missing: false, added: [], changed: [], removed: [], files: [] });
  });
});

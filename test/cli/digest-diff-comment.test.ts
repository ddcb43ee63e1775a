import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMMENT_MARKER, reviewComment } from '../../pipeline/cli/digest-diff-comment.ts';
import type { DigestDiff } from '../../pipeline/digest/diff.ts';
import { runAsk } from '../support/cli.ts';
import { tempFoldersPerTest, writeFiles } from '../support/temp-folder.ts';

const freshFolder = tempFoldersPerTest();

/** The digest parts of a diff with `count` added sections of about `size` characters each, and `handEdited`. */
function digestPart(count: number, size = 400, handEdited = ''): DigestDiff {
  const blocks = Array.from({ length: count }, (_, at) => `## Added \`page-${String(at).padStart(4, '0')}#intro\`\n\n- summary: ${'word '.repeat(size / 5)}\n- mode: agent-primary\n`);
  return { title: '# Digest changes: base → working tree', handEdited, changes: `0 sections changed, ${count} added, 0 removed.\n\n${blocks.join('\n')}` };
}
const SEARCH = ['## Search', '', 'No search checks: commit docs/ask.queries.jsonl to see its effect on search.'];

describe('the digest diff as a pull-request comment', () => {
  it('is the whole diff, marker first and the Search part after the counts, when it fits', () => {
    const comment = reviewComment({ ...digestPart(3), search: SEARCH }, 65_536, 'the job summary');
    expect(comment.startsWith(`${COMMENT_MARKER}\n\n# Digest changes: base → working tree\n\n0 sections changed, 3 added, 0 removed.\n\n## Search\n`)).toBe(true);
    expect(comment.match(/^## Added /gm)).toHaveLength(3);
    expect(comment).not.toContain('Cut to keep');
  });

  it('keeps under the cap: the head and the Search part, the first changes that fit, a line saying how many are left out and where the full diff is', () => {
    for (const max of [1_000, 5_000, 65_536]) {
      const comment = reviewComment({ ...digestPart(1_000), search: SEARCH }, max, 'the job summary and the artifact');
      expect(comment.length).toBeLessThanOrEqual(max);
      expect(comment.length).toBeGreaterThan(max - 500);
      expect(comment).toContain('## Search');
      const shown = comment.match(/^## Added `page-(\d+)/gm) ?? [];
      expect(shown.length).toBeGreaterThan(0);
      expect(shown.at(0)).toContain('page-0000');
      expect(comment).toMatch(new RegExp(`\\n\\n_Cut to keep this comment under ${max.toLocaleString('en-US')} characters: ${1_000 - shown.length} of 1000 changes not shown; the full diff is in the job summary and the artifact\\._\\n$`));
    }
  });

  it('keeps the part edited by hand after the title, before the counts and the Search part, whatever is cut', () => {
    const hand = '## Edited by hand\n\n1 part of the digest changed while what the build makes it from did not.\n\n- section `page-0007#intro`: summary';
    for (const max of [1_000, 65_536]) {
      const comment = reviewComment({ ...digestPart(1_000, 400, hand), search: SEARCH }, max, 'the job summary');
      expect(comment.length).toBeLessThanOrEqual(max);
      expect(comment.startsWith(`${COMMENT_MARKER}\n\n# Digest changes: base → working tree\n\n${hand}\n\n0 sections changed, 1000 added, 0 removed.\n\n## Search\n`)).toBe(true);
    }
  });

  it('cuts a Search part too long for the cap by whole lines, and still says so', () => {
    const search = ['## Search', '', ...Array.from({ length: 500 }, (_, at) => `- query ${at} moved from 1 to 7`)];
    const comment = reviewComment({ ...digestPart(2), search }, 2_000, 'the job summary');
    expect(comment.length).toBeLessThanOrEqual(2_000);
    expect(comment).toContain('- query 0 moved from 1 to 7\n');
    expect(comment).toMatch(/2 of 2 changes not shown/);
  });

  it('is written by ask digest diff --comment-out, capped by --max-chars, refusing a cap it cannot keep', async () => {
    const { dir } = await freshFolder({ 'ask.config.json': '{ "content": "docs", "out": "digest" }\n', 'docs/a.md': '# A\n\n## One\n\nFirst.\n' });
    execFileSync('git', ['init', '-q'], { cwd: dir });
    execFileSync('git', ['-c', 'user.name=a', '-c', 'user.email=a@example.com', 'commit', '-q', '--allow-empty', '-m', 'base'], { cwd: dir });
    const pages = Object.fromEntries(Array.from({ length: 40 }, (_, at) => [`docs/p${at}.md`, `# Page ${at}\n\n## Part\n\nText of page ${at} about widgets and gears.\n`]));
    await writeFiles(dir, pages);
    expect((await runAsk(['digest', 'build'], dir)).code).toBe(0);
    const run = await runAsk(['digest', 'diff', '--comment-out', 'comment.md', '--max-chars', '3000', '--full-diff-at', 'the run'], dir);
    expect(run.code).toBe(0);
    const comment = await readFile(path.join(dir, 'comment.md'), 'utf8');
    expect(comment.startsWith(`${COMMENT_MARKER}\n\n# Digest changes: HEAD → working tree\n\n0 sections changed, `)).toBe(true);
    expect(comment.length).toBeLessThanOrEqual(3_000);
    expect(comment).toMatch(/the full diff is in the run\._\n$/);
    expect(run.out.join('\n').length).toBeGreaterThan(3_000);
    const refused = await runAsk(['digest', 'diff', '--comment-out', 'comment.md', '--max-chars', '200'], dir);
    expect(refused.code).toBe(2);
    expect(refused.err).toEqual(["ask digest diff: --max-chars takes a whole number of at least 1000, got '200'"]);
  });
});

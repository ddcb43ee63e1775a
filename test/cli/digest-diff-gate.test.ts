import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runAsk } from '../support/cli.ts';
import { committedBase } from '../support/committed-digest.ts';
import { tempFoldersPerTest } from '../support/temp-folder.ts';

const TOKENS = [
  '# Tokens',
  '',
  'A session token proves who you are to the service.',
  '',
  '## Create a token',
  '',
  'Run `svc tokens create` to create a session token.',
  '',
  '## Rotate a token',
  '',
  'Run `svc tokens rotate` to rotate a session token before it expires.',
  '',
  '## Revoke a token',
  '',
  'Run `svc tokens revoke` to revoke a leaked token at once.',
  '',
].join('\n');

const PAGES = {
  'content/guide/tokens.md': TOKENS,
  'content/guide/passcodes.md': '# Passcodes\n\n## Reset a passcode\n\nRun `svc passcode reset` when a passcode is forgotten.\n',
  'content/ref/flags.md': '# Flags\n\n## Output format\n\nThe `--format` flag prints json or yaml.\n\n## Verbose logging\n\nThe `--verbose` flag logs every request.\n\n## Colour\n\nThe `--no-color` flag turns colour off.\n',
};

/** The committed checks of the base: each names a section of the tokens page by its file and anchor. */
const TOKEN_CHECKS = [
  { query: 'create a session token', expect: ['guide/tokens.md#create-a-token'] },
  { query: 'rotate a session token before it expires', expect: ['guide/tokens.md#rotate-a-token'] },
  { query: 'revoke a leaked token', expect: ['guide/tokens.md#revoke-a-token'] },
];

const jsonl = (lines: readonly unknown[]): string => `${lines.map((line) => JSON.stringify(line)).join('\n')}\n`;
const freshFolder = tempFoldersPerTest();

/** A repository whose base commit holds the pages, the checks and their digest. */
async function baseWithChecks(checks: readonly unknown[] = TOKEN_CHECKS): Promise<string> {
  const { dir } = await freshFolder({ ...PAGES, 'content/ask.queries.jsonl': jsonl(checks) });
  await committedBase(dir);
  return dir;
}

async function rebuild(cwd: string): Promise<void> {
  expect((await runAsk(['digest', 'build', '--content', 'content'], cwd)).code).toBe(0);
}

const diff = (cwd: string, ...flags: string[]) => runAsk(['digest', 'diff', '--content', 'content', ...flags], cwd);

/** The gate's figures: how many checks, and MRR@6 before and after. */
function gateFigures(text: string): { count: number; before: number; after: number } {
  const count = Number(/^(\d+) checks? as the base had them/m.exec(text)?.[1]);
  const [before, after] = (/^\| MRR@6 \| (\d\.\d{3}) \| (\d\.\d{3}) \|/m.exec(text) ?? []).slice(1).map(Number);
  return { count, before: before ?? Number.NaN, after: after ?? Number.NaN };
}

const lostLine = (count: number): string =>
  `ask digest diff: ${count} search check${count === 1 ? '' : 's'} the base answered in the top 6 ${count === 1 ? 'is' : 'are'} not answered now; pass --allow-lost to accept ${count === 1 ? 'it' : 'them'}`;

describe('ask digest diff: the search gate measures the base\'s checks, each side resolving them with its own pages', () => {
  it('a deleted page: the checks that named it were answered on the base and are not found now, and fail whatever the mean', async () => {
    const cwd = await baseWithChecks();
    await rm(path.join(cwd, 'content/guide/tokens.md'));
    await rebuild(cwd);
    const run = await diff(cwd, '--fail-below', '1');
    const text = run.out.join('\n');
    for (const check of TOKEN_CHECKS) expect(text).toContain(`- \`${JSON.stringify(check.query)}\`: 1 → not found`);
    expect(text).toContain('Lost: 3 checks the base answered in the top 6 are not answered now.');
    // no MRR drop can exceed 1: the lost checks alone fail the gate
    expect(run.code).toBe(1);
    expect(run.err).toEqual([lostLine(3)]);
    expect((await diff(cwd, '--fail-below', '1', '--allow-lost')).code).toBe(0);
    // the drop is measured too: accepting lost checks does not accept a drop beyond --fail-below
    const dropped = await diff(cwd, '--fail-below', '0.001', '--allow-lost');
    expect(dropped.code).toBe(1);
    expect(dropped.err).toEqual([expect.stringMatching(/^ask digest diff: MRR@6 of the search checks dropped by 0\.\d{3}, more than --fail-below 0\.001$/)]);
  });

  it('a renamed page: the base\'s checks name the old file; the checks rewritten for the new one are reported apart with their own figures', async () => {
    const cwd = await baseWithChecks();
    await rename(path.join(cwd, 'content/guide/tokens.md'), path.join(cwd, 'content/guide/session-tokens.md'));
    const renamed = TOKEN_CHECKS.map((check) => ({ ...check, expect: check.expect.map((entry) => entry.replace('guide/tokens.md', 'guide/session-tokens.md')) }));
    await writeFile(path.join(cwd, 'content/ask.queries.jsonl'), jsonl(renamed));
    await rebuild(cwd);
    const run = await diff(cwd, '--fail-below', '0.02');
    const text = run.out.join('\n');
    expect(text).toContain('- `"rotate a session token before it expires"`: 1 → not found');
    expect(text).toContain('Added by this change: 3 checks, not in the figures above; on the new digest MRR@6 1.000, recall@6 1.000.');
    expect(text).toContain('Removed or edited by this change (3), still measured as the base had them:\n- `"create a session token"`: `guide/tokens.md#create-a-token`');
    expect(run.code).toBe(1);
    expect(run.err).toEqual([expect.stringMatching(new RegExp(`^${lostLine(3)}; MRR@6 of the search checks dropped by 0\\.\\d{3}, more than --fail-below 0\\.02$`))]);
  });

  it('a removed heading is a lost check; a heading demoted to #### still names the section that holds it', async () => {
    const cwd = await baseWithChecks();
    const tokens = path.join(cwd, 'content/guide/tokens.md');
    await writeFile(tokens, TOKENS.replace('## Rotate a token\n\n', ''));
    await rebuild(cwd);
    const removed = await diff(cwd, '--fail-below', '1');
    expect(removed.out.join('\n')).toContain('- `"rotate a session token before it expires"`: 1 → not found');
    expect(removed.err).toEqual([lostLine(1)]);

    await writeFile(tokens, TOKENS.replace('## Rotate a token', '#### Rotate a token'));
    await rebuild(cwd);
    const demoted = await diff(cwd, '--fail-below', '1');
    // the anchor is on the live page, inside `Create a token`: the check is found there
    expect(demoted.out.join('\n')).not.toMatch(/^- `"rotate a session token before it expires"`: /m);
    expect(demoted.code).toBe(0);
    const evaluated = await runAsk(['eval', '--content', 'content', '--queries', 'content/ask.queries.jsonl', '--json'], cwd);
    expect(evaluated.err).toEqual([]);
    const report = JSON.parse(evaluated.out.join('\n')) as { outcomes: { query: string; expected: string[] }[] };
    expect(report.outcomes.find((outcome) => outcome.query === TOKEN_CHECKS[1]?.query)?.expected).toEqual(['guide/tokens#create-a-token']);
  });

  it('a change that removes answers and appends many easy checks fails: the added checks are not in the gate\'s mean', async () => {
    const passcodes = { query: 'reset a forgotten passcode', expect: ['guide/passcodes.md#reset-a-passcode'] };
    const cwd = await baseWithChecks([...TOKEN_CHECKS, passcodes]);
    await rm(path.join(cwd, 'content/guide'), { recursive: true });
    const answers = [
      ['the --format flag prints json', 'ref/flags.md#output-format'],
      ['the --verbose flag logs every request', 'ref/flags.md#verbose-logging'],
      ['the --no-color flag turns colour off', 'ref/flags.md#colour'],
    ] as const;
    // 600 distinct checks (a check counts once per query and expected entries)
    const easy = Array.from({ length: 600 }, (_, at) => ({ query: `${answers[at % 3]?.[0] ?? ''} ${at}`, expect: [answers[at % 3]?.[1] ?? ''] }));
    await writeFile(path.join(cwd, 'content/ask.queries.jsonl'), jsonl([...TOKEN_CHECKS, passcodes, ...easy]));
    await rebuild(cwd);
    const run = await diff(cwd, '--fail-below', '0.02');
    const text = run.out.join('\n');
    const figures = gateFigures(text);
    // the base's checks alone: its own suggested questions where both digests have their section, and its 4 committed checks
    expect(figures.count).toBeLessThan(20);
    expect(text).toContain(`Added by this change: 600 checks, not in the figures above; on the new digest MRR@6 1.000, recall@6 1.000.`);
    expect(text).toContain('Lost: 4 checks the base answered in the top 6 are not answered now.');
    expect(run.code).toBe(1);
    const drop = Number(/dropped by (\d\.\d{3})/.exec(run.err[0] ?? '')?.[1]);
    expect(drop).toBeCloseTo(figures.before - figures.after, 2);
    expect(drop).toBeGreaterThan(0.1);
    expect(run.err).toHaveLength(1);
    expect(run.err[0]).toMatch(new RegExp(`^${lostLine(4)}; MRR@6 of the search checks dropped by `));
  });

  it('a change that edits a check to match a worse ranking is gated on the check as the base had it', async () => {
    const cwd = await baseWithChecks();
    // a new page outranks the tokens page for creating a token; the change rewrites the check to expect it
    await mkdir(path.join(cwd, 'content/start'), { recursive: true });
    await writeFile(path.join(cwd, 'content/start/quick.md'), '# Quick start\n\n## Create a session token\n\nTo create a session token, create a session token with the create command: a session token, created.\n');
    const edited = [{ query: 'create a session token', expect: ['start/quick.md#create-a-session-token'] }, ...TOKEN_CHECKS.slice(1)];
    await writeFile(path.join(cwd, 'content/ask.queries.jsonl'), jsonl(edited));
    await rebuild(cwd);
    const run = await diff(cwd, '--fail-below', '0.02');
    const text = run.out.join('\n');
    expect(text).toMatch(/^- `"create a session token"`: 1 → [2-6]$/m);
    // listed apart (with the suggested questions the new digest no longer asks), and still measured as the base had it
    expect(text).toMatch(/^Removed or edited by this change \(\d+\), still measured as the base had them:$/m);
    expect(text).toMatch(/^- `"create a session token"`: `guide\/tokens\.md#create-a-token`$/m);
    expect(text).toMatch(/^Added by this change: 1 check, not in the figures above; on the new digest MRR@6 1\.000/m);
    const figures = gateFigures(text);
    expect(figures.after).toBeLessThan(figures.before);
    expect(run.code).toBe(1);
    // still in the top 6: a drop, not a lost check
    expect(run.err).toEqual([expect.stringMatching(/^ask digest diff: MRR@6 of the search checks dropped by 0\.\d{3}, more than --fail-below 0\.02$/)]);
  });

});

import { cp, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runAsk } from '../support/cli.ts';
import { tempFoldersPerTest } from '../support/temp-folder.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const freshFolder = tempFoldersPerTest();

/** A project with the fixture site built into `digest/` (urls under https://svc.example.com/docs). */
async function builtProject(): Promise<string> {
  const { dir } = await freshFolder();
  await cp(path.join(ROOT, 'test/fixtures/site'), path.join(dir, 'content'), { recursive: true });
  const built = await runAsk(['digest', 'build', '--content', 'content', '--site-url', 'https://svc.example.com/docs', '--quiet'], dir);
  expect(built.code).toBe(0);
  return dir;
}

const jsonl = (lines: readonly unknown[]): string => `${lines.map((line) => JSON.stringify(line)).join('\n')}\n`;

interface EvalJson {
  readonly k: number;
  readonly overall: { readonly count: number; readonly mrr: number; readonly recall: number };
  readonly byKind: Record<string, { readonly count: number; readonly mrr: number }>;
  readonly outcomes: readonly { readonly query: string; readonly expected: readonly string[]; readonly rank: number | null }[];
}

describe('ask eval', () => {
  it('reads an expected entry as a section id, a page or section url, or a content file with an anchor, and measures each', async () => {
    const cwd = await builtProject();
    await writeFile(
      path.join(cwd, 'queries.jsonl'),
      jsonl([
        { query: 'send the session token header', expect: ['guide/tokens#send-the-header'], kind: 'task' },
        { query: 'create a token', expect: ['https://svc.example.com/docs/guide/tokens#create-a-token'], kind: 'task' },
        { query: 'what is a session token', expect: ['/docs/guide/tokens'], kind: 'question' },
        { query: 'svc tokens create --lifetime', expect: ['guide/tokens.md#create-a-token'] },
      ]),
    );
    const run = await runAsk(['eval', '--queries', 'queries.jsonl', '--content', 'content', '--json'], cwd);
    expect(run.err).toEqual([]);
    expect(run.code).toBe(0);
    const report = JSON.parse(run.out.join('\n')) as EvalJson;
    expect(report.outcomes.map((outcome) => outcome.expected)).toEqual([['guide/tokens#send-the-header'], ['guide/tokens#create-a-token'], ['guide/tokens'], ['guide/tokens#create-a-token']]);
    // every figure follows from the ranks reported
    const ranks = report.outcomes.map((outcome) => outcome.rank);
    expect(report.overall.count).toBe(4);
    expect(report.overall.mrr).toBeCloseTo(ranks.reduce((sum: number, rank) => sum + (rank === null ? 0 : 1 / rank), 0) / 4, 12);
    expect(Object.keys(report.byKind)).toEqual(['task', 'question']);
    expect(report.byKind['task']?.count).toBe(2);
    expect(ranks[0]).toBe(1);
  });

  it('resolves the anchor of a heading deeper than ### to the section that holds it, named by a file, a url or a page id', async () => {
    const cwd = await builtProject();
    await writeFile(path.join(cwd, 'content/guide/limits.md'), '# Limits\n\n## Token limits\n\n#### maxTokens\n\nAt most 20 tokens a user.\n\n## Request limits\n\n#### maxTokens\n\nAt most 20 tokens a request.\n');
    expect((await runAsk(['digest', 'build', '--content', 'content', '--site-url', 'https://svc.example.com/docs', '--quiet'], cwd)).code).toBe(0);
    await writeFile(
      path.join(cwd, 'queries.jsonl'),
      jsonl([
        { query: 'tokens a user', expect: ['guide/limits.md#maxtokens'] },
        { query: 'tokens a request', expect: ['https://svc.example.com/docs/guide/limits#maxtokens-1'] },
        { query: 'token limit', expect: ['guide/limits#maxtokens'] },
      ]),
    );
    const run = await runAsk(['eval', '--queries', 'queries.jsonl', '--content', 'content', '--json'], cwd);
    expect(run.err).toEqual([]);
    expect(run.code).toBe(0);
    const report = JSON.parse(run.out.join('\n')) as EvalJson;
    expect(report.outcomes.map((outcome) => outcome.expected)).toEqual([['guide/limits#token-limits'], ['guide/limits#request-limits'], ['guide/limits#token-limits']]);
  });

  it('prints MRR, recall and the queries whose expected section is not first, and takes --k', async () => {
    const cwd = await builtProject();
    await writeFile(path.join(cwd, 'queries.jsonl'), jsonl([{ query: 'svc tokens create', expect: ['reference/flags'] }, { query: 'send the session token header', expect: ['guide/tokens#send-the-header'] }]));
    const run = await runAsk(['eval', '--queries', 'queries.jsonl', '--k', '3'], cwd);
    expect(run.code).toBe(0);
    expect(run.out[0]).toBe('ask eval: queries.jsonl, top 3');
    expect(run.out[1]).toMatch(/^all queries \(2\): MRR@3 0\.\d{3}, recall@3 0\.\d{3}$/);
    expect(run.out.join('\n')).toMatch(/^- "svc tokens create" \((?:not in the top 3|rank \d)\) · reference\/flags · guide\/tokens/m);
  });

  it('without a file runs the digest\'s own checks (each suggested question against its section) and the committed ask.queries.jsonl', async () => {
    const cwd = await builtProject();
    const suggestions = JSON.parse(await readFile(path.join(cwd, 'digest/suggestions.json'), 'utf8')) as { suggestions: string[]; answeredIn: Record<string, string> };
    const own = Object.entries(suggestions.answeredIn);
    expect(own.length).toBeGreaterThan(0);
    const alone = await runAsk(['eval', '--content', 'content', '--json'], cwd);
    expect(alone.code).toBe(0);
    const report = JSON.parse(alone.out.join('\n')) as EvalJson & { source: string };
    expect(report.source).toBe(`the digest's ${own.length} suggested questions`);
    expect(report.outcomes.map((outcome) => [outcome.query, outcome.expected[0]])).toEqual(suggestions.suggestions.filter((question) => question in suggestions.answeredIn).map((question) => [question, suggestions.answeredIn[question]]));
    expect(Object.keys(report.byKind)).toEqual(['suggested']);

    await writeFile(path.join(cwd, 'content/ask.queries.jsonl'), jsonl([{ query: 'create a token', expect: ['guide/tokens.md#create-a-token'] }]));
    const run = await runAsk(['eval', '--content', 'content'], cwd);
    expect(run.code).toBe(0);
    expect(run.out[0]).toBe(`ask eval: the digest's ${own.length} suggested questions and content/ask.queries.jsonl, top 6`);
    expect(run.out[1]).toMatch(new RegExp(`^all queries \\(${own.length + 1}\\): MRR@6 \\d\\.\\d{3}, recall@6 \\d\\.\\d{3}$`));
    // a given file is measured alone
    const given = await runAsk(['eval', '--queries', 'content/ask.queries.jsonl', '--content', 'content'], cwd);
    expect(given.out[1]).toBe('all queries (1): MRR@6 1.000, recall@6 1.000');
  });

  it('says what is wrong: no checks, a bad line, an entry that names no section', async () => {
    const cwd = await builtProject();
    // a digest of an older ask: suggestions without their sections
    await writeFile(path.join(cwd, 'digest/suggestions.json'), '{"suggestions": ["How do I create a token?"]}\n');
    const none = await runAsk(['eval', '--content', 'content'], cwd);
    expect(none.code).toBe(1);
    expect(none.err[0]).toMatch(/^ask eval: no checks: the digest has no suggested questions with their sections; pass --queries FILE, or commit ask\.queries\.jsonl in content/);
    await writeFile(path.join(cwd, 'bad.jsonl'), '{"query": "tokens", "expect": ["guide/tokens"]}\n{"query": "tokens", "expect": []}\n');
    const bad = await runAsk(['eval', '--queries', 'bad.jsonl'], cwd);
    expect(bad.code).toBe(2);
    expect(bad.err).toEqual([expect.stringMatching(/^ask eval: bad\.jsonl:2: expect: .+\(a line is \{"query": "\.\.\.", "expect": \["\.\.\."\], "kind"\?: "\.\.\."\}\)$/)]);
    await writeFile(path.join(cwd, 'stale.jsonl'), jsonl([{ query: 'tokens', expect: ['guide/renamed.md', 'guide/tokens'] }]));
    const stale = await runAsk(['eval', '--queries', 'stale.jsonl', '--content', 'content'], cwd);
    expect(stale.code).toBe(1);
    expect(stale.err).toEqual(['ask eval: "guide/renamed.md" (for "tokens") names no section of the digest']);
    expect((await runAsk(['eval', '--queries', 'bad.jsonl', '--k', '0'], cwd)).code).toBe(2);
    expect((await runAsk(['eval', '--digest', 'nowhere', '--queries', 'stale.jsonl'], cwd)).err[0]).toMatch(/^ask eval: no digest in .*nowhere; run 'ask digest build' first$/);
  });
});

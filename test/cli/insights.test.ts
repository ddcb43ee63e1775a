import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AskLogEntry, FeedbackLogEntry, QueryLogEntry } from '../../pipeline/runtime/query-log.ts';
import { build } from '../support/digest-tree.ts';
import { runAsk } from '../support/cli.ts';
import { tempFoldersPerTest } from '../support/temp-folder.ts';

const SITE = path.join(import.meta.dirname, '..', 'fixtures', 'site');
const tempFolder = tempFoldersPerTest();

const entry = (query: string, results: number, mode: QueryLogEntry['mode'] = 'keyword'): QueryLogEntry => ({ query, results, top: results > 0 ? '/guide/tokens' : null, mode, hour: '2026-11-27T10' });

async function project(entries: readonly AskLogEntry[], extra = ''): Promise<string> {
  const { dir } = await tempFolder();
  await build(SITE, path.join(dir, 'digest'));
  await writeFile(path.join(dir, 'queries.ndjson'), `${entries.map((one) => JSON.stringify(one)).join('\n')}\n${extra}`);
  return dir;
}

interface Report {
  readonly queries: number;
  readonly skipped: number;
  readonly top: readonly { query: string; count: number }[];
  readonly noResults: readonly { query: string; count: number }[];
  readonly missingWords: readonly { word: string; count: number; nearest: readonly string[] }[];
  readonly unanswered: readonly { query: string; count: number }[];
  readonly feedback: number;
  readonly clickThrough: readonly { query: string; asked: number; opened: number; share: number; url: string | null; meanRank: number | null }[];
  readonly unhelpful: readonly { query: string; unhelpful: number; helpful: number }[];
}

describe('ask insights', () => {
  const log = [
    entry('session tokens', 3),
    entry('session tokens', 3),
    entry('revoke a token', 2),
    entry('passcodez expired', 0),
    entry('passcodez expired', 0),
    entry('sso with okta', 0, 'agentic'),
    entry('call [number] now', 0),
  ];

  it('lists the most asked, the queries with no result, the words the docs lack with their nearest, and unanswered questions', async () => {
    const cwd = await project(log, '{"query": 1}\nnot json\n');
    const run = await runAsk(['insights', '--log', 'queries.ndjson', '--json'], cwd);
    expect(run.code).toBe(0);
    const report = JSON.parse(run.out.join('\n')) as Report;
    expect(report.queries).toBe(7);
    expect(report.skipped).toBe(2);
    // most asked first, ties by query
    expect(report.top.map((one) => [one.query, one.count])).toEqual([['passcodez expired', 2], ['session tokens', 2], ['call [number] now', 1], ['revoke a token', 1], ['sso with okta', 1]]);
    expect(report.noResults.map((one) => [one.query, one.count])).toEqual([['passcodez expired', 2], ['call [number] now', 1], ['sso with okta', 1]]);
    // a placeholder of the log's redaction is no word of the reader's
    expect(report.missingWords.map((word) => word.word)).not.toContain('number');
    const passcodez = report.missingWords.find((word) => word.word === 'passcodez');
    expect(passcodez?.count).toBe(2);
    expect(passcodez?.nearest.some((near) => near.startsWith('passcode'))).toBe(true);
    expect(report.missingWords.map((word) => word.word)).toEqual(expect.arrayContaining(['okta', 'sso']));
    // `expired` is a word of the docs (the passcodes page): not missing
    expect(report.missingWords.map((word) => word.word)).not.toContain('expired');
    expect(report.unanswered).toEqual([{ query: 'sso with okta', count: 1, results: 0 }]);
    // a log written before feedback existed: no feedback, no click-through to show
    expect([report.feedback, report.clickThrough, report.unhelpful]).toEqual([0, [], []]);
  });

  const opened = (query: string, url: string, rank: number): FeedbackLogEntry => ({ feedback: 'open', query, url, rank, hour: '2026-11-27T11' });
  const rated = (query: string, helpful: boolean): FeedbackLogEntry => ({ feedback: helpful ? 'helpful' : 'unhelpful', query, hour: '2026-11-27T11' });
  const withFeedback: AskLogEntry[] = [
    ...Array.from({ length: 4 }, () => entry('session tokens', 3)),
    entry('revoke a token', 2),
    entry('revoke a token', 2),
    entry('passcodez expired', 0),
    entry('sso with okta', 0, 'agentic'),
    // asked for an answer: not a keyword query, no click-through
    entry('how do i rotate keys', 4, 'agentic'),
    opened('session tokens', '/guide/tokens#send-the-header', 1),
    opened('session tokens', '/guide/sessions', 3),
    opened('session tokens', '/guide/tokens#send-the-header', 2),
    rated('sso with okta', false),
    rated('sso with okta', true),
    rated('sso with okta', false),
    rated('how do i rotate keys', false),
    rated('what is an otp', true),
    // a rating of a question asked often is no query of its own
    rated('session tokens', true),
  ];

  it('adds the click-through of the most asked keyword queries and the answers marked not helpful; feedback is never counted as a query', async () => {
    const cwd = await project(withFeedback, '{"feedback": "open", "query": "no url"}\n');
    const run = await runAsk(['insights', '--log', 'queries.ndjson', '--json'], cwd);
    expect(run.code).toBe(0);
    const report = JSON.parse(run.out.join('\n')) as Report;
    expect([report.queries, report.feedback, report.skipped]).toEqual([9, 9, 1]);
    expect(report.top.map((one) => [one.query, one.count])).toEqual([['session tokens', 4], ['revoke a token', 2], ['how do i rotate keys', 1], ['passcodez expired', 1], ['sso with okta', 1]]);
    expect(report.noResults.map((one) => one.query)).toEqual(['passcodez expired', 'sso with okta']);
    // most asked first; a query with no result, or asked for an answer, has no results to open
    expect(report.clickThrough).toEqual([
      { query: 'session tokens', asked: 4, opened: 3, share: 0.75, url: '/guide/tokens#send-the-header', meanRank: 1.5 },
      { query: 'revoke a token', asked: 2, opened: 0, share: 0, url: null, meanRank: null },
    ]);
    // most marked first, then fewer marked helpful
    expect(report.unhelpful).toEqual([
      { query: 'sso with okta', unhelpful: 2, helpful: 1 },
      { query: 'how do i rotate keys', unhelpful: 1, helpful: 0 },
    ]);
  });

  it('prints the click-through and the unhelpful answers as text', async () => {
    const cwd = await project(withFeedback);
    const run = await runAsk(['insights', '--log', 'queries.ndjson'], cwd);
    expect(run.out[0]).toBe('ask insights: 9 queries and 9 feedback events, 2026-11-27T10:00 to 2026-11-27T11:59 UTC');
    expect(run.out).toContain('  3/4 opened (75%) "session tokens" most: /guide/tokens#send-the-header (mean rank 1.5)');
    expect(run.out).toContain('  0/2 opened (0%) "revoke a token"');
    expect(run.out).toContain('  2× "sso with okta" (1 helpful)');
    expect(run.out).toContain('  1× "how do i rotate keys" (0 helpful)');
  });

  it('prints the lists as text, and asks for --log', async () => {
    const cwd = await project(log);
    const run = await runAsk(['insights', '--log', 'queries.ndjson'], cwd);
    expect(run.out[0]).toBe('ask insights: 7 queries, 2026-11-27T10:00 to 2026-11-27T10:59 UTC');
    expect(run.out).toContain('  2× "passcodez expired"');
    expect(run.out.join('\n')).toMatch(/^ {2}passcodez \(2×\) nearest: .*passcode/m);
    const missing = await runAsk(['insights'], cwd);
    expect(missing.code).toBe(2);
    expect((await runAsk(['insights', '--log', 'nowhere.ndjson'], cwd)).err).toEqual(['ask insights: cannot read the query log nowhere.ndjson']);
  });
});

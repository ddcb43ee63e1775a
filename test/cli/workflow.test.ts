/**
 * The workflows `ask init` writes, run without GitHub (test/support/workflow-harness.ts): a
 * repository set up by `ask init`, its `ask-docs` the packed tarball (installed by the
 * workflow's own `npm ci`, offline; later installs of the same lockfile linked:
 * runner-machine.ts), GitHub's copy a bare repository, `gh` a fake that keeps the pull
 * requests and comments. Each scenario is one of issue 38's failures of the earlier workflow.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateCorpus } from '../../scripts/generate-corpus.ts';
import { COMMENT_MARKER } from '../../pipeline/cli/digest-diff-comment.ts';
import { runAsk } from '../support/cli.ts';
import { BODY_LIMIT } from '../support/fake-gh.ts';
import { git, TOKENS } from '../support/github-sim.ts';
import { tempFoldersPerTest } from '../support/temp-folder.ts';
import type { JobRecord, RunRecord } from '../support/workflow-harness.ts';
import { adoptedSite, branches, diffArtifact, forkChange, mergeAndPush, pushBranch, runPullRequest, type Site } from '../support/workflow-scenario.ts';

const freshFolder = tempFoldersPerTest();
let machineDir = '';
beforeAll(async () => {
  machineDir = await mkdtemp(path.join(tmpdir(), 'ask-runner-'));
});
afterAll(async () => {
  await rm(machineDir, { recursive: true, force: true });
});

const PAGES = {
  'index.md': '# Widgets\n\nWidgets are small parts.\n',
  'install.md': '# Install\n\n## From npm\n\nRun `npm install widgets`.\n\n## From source\n\nClone the repository.\n',
  'configure.md': '# Configure\n\n## Colours\n\nSet `colour` to `blue`.\n',
};
const EDIT = { 'docs/configure.md': '# Configure\n\n## Colours\n\nSet `colour` to `green`.\n\n## Sizes\n\nSet `size` to `large`.\n' };
const WITH_TOKEN = { ASK_DIGEST_TOKEN: TOKENS.maintainer };

/** A job of a run, failing the test with every step's log when it is not what `result` says. */
function job(run: RunRecord, id: string, result: JobRecord['result'] = 'success'): JobRecord {
  const record = run.jobs[id];
  if (record === undefined) throw new Error(`no job ${id}`);
  const logs = record.steps.map((step) => `--- ${step.name}: ${step.outcome}\n${step.log}`).join('\n');
  expect(record.result, `${id}:\n${logs}`).toBe(result);
  return record;
}

function stepLog(record: JobRecord, name: string): string {
  const step = record.steps.find((candidate) => candidate.name === name);
  if (step === undefined) throw new Error(`no step ${name}`);
  return step.log;
}

async function site(pages: Readonly<Record<string, string>> = PAGES, digest = true): Promise<Site> {
  return adoptedSite((await freshFolder()).dir, machineDir, { pages, digest });
}

async function comments(target: Site, issue: number) {
  return (await target.sim.gh.read()).comments.filter((comment) => comment.issue === issue);
}

/** `ask digest check` in a clone of GitHub's copy at `rev`. */
async function digestCheckAt(target: Site, rev: string): Promise<number> {
  const clone = path.join(target.dir, `check-${rev.slice(0, 8)}`);
  await git(target.dir, ['clone', '-q', target.sim.origin, clone]);
  await git(clone, ['checkout', '-q', rev]);
  return (await runAsk(['digest', 'check'], clone)).code;
}

describe('the digest workflows, run in the harness', () => {
  it('a branch of the repository without the token secret: the diff commented by the comment workflow, one comment updated in place on the next push (beside another bot comment), the digest brought to main by a follow-up pull request after the merge', async () => {
    const target = await site();
    const head = await pushBranch(target, 'edit-configure', EDIT);
    // another workflow of the repository has commented as github-actions[bot] too: `gh pr comment --edit-last` would overwrite it
    await target.sim.gh.update((state) => ({ ...state, comments: [...state.comments, { id: 1, issue: 7, body: 'Preview deployed.', user: 'github-actions[bot]', revisions: 1 }] }));
    const before = await branches(target);

    const first = await runPullRequest(target, { number: 7, headRef: 'edit-configure', headSha: head, baseRef: 'main' }, {});
    const review = job(first.run, 'digest');
    expect(review.checkouts).toEqual([expect.objectContaining({ ref: head, sha: head, persisted: false })]);
    expect(review.summary).toContain('# Digest changes');
    expect(review.summary).toContain('## Changed `configure#colours`');
    expect(stepLog(job(first.run, 'commit'), 'Look for ASK_DIGEST_TOKEN')).toContain('No ASK_DIGEST_TOKEN secret');
    job(first.comment, 'comment');
    expect(await branches(target)).toBe(before);
    let onPull = await comments(target, 7);
    expect(onPull).toHaveLength(2);
    const ours = onPull.find((comment) => comment.body.startsWith(COMMENT_MARKER));
    expect(ours).toMatchObject({ user: 'github-actions[bot]', revisions: 1 });
    expect(ours?.body).toContain('## Added `configure#sizes`');
    expect(ours?.body).toContain('## Search');

    // a second push to the pull request: the same comment, updated
    const second = await pushBranch(target, 'edit-configure', { 'docs/install.md': `${PAGES['install.md']}\n## From a container\n\nPull the image.\n` });
    const again = await runPullRequest(target, { number: 7, headRef: 'edit-configure', headSha: second, baseRef: 'main', action: 'synchronize' }, {});
    job(again.run, 'digest');
    job(again.comment, 'comment');
    onPull = await comments(target, 7);
    expect(onPull).toHaveLength(2);
    expect(onPull.find((comment) => comment.id === 1)).toMatchObject({ body: 'Preview deployed.', revisions: 1 });
    const updated = onPull.find((comment) => comment.body.startsWith(COMMENT_MARKER));
    expect(updated).toMatchObject({ id: ours?.id, revisions: 2 });
    expect(updated?.body).toContain('install#from-a-container');

    // a label other than the accepting one runs nothing
    const labelled = await runPullRequest(target, { number: 7, headRef: 'edit-configure', headSha: second, baseRef: 'main', action: 'labeled', label: 'docs', labels: ['docs'] }, {});
    expect(labelled.run.conclusion).toBe('skipped');

    // merged without its digest: the push to main rebuilds it and opens the follow-up pull request (with GITHUB_TOKEN: no checks run on it)
    const push = await mergeAndPush(target, 'edit-configure', {});
    const publish = job(push, 'publish');
    expect(publish.steps.find((step) => step.name === 'Rebuild the digest')?.outcome).toBe('success');
    const state = await target.sim.gh.read();
    expect(state.pulls.find((pull) => pull.headRef === 'ask-digest/update')).toMatchObject({ baseRef: 'main', user: 'github-actions[bot]', state: 'open' });
    expect(state.calls.find((call) => call.argv[0] === 'pr' && call.argv[1] === 'create')?.token).toBe(`${TOKENS.bot}-publish`);
    const followUp = await git(target.sim.origin, ['rev-parse', 'refs/heads/ask-digest/update']);
    expect(await git(target.sim.origin, ['diff', '--name-only', 'main', followUp])).toMatch(/^(digest\/\S+\n?)+$/);
    expect(await digestCheckAt(target, followUp)).toBe(0);
  }, 120_000);

  it('a branch of the repository with ASK_DIGEST_TOKEN: the digest committed to the branch with the token (a push that starts the workflows), whose run finds it current and comments', async () => {
    const target = await site();
    const head = await pushBranch(target, 'edit-configure', EDIT);
    const first = await runPullRequest(target, { number: 3, headRef: 'edit-configure', headSha: head, baseRef: 'main' }, WITH_TOKEN);
    job(first.run, 'digest');
    const commit = job(first.run, 'commit');
    expect(commit.checkouts).toEqual([expect.objectContaining({ ref: 'edit-configure', token: TOKENS.maintainer, persisted: true })]);
    const tip = await git(target.sim.origin, ['rev-parse', 'refs/heads/edit-configure']);
    expect(tip).not.toBe(head);
    expect(await git(target.sim.origin, ['rev-parse', `${tip}^`])).toBe(head);
    expect(await git(target.sim.origin, ['diff', '--name-only', head, tip])).toMatch(/^(digest\/\S+\n?)+$/);
    expect(await digestCheckAt(target, tip)).toBe(0);
    // the run's comment waits for the run of the new head: the pull request moved on
    expect(stepLog(job(first.comment, 'comment'), 'Comment on the pull request')).toContain('has moved on');
    expect(await comments(target, 3)).toEqual([]);

    // the token's push starts the workflow again, on the commit with the digest
    const rerun = await runPullRequest(target, { number: 3, headRef: 'edit-configure', headSha: tip, baseRef: 'main', action: 'synchronize' }, WITH_TOKEN);
    job(rerun.run, 'digest');
    expect(stepLog(job(rerun.run, 'commit'), 'Commit and push the digest')).toContain('up to date');
    expect(await git(target.sim.origin, ['rev-parse', 'refs/heads/edit-configure'])).toBe(tip);
    job(rerun.comment, 'comment');
    const [comment] = await comments(target, 3);
    expect(comment?.body).toContain('## Changed `configure#colours`');

    // merged with its digest: main's is current, no follow-up
    const push = await mergeAndPush(target, 'edit-configure', WITH_TOKEN);
    const publish = job(push, 'publish');
    expect(publish.checkouts[0]?.token).toBe(TOKENS.maintainer);
    expect(publish.steps.find((step) => step.name === 'Rebuild the digest')?.outcome).toBe('skipped');
    expect((await target.sim.gh.read()).pulls.filter((pull) => pull.headRef === 'ask-digest/update')).toEqual([]);
  }, 120_000);

  it('a pull request from a fork: checked out by SHA, built offline with no secrets, nothing pushed, the diff still commented by the comment workflow', async () => {
    const target = await site();
    const before = await branches(target);
    const head = await forkChange(target, 12, EDIT);
    const runs = await runPullRequest(target, { number: 12, headRef: 'patch-1', headSha: head, baseRef: 'main', fork: 'contributor/site' }, WITH_TOKEN);
    const review = job(runs.run, 'digest');
    expect(review.checkouts[0]?.sha).toBe(head);
    expect(stepLog(review, 'Build the digest')).toContain('offline distiller');
    expect(job(runs.run, 'commit', 'skipped').steps).toEqual([]);
    expect(await branches(target)).toBe(before);
    job(runs.comment, 'comment');
    const [comment] = await comments(target, 12);
    expect(comment).toMatchObject({ user: 'github-actions[bot]' });
    expect(comment?.body.startsWith(COMMENT_MARKER)).toBe(true);
    expect(comment?.body).toContain('## Added `configure#sizes`');
  }, 90_000);

  it('the adoption pull request of a large site: the digest committed all the same, the comment kept under 65,536 characters, its head and Search part on top, saying where the full diff is (job summary, artifact)', async () => {
    const corpus = generateCorpus({ pages: 150, seed: 1 });
    const target = await site(Object.fromEntries(corpus.files.map((file) => [file.path, file.text])), false);
    const head = await pushBranch(target, 'adopt-ask', { 'docs/welcome.md': '# Welcome\n\nStart here.\n' });
    const first = await runPullRequest(target, { number: 1, headRef: 'adopt-ask', headSha: head, baseRef: 'main' }, WITH_TOKEN);
    const review = job(first.run, 'digest');
    const full = await diffArtifact(target, first.run, 'diff.md');
    expect(full.length).toBeGreaterThan(4 * BODY_LIMIT);
    expect(review.summary).toBe(full);
    // a diff no comment can hold does not keep the digest from its branch
    job(first.run, 'commit');
    const tip = await git(target.sim.origin, ['rev-parse', 'refs/heads/adopt-ask']);
    expect(await git(target.sim.origin, ['rev-parse', `${tip}^`])).toBe(head);

    // the run of the commit's push comments
    const rerun = await runPullRequest(target, { number: 1, headRef: 'adopt-ask', headSha: tip, baseRef: 'main', action: 'synchronize' }, WITH_TOKEN);
    job(rerun.comment, 'comment');
    const [comment] = await comments(target, 1);
    const body = comment?.body ?? '';
    expect(body).toBe(await diffArtifact(target, rerun.run, 'comment.md'));
    expect([...body].length).toBeLessThanOrEqual(BODY_LIMIT);
    expect([...body].length).toBeGreaterThan(BODY_LIMIT - 2_000);
    expect(body).toMatch(/^<!-- ask-digest-diff -->\n\n# Digest changes: [0-9a-f]{40} → working tree\n\n0 sections changed, \d+ added, 0 removed\.\n\n## Search\n/);
    expect(body).toMatch(/\n\n_Cut to keep this comment under 65,536 characters: \d+ of \d+ changes not shown; the full diff is in the job summary and the ask-digest-diff artifact of \[the workflow run\]\(https:\/\/github\.com\/docs-team\/site\/actions\/runs\/\d+\)\._\n$/);
    const lastSection = [...full.matchAll(/^## Added `([^`]+)`$/gm)].at(-1)?.[1];
    expect(lastSection).toBeDefined();
    expect(body).not.toContain(`## Added \`${lastSection ?? ''}\``);
    expect(await diffArtifact(target, rerun.run, 'pr-number')).toBe('1\n');
  }, 120_000);
});

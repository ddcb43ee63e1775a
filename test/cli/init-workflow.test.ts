/**
 * The workflows `ask init` writes, read as a GitHub Actions reviewer reads them (their runs are
 * workflow.test.ts): actions pinned by commit, Node's current LTS, one run per pull request, the
 * build's cache, the triggers (the generator's navigation files, ask.config.json, the default
 * branch alone), no expression inside a script, and who may do what: the pull request's code
 * runs with a read-only token and no secret but the model's; the job that comments never checks
 * anything out.
 */
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import picomatch from 'picomatch';
import { describe, expect, it } from 'vitest';
import { ACTIONS } from '../../pipeline/init/actions.ts';
import { OWN_COMMENT_FILTER } from '../../pipeline/init/comment-workflow.ts';
import { exampleWorkflows } from '../../scripts/ci-workflows.ts';
import { runAsk } from '../support/cli.ts';
import { allRuns, written, type Written } from '../support/init-output.ts';
import { tempFoldersPerTest, writeFiles } from '../support/temp-folder.ts';
import { asString, evaluate, type Value } from '../support/workflow-expressions.ts';

const freshFolder = tempFoldersPerTest();
const REPOSITORY = path.join(import.meta.dirname, '..', '..');

async function initIn(files: Record<string, string>): Promise<{ readonly root: string; readonly files: Written }> {
  const { dir } = await freshFolder(files);
  execFileSync('git', ['init', '-q'], { cwd: dir });
  const run = await runAsk(['init'], dir);
  expect(run.err).toEqual([]);
  return { root: dir, files: await written(dir) };
}

const NPM_SITE = { 'docs/index.md': '# Home\n\nHello.\n', 'package.json': '{ "name": "site", "private": true }\n', 'package-lock.json': '{ "lockfileVersion": 3, "packages": {} }\n' };

/** Whether a change of `file` starts the workflow (GitHub's `paths` globs; `**` crosses folders and dot files). */
function triggers(paths: readonly string[], file: string): boolean {
  return paths.some((glob) => picomatch(glob, { dot: true })(file));
}

describe('the workflows ask init writes', () => {
  it('pin every action by its full commit SHA, its release in a comment beside it, and run Node 24', async () => {
    const { files } = await initIn(NPM_SITE);
    const uses = files.texts.flatMap((text) => [...text.matchAll(/^\s*(?:- )?uses: (.+)$/gm)].map((match) => match[1] ?? ''));
    expect(uses.length).toBeGreaterThanOrEqual(8);
    const pins = new Map(Object.values(ACTIONS).map((action) => [`${action.repository}@${action.sha} # ${action.release}`, action]));
    for (const reference of uses) {
      expect(reference).toMatch(/^[\w-]+\/[\w-]+@[0-9a-f]{40} # v\d+\.\d+\.\d+$/);
      expect(pins.has(reference), reference).toBe(true);
    }
    const nodes = Object.values(files.digest.jobs).flatMap((job) => job.steps.filter((step) => step.uses?.startsWith('actions/setup-node@') === true));
    expect(nodes).toHaveLength(2);
    for (const step of nodes) expect(step.with?.['node-version']).toBe(24);
  });

  it('run one build per pull request at a time (a new push cancels the old), and a label other than the accepting one neither builds nor cancels', async () => {
    const { files } = await initIn(NPM_SITE);
    const { group } = files.digest.concurrency;
    expect(files.digest.concurrency['cancel-in-progress']).toBe(true);
    const groupOf = (event: Record<string, Value>, extra: Record<string, Value> = {}): string =>
      group.replace(/\$\{\{([\s\S]*?)\}\}/g, (_, inner: string) => asString(evaluate(inner, { contexts: { github: { event, ref: 'refs/pull/5/merge', run_id: '91', ...extra } }, status: { failed: false, cancelled: false } })));
    const pull = { pull_request: { number: 5 } };
    expect(groupOf({ ...pull, action: 'opened' })).toBe('ask-digest-5');
    expect(groupOf({ ...pull, action: 'synchronize' })).toBe('ask-digest-5');
    expect(groupOf({ ...pull, action: 'labeled', label: { name: 'search-change-accepted' } })).toBe('ask-digest-5');
    expect(groupOf({ ...pull, action: 'labeled', label: { name: 'docs' } })).toBe('ask-digest-5-91');
    expect(groupOf({ ref: 'refs/heads/main' }, { ref: 'refs/heads/main' })).toBe('ask-digest-refs/heads/main');
    expect(files.digest.on.pull_request.types).toEqual(['opened', 'synchronize', 'reopened', 'labeled', 'unlabeled']);
  });

  it('cache the build (.ask-cache/ beside the digest) in the jobs that build', async () => {
    const { files } = await initIn(NPM_SITE);
    for (const job of [files.digest.jobs.digest, files.digest.jobs.publish]) {
      const cache = job.steps.find((step) => step.uses?.startsWith('actions/cache@') === true);
      expect(cache?.with).toEqual({ path: '.ask-cache', key: 'ask-cache-${{ runner.os }}-${{ github.run_id }}', 'restore-keys': 'ask-cache-${{ runner.os }}-' });
      const build = job.steps.findIndex((step) => step.run?.endsWith('digest build') === true);
      expect(job.steps.indexOf(cache ?? {})).toBeLessThan(build);
    }
  });

  it("start on a change of the pages, the generator's config and navigation files, ask.config.json, the digest, the install; push on the default branch alone", async () => {
    const docusaurus = await initIn({ 'docusaurus.config.js': "module.exports = { title: 'D', url: 'https://d.example', baseUrl: '/' };\n", 'sidebars.js': 'module.exports = {};\n', 'docs/intro.md': '# Intro\n', 'docs/guide/_category_.json': '{}\n', 'package.json': '{ "name": "d" }\n' });
    const paths = docusaurus.files.digest.on.pull_request.paths;
    expect(docusaurus.files.digest.on.push.paths).toEqual(paths);
    for (const file of ['sidebars.js', 'sidebars.ts', 'docusaurus.config.js', 'versioned_sidebars/version-2-sidebars.json', 'versions.json', 'docs/guide/_category_.json', 'ask.config.json', 'digest/sections/intro.json', 'package.json', 'package-lock.json', '.github/workflows/ask-digest.yml']) expect(triggers(paths, file), file).toBe(true);
    for (const file of ['src/pages/index.js', 'README.md', 'static/logo.png']) expect(triggers(paths, file), file).toBe(false);

    const mkdocs = await initIn({ 'mkdocs.yml': 'site_name: M\nnav:\n  - index.md\n', 'docs/index.md': '# M\n', 'docs/SUMMARY.md': '* [M](index.md)\n' });
    for (const file of ['mkdocs.yml', 'docs/SUMMARY.md', 'docs/_sidebar.md']) expect(triggers(mkdocs.files.digest.on.pull_request.paths, file), file).toBe(true);
    const vitepress = await initIn({ 'docs/.vitepress/config.mts': "export default { title: 'V' };\n", 'docs/.vitepress/sidebar.ts': 'export default [];\n', 'docs/index.md': '# V\n' });
    expect(triggers(vitepress.files.digest.on.pull_request.paths, 'docs/.vitepress/sidebar.ts')).toBe(true);

    // the default branch as the clone knows it (origin/HEAD), else main
    expect(docusaurus.files.digest.on.push.branches).toEqual(['main']);
    const { dir } = await freshFolder();
    const bare = path.join(dir, 'origin.git');
    execFileSync('git', ['init', '-q', '--bare', '-b', 'trunk', bare]);
    const seed = path.join(dir, 'seed');
    execFileSync('git', ['clone', '-q', bare, seed], { stdio: 'pipe' });
    execFileSync('git', ['-c', 'user.name=a', '-c', 'user.email=a@example.com', 'commit', '-q', '--allow-empty', '-m', 'start'], { cwd: seed });
    execFileSync('git', ['push', '-q', 'origin', 'HEAD:trunk'], { cwd: seed });
    const clone = path.join(dir, 'clone');
    execFileSync('git', ['clone', '-q', bare, clone]);
    await writeFiles(clone, { 'docs/index.md': '# Home\n' });
    expect((await runAsk(['init'], clone)).code).toBe(0);
    expect((await written(clone)).digest.on.push.branches).toEqual(['trunk']);
  });

  it('put no expression inside a run: script (values go through env:), and give the pull request code a read-only token and no secret but the model key', async () => {
    const { files } = await initIn(NPM_SITE);
    for (const script of allRuns(files)) expect(script).not.toContain('${{');
    expect(files.digest.permissions).toEqual({});
    const review = files.digest.jobs.digest;
    expect(review.permissions).toEqual({ contents: 'read' });
    expect(review.steps[0]?.with).toEqual({ ref: '${{ github.event.pull_request.head.sha }}', 'fetch-depth': 0, 'persist-credentials': false });
    const secrets = JSON.stringify(review).match(/secrets\.\w+/g);
    expect([...new Set(secrets)]).toEqual(['secrets.ANTHROPIC_API_KEY']);
    // the commit job: a branch of this repository, with the token secret, after the review even when its gate fails
    expect(files.digest.jobs.commit.if).toContain('github.event.pull_request.head.repo.full_name == github.repository');
    expect(files.digest.jobs.commit.if).toContain('!cancelled()');
    expect(files.digest.jobs.commit.steps.find((step) => step.uses?.startsWith('actions/checkout@') === true)?.with).toEqual({ ref: '${{ github.head_ref }}', token: '${{ secrets.ASK_DIGEST_TOKEN }}' });
    expect(files.digest.jobs.publish.if).toBe("github.event_name == 'push'");
    // the search gate still fails the pull request's job, last, unless the label accepts the drop
    const gate = review.steps.at(-1);
    expect(gate?.if).toBe("steps.diff.outputs.search == 'worse' && !contains(github.event.pull_request.labels.*.name, 'search-change-accepted')");
    expect(gate?.run).toMatch(/exit 1$/);
    expect(review.steps.findIndex((step) => step.name === 'Upload the diff')).toBeLessThan(review.steps.length - 1);
    expect(review.steps.find((step) => step.id === 'diff')?.env?.ACCEPTED).toBe("${{ contains(github.event.pull_request.labels.*.name, 'search-change-accepted') }}");
  });

  it('comment from a workflow_run of the digest workflow that checks nothing out, runs nothing of the artifact, and updates only its own marked comment', async () => {
    const { files } = await initIn(NPM_SITE);
    expect(files.comment.on).toEqual({ workflow_run: { workflows: ['docs digest'], types: ['completed'] } });
    const job = files.comment.jobs.comment;
    expect(job.permissions).toEqual({ actions: 'read', 'pull-requests': 'write' });
    expect(job.steps.map((step) => step.uses?.split('@')[0] ?? 'run')).toEqual(['actions/download-artifact', 'run']);
    expect(job.steps[0]?.with).toMatchObject({ 'run-id': '${{ github.event.workflow_run.id }}', 'github-token': '${{ github.token }}' });
    const script = job.steps[1]?.run ?? '';
    expect(script).toContain('[[ "$pr" =~ ^[0-9]{1,10}$ ]]');
    expect(script).toContain('-gt 65536');
    expect(script).toContain(`--jq '${OWN_COMMENT_FILTER}'`);
    expect(OWN_COMMENT_FILTER).toContain('.user.login == "github-actions[bot]"');
    expect(script).not.toMatch(/(?:^|\s)(?:source|\.|bash|sh|eval) "?\$dir/m);
    expect(script).not.toContain('--edit-last');
  });

  it('are the ones docs/ci.md shows, and the README shows none but points there', async () => {
    const { root } = await initIn(NPM_SITE);
    const shown = await exampleWorkflows();
    for (const [file, text] of shown) expect(await readFile(path.join(root, file), 'utf8'), file).toBe(text);
    const doc = await readFile(path.join(REPOSITORY, 'docs', 'ci.md'), 'utf8');
    for (const [file, text] of shown) expect(doc, `${file}: run npm run docs:ci`).toContain(`<!-- ${file} -->\n\`\`\`yaml\n${text}\`\`\`\n`);
    const readme = await readFile(path.join(REPOSITORY, 'README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('## Running it in CI'), readme.indexOf('\n## ', readme.indexOf('## Running it in CI') + 3));
    expect(section).toContain('docs/ci.md');
    expect(section).not.toContain('```yaml');
  });
});

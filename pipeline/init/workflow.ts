/**
 * The GitHub Actions workflow `ask init` writes, as data (written with the `yaml` package, so it
 * always parses): the README's "Running it in CI" workflow for the repository's own folders.
 *
 * - On a pull request that touches the content (or the generator config): build the digest,
 *   comment `ask digest diff` on the pull request, commit the digest to its branch; then fail
 *   when the base's search checks lost more than 0.02 of MRR@6, or one the base answered in the
 *   top 6 is not answered now, unless the pull request carries the label `search-change-accepted`
 *   (which also passes `--allow-lost` to the diff).
 * - On a push to the default branch that touches the content, the config or the digest:
 *   `ask digest check`, which fails when someone forgot to rebuild.
 */
import { Document } from 'yaml';
import type { AskInstall } from './installer.ts';
import { commandLine, shellWord } from './shell-words.ts';

/** Where the workflow file goes, relative to the repository root. */
export const WORKFLOW_FILE = '.github/workflows/ask-digest.yml';

export interface WorkflowPlan {
  /** The folder the commands run in, relative to the repository root (`/` separators); `''` for the root. */
  readonly workingDir: string;
  /** The content folder, relative to the working folder (`.` for itself). */
  readonly content: string;
  /** The digest folder, relative to the working folder. */
  readonly out: string;
  /** Repository-relative paths whose change triggers a build: the content folder's glob, the generator config. */
  readonly sources: readonly string[];
  /** The digest folder's glob, relative to the repository root. */
  readonly outGlob: string;
  /** `--config FILE` or `--generator G` when the build must be told the generator; else none. */
  readonly generatorArgs: readonly string[];
  /** `--site-url`, when the config states it. */
  readonly siteUrl: string | null;
  /** `--exclude` globs (relative to the content folder): the digest itself when it sits inside the content. */
  readonly exclude: readonly string[];
  readonly install: AskInstall;
}

type Step = Readonly<Record<string, unknown>>;

/** The arguments of `ask digest build` for this repository, the same in CI and on the author's machine. */
export function digestBuildArgs(plan: WorkflowPlan): string[] {
  return [
    '--content',
    plan.content,
    '--out',
    plan.out,
    ...plan.generatorArgs,
    ...(plan.siteUrl === null ? [] : ['--site-url', plan.siteUrl]),
    ...plan.exclude.flatMap((glob) => ['--exclude', glob]),
  ];
}

/** Checkout, Node 20 and the repository's install. */
function setupSteps(plan: WorkflowPlan, checkout: Step | null): Step[] {
  const lockfile = plan.install.npmLockfile;
  const cache = lockfile === null ? {} : { cache: 'npm', ...(lockfile.includes('/') ? { 'cache-dependency-path': lockfile } : {}) };
  return [
    { uses: 'actions/checkout@v4', ...(checkout === null ? {} : { with: checkout }) },
    { uses: 'actions/setup-node@v4', with: { 'node-version': 20, ...cache } },
    ...plan.install.installCommands.map((run) => ({ run })),
  ];
}

/** The MRR@6 drop of the committed search checks the pull request's job lets through. */
const SEARCH_DROP_ALLOWED = '0.02';
/** The pull-request label with which a team accepts a larger drop. */
export const ACCEPT_LABEL = 'search-change-accepted';
/** Whether the pull request carries the label, as a workflow expression. */
const LABELLED = `contains(github.event.pull_request.labels.*.name, '${ACCEPT_LABEL}')`;

/** The pull request's job: build, comment the diff, commit the digest, then fail on a drop of search the team did not accept. */
function digestJob(plan: WorkflowPlan): Step {
  const ask = plan.install.workflowAsk;
  const diffFile = '"$RUNNER_TEMP/digest-diff.md"';
  const comment = `gh pr comment \${{ github.event.pull_request.number }} --body-file ${diffFile}`;
  return {
    if: "github.event_name == 'pull_request'",
    'runs-on': 'ubuntu-latest',
    permissions: { contents: 'write', 'pull-requests': 'write' },
    steps: [
      ...setupSteps(plan, { ref: '${{ github.head_ref }}', 'fetch-depth': 0 }),
      { run: commandLine(ask, ['digest', 'build', ...digestBuildArgs(plan)]), env: { ANTHROPIC_API_KEY: '${{ secrets.ANTHROPIC_API_KEY }}' } },
      {
        id: 'diff',
        // a drop of search quality is recorded, not fatal yet: the diff is still commented and the digest committed
        // the label accepts checks lost on purpose (a page retired) as it accepts the drop
        run: `${commandLine(ask, ['digest', 'diff', '--out', plan.out, '--content', plan.content, '--fail-below', SEARCH_DROP_ALLOWED])} --base origin/\${{ github.base_ref }} \${{ ${LABELLED} && '--allow-lost' || '' }} > ${diffFile} || echo "search=worse" >> "$GITHUB_OUTPUT"`,
      },
      { run: `${comment} --edit-last || ${comment}`, env: { GH_TOKEN: '${{ github.token }}' } },
      {
        run: [
          `git add ${shellWord(plan.out)}`,
          'git -c user.name=docs-bot -c user.email=docs-bot@users.noreply.github.com commit -m "Rebuild the docs digest" || echo "digest unchanged"',
          'git push',
          '',
        ].join('\n'),
      },
      {
        if: `steps.diff.outputs.search == 'worse' && !${LABELLED}`,
        run: `echo "Search got worse: see the Search part of the digest diff. Mend the checks or the pages, or add the label ${ACCEPT_LABEL} to accept it." && exit 1`,
      },
    ],
  };
}

/** The default branch's job: fail when the committed digest is stale. */
function checkJob(plan: WorkflowPlan): Step {
  return {
    if: "github.event_name == 'push' && github.ref == format('refs/heads/{0}', github.event.repository.default_branch)",
    'runs-on': 'ubuntu-latest',
    steps: [...setupSteps(plan, null), { run: commandLine(plan.install.workflowAsk, ['digest', 'check', '--content', plan.content, '--out', plan.out]) }],
  };
}

/** The workflow as data. */
function digestWorkflow(plan: WorkflowPlan): Record<string, unknown> {
  return {
    name: 'docs digest',
    on: {
      pull_request: { paths: [...plan.sources] },
      push: { paths: [...plan.sources, plan.outGlob] },
    },
    ...(plan.workingDir === '' ? {} : { defaults: { run: { 'working-directory': plan.workingDir } } }),
    jobs: { digest: digestJob(plan), check: checkJob(plan) },
  };
}

/** The workflow file's text. */
export function workflowText(plan: WorkflowPlan): string {
  const document = new Document(digestWorkflow(plan));
  document.commentBefore = ' Written by `ask init`: rebuilds the docs digest on pull requests, checks it on the default branch.';
  return document.toString({ lineWidth: 0 });
}

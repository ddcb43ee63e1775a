/**
 * The pull request's job, unprivileged (`contents: read`; in a pull request from a fork GitHub
 * gives it no secrets and a read-only token whatever the workflow asks): check out the pull
 * request's head commit (fetched by SHA, so a fork's commit is found too), build the digest,
 * diff it against the commit the pull request branched from, write the full diff to the job
 * summary (cut at GitHub's 1 MiB) and upload the diff (the comment, capped at 65,536 characters,
 * the full diff, the pull request's number) and the digest as artifacts; the comment itself is
 * posted by the comment workflow, the digest committed by the commit job. Then the search gate:
 * fail when the base's search checks lost more than 0.02 of MRR@6 (or one the base answered in
 * the top 6), unless the pull request carries the label, which also passes `--allow-lost`.
 */
import { GITHUB_COMMENT_CHARS } from '../cli/digest-diff-comment.ts';
import { uses } from './actions.ts';
import type { WorkflowPlan } from './plan.ts';
import { jobDefaults, MODEL_KEY_ENV, setupSteps } from './workflow-setup.ts';
import { expr, script, type Job } from './workflow-parts.ts';
import { ACCEPT_LABEL, DIFF_ARTIFACT, DIGEST_ARTIFACT, SEARCH_DROP_ALLOWED } from './workflow-names.ts';

/** Whether the pull request carries the label, as an expression. */
const LABELLED = `contains(github.event.pull_request.labels.*.name, '${ACCEPT_LABEL}')`;

/** GitHub's cap on one step's summary (1 MiB), less room for the line that says it was cut. */
const SUMMARY_BYTES = 1_000_000;

/** The folder of the diff artifact on the runner, as the scripts name it. */
const DIFF_DIR = `"$RUNNER_TEMP/${DIFF_ARTIFACT}"`;

function diffScript(plan: WorkflowPlan): string {
  return script([
    `out=${DIFF_DIR}`,
    'mkdir -p "$out"',
    `printf '%s\\n' "$PR_NUMBER" > "$out/pr-number"`,
    '# what this pull request changes: against the commit it branched from',
    'base=$(git merge-base "origin/$BASE_REF" HEAD)',
    'run="$GITHUB_SERVER_URL/$GITHUB_REPOSITORY/actions/runs/$GITHUB_RUN_ID"',
    `flags=(--base "$base" --fail-below ${SEARCH_DROP_ALLOWED} --comment-out "$out/comment.md" --max-chars ${GITHUB_COMMENT_CHARS} --full-diff-at "the job summary and the ${DIFF_ARTIFACT} artifact of [the workflow run]($run)")`,
    '# the label accepts checks lost on purpose (a page retired) as it accepts the drop',
    'if [ "$ACCEPTED" = true ]; then flags+=(--allow-lost); fi',
    'status=0',
    `${plan.ask} digest diff "\${flags[@]}" > "$out/diff.md" || status=$?`,
    '# 1 with the comment written: the search gate failed; the last step fails the job, once the diff is uploaded',
    'if [ "$status" -eq 1 ] && [ -s "$out/comment.md" ]; then',
    '  echo "search=worse" >> "$GITHUB_OUTPUT"',
    'elif [ "$status" -ne 0 ]; then',
    '  exit "$status"',
    'fi',
  ]);
}

function summaryScript(): string {
  return script([
    `dir=${DIFF_DIR}`,
    'diff="$dir/diff.md"',
    `limit=${SUMMARY_BYTES}`,
    'if [ "$(wc -c < "$diff")" -le "$limit" ]; then',
    '  cat "$diff"',
    'else',
    '  head -c "$limit" "$diff"',
    `  printf '\\n\\n_The diff is cut here: a job summary holds 1 MiB. The whole diff is diff.md in the ${DIFF_ARTIFACT} artifact._\\n'`,
    'fi >> "$GITHUB_STEP_SUMMARY"',
  ]);
}

export function reviewJob(plan: WorkflowPlan, condition: string): Job {
  return {
    name: 'Build and diff the digest',
    if: condition,
    'runs-on': 'ubuntu-latest',
    permissions: { contents: 'read' },
    ...jobDefaults(plan),
    outputs: { 'digest-artifact': expr('steps.digest-artifact.outputs.artifact-id') },
    steps: [
      ...setupSteps(plan, { ref: expr('github.event.pull_request.head.sha'), 'fetch-depth': 0, 'persist-credentials': false }),
      { name: 'Build the digest', run: `${plan.ask} digest build`, env: MODEL_KEY_ENV },
      {
        name: 'Diff the digest',
        id: 'diff',
        run: diffScript(plan),
        env: { BASE_REF: expr('github.event.pull_request.base.ref'), PR_NUMBER: expr('github.event.pull_request.number'), ACCEPTED: expr(LABELLED) },
      },
      { name: 'Write the diff to the job summary', run: summaryScript() },
      { name: 'Upload the diff', uses: uses('uploadArtifact'), with: { name: DIFF_ARTIFACT, path: `${expr('runner.temp')}/${DIFF_ARTIFACT}/`, 'retention-days': 14 } },
      {
        name: 'Upload the digest',
        id: 'digest-artifact',
        if: 'github.event.pull_request.head.repo.full_name == github.repository',
        uses: uses('uploadArtifact'),
        with: { name: DIGEST_ARTIFACT, path: `${plan.digest}/`, 'include-hidden-files': true, 'retention-days': 1 },
      },
      {
        name: 'Search gate',
        if: `steps.diff.outputs.search == 'worse' && !${LABELLED}`,
        run: `echo "::error::Search got worse: see the Search part of the digest diff. Mend the checks or the pages, or add the label ${ACCEPT_LABEL} to accept it." && exit 1`,
      },
    ],
  };
}

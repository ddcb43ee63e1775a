/**
 * The default branch's job, on a push: when the committed digest no longer matches the docs (a
 * pull request merged without its digest: from a fork, or without the token secret), rebuild it
 * and bring it back through a pull request from the fixed branch `ask-digest/update` (force-pushed,
 * so one pull request stays open and follows the branch). With `ASK_DIGEST_TOKEN` the push and the
 * pull request are the token's, and its checks run; with `GITHUB_TOKEN` alone GitHub starts no
 * workflow for them (and the repository must allow Actions to create pull requests).
 */
import type { WorkflowPlan } from './plan.ts';
import { COMMITTER } from './commit-job.ts';
import { jobDefaults, MODEL_KEY_ENV, setupSteps } from './workflow-setup.ts';
import { expr, script, type Job } from './workflow-parts.ts';
import { FOLLOW_UP_BRANCH, TOKEN_SECRET } from './workflow-names.ts';

/** The token of the follow-up: the secret's when there is one, else the job's own. */
const PUSH_TOKEN = expr(`secrets.${TOKEN_SECRET} || github.token`);

/** The filter that prints the number of the open follow-up pull request (none: nothing). */
export const OPEN_PULL_FILTER = '.[].number';

function checkScript(plan: WorkflowPlan): string {
  return script([
    'status=0',
    `${plan.ask} digest check || status=$?`,
    'case "$status" in',
    '  0) echo "stale=false" >> "$GITHUB_OUTPUT" ;;',
    '  1) echo "stale=true" >> "$GITHUB_OUTPUT" ;;',
    '  *) exit "$status" ;;',
    'esac',
  ]);
}

function followUpScript(): string {
  const body = `The docs changed on $BASE without their digest. This is the digest rebuilt at $GITHUB_SHA. Opened with GITHUB_TOKEN, it starts no workflow run: add the ${TOKEN_SECRET} secret to get its checks (and the digest committed to pull requests' branches).`;
  return script([
    `branch=${FOLLOW_UP_BRANCH}`,
    'git add -A -- "$DIGEST"',
    'if git diff --cached --quiet; then',
    '  echo "The digest is up to date."',
    '  exit 0',
    'fi',
    `git ${COMMITTER} commit -q -m "Rebuild the docs digest"`,
    'git push --force origin "HEAD:refs/heads/$branch"',
    `open=$(gh pr list --repo "$GITHUB_REPOSITORY" --head "$branch" --base "$BASE" --state open --json number --jq '${OPEN_PULL_FILTER}')`,
    'if [ -n "$open" ]; then',
    '  echo "Updated the digest pull request #$open."',
    'else',
    `  gh pr create --repo "$GITHUB_REPOSITORY" --base "$BASE" --head "$branch" --title "Rebuild the docs digest" --body "${body}"`,
    'fi',
  ]);
}

export function publishJob(plan: WorkflowPlan): Job {
  return {
    name: 'Keep the digest current',
    if: "github.event_name == 'push'",
    'runs-on': 'ubuntu-latest',
    permissions: { contents: 'write', 'pull-requests': 'write' },
    ...jobDefaults(plan),
    steps: [
      ...setupSteps(plan, { token: PUSH_TOKEN }),
      { name: 'Check the digest', id: 'check', run: checkScript(plan) },
      { name: 'Rebuild the digest', if: "steps.check.outputs.stale == 'true'", run: `${plan.ask} digest build`, env: MODEL_KEY_ENV },
      {
        name: 'Open or update the digest pull request',
        if: "steps.check.outputs.stale == 'true'",
        run: followUpScript(),
        env: { GH_TOKEN: PUSH_TOKEN, BASE: expr('github.ref_name'), DIGEST: plan.digestFromWorkingDir },
      },
    ],
  };
}

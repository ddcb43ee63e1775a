/**
 * The job that commits the digest to a pull request's branch: only for a branch of this
 * repository, and only with the `ASK_DIGEST_TOKEN` secret, whose push (unlike one made with
 * `GITHUB_TOKEN`) starts the workflows again, so the new head commit gets its required checks. It
 * runs no code of the pull request: it checks the branch out, puts the digest the review job built
 * (its artifact) in place of the folder, commits and pushes. Without the secret it says so and
 * does nothing: the digest reaches the default branch through the follow-up pull request.
 */
import { uses } from './actions.ts';
import type { WorkflowPlan } from './plan.ts';
import { expr, script, type Job } from './workflow-parts.ts';
import { DIGEST_ARTIFACT, FOLLOW_UP_BRANCH, TOKEN_SECRET } from './workflow-names.ts';

/** The identity of the digest commits. */
export const COMMITTER = ['-c', 'user.name=ask-digest', '-c', 'user.email=ask-digest@users.noreply.github.com'].join(' ');

const HAS_TOKEN = "steps.token.outputs.present == 'true'";

function tokenScript(): string {
  return script([
    `if [ -n "$${TOKEN_SECRET}" ]; then`,
    '  echo "present=true" >> "$GITHUB_OUTPUT"',
    'else',
    `  echo "No ${TOKEN_SECRET} secret: the digest is not committed to this branch; once merged, the push to the default branch opens a pull request (${FOLLOW_UP_BRANCH}) with it."`,
    'fi',
  ]);
}

function commitScript(): string {
  return script([
    'if [ "$(git rev-parse HEAD)" != "$HEAD_SHA" ]; then',
    '  echo "$HEAD_REF has moved on since this run began: the run of its new head commits the digest."',
    '  exit 0',
    'fi',
    'rm -rf -- "$DIGEST"',
    'mkdir -p -- "$DIGEST"',
    'cp -R -- "$RUNNER_TEMP/ask-digest/." "$DIGEST/"',
    'git add -A -- "$DIGEST"',
    'if git diff --cached --quiet; then',
    '  echo "The digest on $HEAD_REF is up to date."',
    '  exit 0',
    'fi',
    `git ${COMMITTER} commit -q -m "Rebuild the docs digest"`,
    'git push origin "HEAD:refs/heads/$HEAD_REF"',
  ]);
}

export function commitJob(plan: WorkflowPlan, review: string): Job {
  return {
    name: 'Commit the digest to the branch',
    needs: review,
    // after the review job even when its search gate failed: the digest is committed, the gate still fails the pull request
    if: `github.event.pull_request.head.repo.full_name == github.repository && needs.${review}.outputs.digest-artifact != '' && !cancelled()`,
    'runs-on': 'ubuntu-latest',
    permissions: { contents: 'read' },
    steps: [
      { name: `Look for ${TOKEN_SECRET}`, id: 'token', run: tokenScript(), env: { [TOKEN_SECRET]: expr(`secrets.${TOKEN_SECRET}`) } },
      { name: 'Check out the branch', if: HAS_TOKEN, uses: uses('checkout'), with: { ref: expr('github.head_ref'), token: expr(`secrets.${TOKEN_SECRET}`) } },
      { name: 'Download the digest', if: HAS_TOKEN, uses: uses('downloadArtifact'), with: { name: DIGEST_ARTIFACT, path: `${expr('runner.temp')}/ask-digest` } },
      {
        name: 'Commit and push the digest',
        if: HAS_TOKEN,
        run: commitScript(),
        env: { HEAD_REF: expr('github.head_ref'), HEAD_SHA: expr('github.event.pull_request.head.sha'), DIGEST: plan.digest },
      },
    ],
  };
}

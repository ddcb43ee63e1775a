/**
 * The comment workflow (`.github/workflows/ask-digest-comment.yml`): on `workflow_run` of the
 * digest workflow, in the base repository's context (a token that may comment, even for a pull
 * request from a fork), it never checks out nor runs the pull request's code. It downloads the
 * review job's diff artifact and treats it as data: the pull request's number must be digits,
 * the comment at most 65,536 characters and opening with the marker, and the pull request's
 * head, asked of the API, must be the commit the run built (else the pull request moved on and
 * its newer run comments). Then the one comment of `github-actions[bot]` that opens with the
 * marker is updated in place, or created. GitHub runs a `workflow_run` workflow only from the
 * default branch.
 */
import { COMMENT_MARKER, GITHUB_COMMENT_CHARS } from '../cli/digest-diff-comment.ts';
import { uses } from './actions.ts';
import { expr, script } from './workflow-parts.ts';
import { BOT_LOGIN, COMMENT_WORKFLOW_NAME, DIFF_ARTIFACT, WORKFLOW_NAME } from './workflow-names.ts';

/** The filter that prints the pull request's head commit. */
export const HEAD_SHA_FILTER = '.head.sha';
/** The filter that prints the id of the bot's own digest comment, one a line. */
export const OWN_COMMENT_FILTER = `.[] | select(.user.login == "${BOT_LOGIN}" and (.body | startswith("${COMMENT_MARKER}"))) | .id`;

function commentScript(): string {
  return script([
    `dir="$RUNNER_TEMP/${DIFF_ARTIFACT}"`,
    'body="$dir/comment.md"',
    '# the artifact comes from the pull request\'s run: data to check, never to run',
    'pr=$(head -c 32 "$dir/pr-number" | tr -d \'\\n\')',
    'if ! [[ "$pr" =~ ^[0-9]{1,10}$ ]]; then echo "::error::pr-number is not a pull request number"; exit 1; fi',
    'if [ ! -f "$body" ] || [ -L "$body" ]; then echo "::error::no comment.md in the artifact"; exit 1; fi',
    'chars=$(LC_ALL=C.UTF-8 wc -m < "$body")',
    `if [ "$chars" -gt ${GITHUB_COMMENT_CHARS} ]; then echo "::error::comment.md has $chars characters, more than a comment takes"; exit 1; fi`,
    'IFS= read -r first < "$body" || true',
    `if [ "$first" != '${COMMENT_MARKER}' ]; then echo "::error::comment.md does not open with the digest comment's marker"; exit 1; fi`,
    `prHead=$(gh api "repos/$GITHUB_REPOSITORY/pulls/$pr" --jq '${HEAD_SHA_FILTER}')`,
    'if [ "$prHead" != "$HEAD_SHA" ]; then',
    '  echo "Pull request #$pr has moved on from $HEAD_SHA: its newer run comments."',
    '  exit 0',
    'fi',
    `ids=$(gh api --paginate "repos/$GITHUB_REPOSITORY/issues/$pr/comments" --jq '${OWN_COMMENT_FILTER}')`,
    'id=${ids%%$\'\\n\'*}',
    'if [ -n "$id" ]; then',
    '  gh api --method PATCH "repos/$GITHUB_REPOSITORY/issues/comments/$id" -F "body=@$body" > /dev/null',
    '  echo "Updated the digest comment on #$pr."',
    'else',
    '  gh api --method POST "repos/$GITHUB_REPOSITORY/issues/$pr/comments" -F "body=@$body" > /dev/null',
    '  echo "Commented the digest diff on #$pr."',
    'fi',
  ]);
}

export function commentWorkflow(): Record<string, unknown> {
  return {
    name: COMMENT_WORKFLOW_NAME,
    on: { workflow_run: { workflows: [WORKFLOW_NAME], types: ['completed'] } },
    permissions: {},
    concurrency: { group: `ask-digest-comment-${expr('github.event.workflow_run.head_repository.full_name')}-${expr('github.event.workflow_run.head_branch')}`, 'cancel-in-progress': false },
    defaults: { run: { shell: 'bash' } },
    jobs: {
      comment: {
        name: 'Comment the digest diff',
        if: "github.event.workflow_run.event == 'pull_request' && github.event.workflow_run.conclusion != 'cancelled' && github.event.workflow_run.conclusion != 'skipped'",
        'runs-on': 'ubuntu-latest',
        permissions: { actions: 'read', 'pull-requests': 'write' },
        steps: [
          {
            name: 'Download the diff',
            id: 'download',
            uses: uses('downloadArtifact'),
            // no artifact (the run stopped before its upload): nothing to comment
            'continue-on-error': true,
            with: { name: DIFF_ARTIFACT, path: `${expr('runner.temp')}/${DIFF_ARTIFACT}`, 'run-id': expr('github.event.workflow_run.id'), 'github-token': expr('github.token') },
          },
          {
            name: 'Comment on the pull request',
            if: "steps.download.outcome == 'success'",
            run: commentScript(),
            env: { GH_TOKEN: expr('github.token'), HEAD_SHA: expr('github.event.workflow_run.head_sha') },
          },
        ],
      },
    },
  };
}

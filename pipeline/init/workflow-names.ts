/**
 * The names the two workflows `ask init` writes share with each other, with the pull requests
 * and with the documentation (docs/ci.md): files, artifacts, the label, the secret, the branch.
 */

/** The workflow that builds the digest (pull requests) and keeps the default branch's current (pushes). */
export const WORKFLOW_FILE = '.github/workflows/ask-digest.yml';
export const WORKFLOW_NAME = 'docs digest';

/** The workflow that comments the digest diff on the pull request, on `workflow_run` of the first. */
export const COMMENT_WORKFLOW_FILE = '.github/workflows/ask-digest-comment.yml';
export const COMMENT_WORKFLOW_NAME = 'docs digest comment';

/** The pull request's diff, as data for the comment workflow: `pr-number`, `comment.md`, `diff.md`. */
export const DIFF_ARTIFACT = 'ask-digest-diff';
/** The digest the pull request's job built, for the job that commits it to the pull request's branch. */
export const DIGEST_ARTIFACT = 'ask-digest';

/** The pull-request label with which a team accepts a drop of search quality (and lost checks). */
export const ACCEPT_LABEL = 'search-change-accepted';

/** The repository secret whose token pushes the digest so that the push starts workflows (a fine-grained PAT or an app's token, contents: write). */
export const TOKEN_SECRET = 'ASK_DIGEST_TOKEN';

/** The fixed branch of the follow-up pull request that brings a rebuilt digest to the default branch. */
export const FOLLOW_UP_BRANCH = 'ask-digest/update';

/** Who `GITHUB_TOKEN` comments as: the comment workflow updates only its own comment. */
export const BOT_LOGIN = 'github-actions[bot]';

/** The MRR@6 drop of the base's search checks a pull request may bring without the label. */
export const SEARCH_DROP_ALLOWED = '0.02';

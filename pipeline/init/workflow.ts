/**
 * The digest workflow `ask init` writes (`.github/workflows/ask-digest.yml`), as data: on a pull
 * request that touches what the digest is built from, the review job (build, diff, artifacts,
 * search gate) and the commit job (the digest onto a branch of this repository, with the token
 * secret); on a push to the default branch, the publish job (a stale digest rebuilt and brought
 * back by a follow-up pull request). The comment is the comment workflow's
 * (`comment-workflow.ts`). One run per pull request at a time: a new push cancels the run in
 * progress; a label other than the accepting one neither runs the jobs nor cancels anything.
 */
import { commitJob } from './commit-job.ts';
import type { WorkflowPlan } from './plan.ts';
import { publishJob } from './publish-job.ts';
import { reviewJob } from './review-job.ts';
import { expr } from './workflow-parts.ts';
import { ACCEPT_LABEL, WORKFLOW_NAME } from './workflow-names.ts';

/** The job ids, as the other jobs and the harness name them. */
const JOBS = { review: 'digest', commit: 'commit', publish: 'publish' } as const;

/** A labelled or unlabelled event for another label than the accepting one: nothing to rebuild. */
const OTHER_LABEL = `(github.event.action == 'labeled' || github.event.action == 'unlabeled') && github.event.label.name != '${ACCEPT_LABEL}'`;

export function digestWorkflow(plan: WorkflowPlan): Record<string, unknown> {
  const paths = [...plan.triggers];
  return {
    name: WORKFLOW_NAME,
    on: {
      // labeled and unlabeled: adding or removing the accepting label reruns the gate
      pull_request: { types: ['opened', 'synchronize', 'reopened', 'labeled', 'unlabeled'], paths },
      push: { branches: [plan.defaultBranch], paths },
    },
    permissions: {},
    concurrency: {
      group: `ask-digest-${expr('github.event.pull_request.number || github.ref')}${expr(`${OTHER_LABEL} && format('-{0}', github.run_id) || ''`)}`,
      'cancel-in-progress': true,
    },
    defaults: { run: { shell: 'bash' } },
    jobs: {
      [JOBS.review]: reviewJob(plan, `github.event_name == 'pull_request' && !(${OTHER_LABEL})`),
      [JOBS.commit]: commitJob(plan, JOBS.review),
      [JOBS.publish]: publishJob(plan),
    },
  };
}

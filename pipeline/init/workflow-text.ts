/**
 * The workflow files' text: the workflow as data through the `yaml` package (so it always
 * parses), a header saying what wrote it, and each pinned action's release as a comment beside
 * its SHA (`uses: actions/checkout@<sha> # v6.0.2`).
 */
import { Document, isPair, isScalar, visit } from 'yaml';
import { releaseOf } from './actions.ts';
import { commentWorkflow } from './comment-workflow.ts';
import type { WorkflowPlan } from './plan.ts';
import { digestWorkflow } from './workflow.ts';
import { COMMENT_WORKFLOW_FILE, WORKFLOW_FILE } from './workflow-names.ts';

function yamlText(workflow: Record<string, unknown>, header: string): string {
  const document = new Document(workflow, { aliasDuplicateObjects: false });
  visit(document, {
    Pair(_, pair) {
      if (!isPair(pair) || !isScalar(pair.key) || pair.key.value !== 'uses' || !isScalar(pair.value)) return;
      const release = typeof pair.value.value === 'string' ? releaseOf(pair.value.value) : undefined;
      if (release !== undefined) pair.value.comment = ` ${release}`;
    },
  });
  document.commentBefore = header;
  return document.toString({ lineWidth: 0 });
}

/** Each file `ask init` writes under `.github/workflows/` (relative to the root) with its text. */
export function workflowFiles(plan: WorkflowPlan): readonly (readonly [file: string, text: string])[] {
  return [
    [WORKFLOW_FILE, yamlText(digestWorkflow(plan), ' Written by `ask init`: builds the docs digest of each pull request and keeps the default branch\'s current.\n See docs/ci.md of ask-docs: the jobs, forks, the tokens and the secrets to add.')],
    [COMMENT_WORKFLOW_FILE, yamlText(commentWorkflow(), ' Written by `ask init`: comments the digest diff the docs digest workflow built on its pull request.\n It runs from the default branch and never runs the pull request\'s code (docs/ci.md of ask-docs).')],
  ];
}

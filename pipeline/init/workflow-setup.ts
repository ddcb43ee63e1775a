/**
 * The steps every job that runs ask starts with: the checkout (its inputs the job's), Node at the
 * current LTS (npm's cache when npm's lockfile is there), the package manager (corepack for pnpm
 * and Yarn, Bun's own setup), the install, and the build's cache `.ask-cache/` (model answers by
 * section hash: a rebuild asks the model only for what changed since the cached build).
 */
import { NODE_VERSION, uses } from './actions.ts';
import type { WorkflowPlan } from './plan.ts';
import { expr, type Step } from './workflow-parts.ts';

function nodeStep(plan: WorkflowPlan): Step {
  const lockfile = plan.install.npmLockfile;
  const cache = lockfile === null ? {} : { cache: 'npm', 'cache-dependency-path': lockfile };
  return { name: 'Set up Node.js', uses: uses('setupNode'), with: { 'node-version': NODE_VERSION, ...cache } };
}

function managerSteps(plan: WorkflowPlan): Step[] {
  const where = plan.install.directory === null ? {} : { 'working-directory': plan.install.directory === '' ? '.' : plan.install.directory };
  const install = { name: 'Install ask', run: plan.install.command, ...where };
  switch (plan.install.setup) {
    case 'none':
      return [install];
    case 'corepack':
      return [{ name: 'Enable corepack', run: 'corepack enable' }, install];
    case 'bun':
      return [{ name: 'Set up Bun', uses: uses('setupBun') }, install];
  }
}

function cacheStep(plan: WorkflowPlan): Step {
  return {
    name: 'Cache the build',
    uses: uses('cache'),
    with: { path: plan.cacheDir, key: `ask-cache-${expr('runner.os')}-${expr('github.run_id')}`, 'restore-keys': `ask-cache-${expr('runner.os')}-` },
  };
}

/** The checkout with `checkout` as its inputs, then Node, the install and the cache. */
export function setupSteps(plan: WorkflowPlan, checkout: Readonly<Record<string, unknown>>): Step[] {
  return [{ name: 'Check out', uses: uses('checkout'), with: checkout }, nodeStep(plan), ...managerSteps(plan), cacheStep(plan)];
}

/** The model's key, for the steps that build (absent in a pull request from a fork: the offline distiller builds). */
export const MODEL_KEY_ENV = { ANTHROPIC_API_KEY: expr('secrets.ANTHROPIC_API_KEY') };

/** The `defaults` of a job whose `run:` steps work in the plan's folder (after the checkout). */
export function jobDefaults(plan: WorkflowPlan): Readonly<Record<string, unknown>> {
  return plan.workingDir === '' ? {} : { defaults: { run: { 'working-directory': plan.workingDir } } };
}

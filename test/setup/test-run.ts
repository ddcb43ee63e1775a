// vitest globalSetup: one id for this test run, shared by every worker through the environment,
// so work done once per run (packing the package: test/support/packed-package.ts) is found by
// the files that need it; that work is removed when the run ends.
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';

export function setup(): () => Promise<void> {
  const run = randomUUID().slice(0, 8);
  process.env.ASK_TEST_RUN = run;
  return () => rm(path.join(import.meta.dirname, '..', '..', '.test-work', `run-${run}`), { recursive: true, force: true });
}

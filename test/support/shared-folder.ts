/**
 * The real documentation sets of `../shared/eval` beside the repository, which some tests read.
 * A clone alone has no such folder: those tests then skip, and say which folder they looked for,
 * so `npm test` passes on a fresh clone and everything else still runs.
 */
import { existsSync } from 'node:fs';
import { it } from 'vitest';
import { REAL_DOCS_DIR } from '../../scripts/bench/real-corpora.ts';

/** The absolute folder, resolved from this checkout at run time. */
export const SHARED_EVAL_DIR: string = REAL_DOCS_DIR;

/** Whether the folder is there. */
export const SHARED_EVAL_PRESENT: boolean = existsSync(SHARED_EVAL_DIR);

/**
 * When the folder is missing, one warning line and one skipped test, both naming the folder (so
 * the file still has a suite). Call it once at the top level of every test file that needs the
 * folder, and wrap the file's suites in `describe.skipIf(!SHARED_EVAL_PRESENT)`.
 */
export function noteMissingSharedEval(): void {
  if (SHARED_EVAL_PRESENT) return;
  const line = `skipped: needs ${SHARED_EVAL_DIR}, which is missing`;
  console.warn(line);
  it.skip(line, () => undefined);
}

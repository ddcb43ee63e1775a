import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The test files that take longest, slowest first (seconds each in a CI run of two workers:
 * astro 119, database template 110, large edge site 95, incremental 83, eval sites 73, crawl 57,
 * hosts 52, workers 46, starlight 41, tarball 36). A fresh clone has no timings of earlier runs,
 * and vitest then starts larger files first, which left the longest of these to start last and
 * one worker idle at the end (about 115 s of 748). Starting them first keeps both workers busy.
 */
const SLOWEST = [
  'test/adapters/astro.test.ts',
  'test/platform/database-template.test.ts',
  'test/edge/large-site.test.ts',
  'test/compile/incremental.test.ts',
  // the digest workflows run in the harness (about 90 s: the tarball's first offline npm ci, four repositories)
  'test/cli/workflow.test.ts',
  'test/browser/eval-sites.test.ts',
  'test/adapters/demo-site-crawl.test.ts',
  'test/docs/hosts.test.ts',
  'test/compile/workers.test.ts',
  'test/adapters/starlight.test.ts',
  'test/package/tarball.test.ts',
];

function rankOf(file: TestSpecification): number {
  const at = SLOWEST.findIndex((slow) => file.moduleId.endsWith(slow));
  return at === -1 ? SLOWEST.length : at;
}

/** vitest's order (failed first, then by earlier durations or size), with the slowest files known here moved to the front. */
export default class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    return sorted.map((file, at) => ({ file, at })).sort((a, b) => rankOf(a.file) - rankOf(b.file) || a.at - b.at).map(({ file }) => file);
  }
}

import { defineConfig } from 'vitest/config';
import SlowFirstSequencer from './test/setup/slow-first.ts';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    setupFiles: ['test/setup/fast-check.ts'],
    globalSetup: ['test/setup/test-run.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // two cores here and in CI; a third worker uses the time the others spend waiting on browsers,
    // servers and child processes (a fresh-clone CI run: 863 s with two workers)
    maxWorkers: 3,
    // the slowest files first, so that neither worker is left alone with one at the end
    sequence: { sequencer: SlowFirstSequencer },
  },
});

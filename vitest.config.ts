import { defineConfig } from 'vitest/config';
import SlowFirstSequencer from './test/setup/slow-first.ts';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    setupFiles: ['test/setup/fast-check.ts'],
    globalSetup: ['test/setup/test-run.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // two cores here and in CI: two workers keep the browser and server suites from starving
    maxWorkers: 2,
    // the slowest files first, so that neither worker is left alone with one at the end
    sequence: { sequencer: SlowFirstSequencer },
  },
});

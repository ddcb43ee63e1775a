/**
 * The build's time per phase, for its report (`--verbose`, `--json`). Steps in the build's own
 * thread are timed as they run; where worker threads parse and distil side by side, the wall
 * time of that step is shared among its phases in proportion to the time the workers spent on
 * each, so the phases always add up to the build's elapsed time.
 */
import type { WorkTimes } from './section-work.ts';

export const BUILD_PHASES = ['hash', 'parse', 'distil', 'corpus', 'index', 'write'] as const;
type BuildPhase = (typeof BUILD_PHASES)[number];
export type PhaseTimes = Readonly<Record<BuildPhase, number>>;

export interface PhaseClock {
  /** Runs `step`, adding its wall time to `phase`. */
  time<T>(phase: BuildPhase, step: () => Promise<T>): Promise<T>;
  /** Runs a step whose wall time is shared by parse, distil and index as `spent` says (filled while it runs). */
  timeShared<T>(spent: WorkTimes, step: () => Promise<T>): Promise<T>;
  /** The totals so far, rounded to the millisecond. */
  totals(): PhaseTimes;
}

export function createPhaseClock(now: () => number): PhaseClock {
  const totals: Record<BuildPhase, number> = { hash: 0, parse: 0, distil: 0, corpus: 0, index: 0, write: 0 };
  return {
    async time(phase, step) {
      const started = now();
      try {
        return await step();
      } finally {
        totals[phase] += now() - started;
      }
    },
    async timeShared(spent, step) {
      const started = now();
      const before = { ...spent };
      try {
        return await step();
      } finally {
        const wall = now() - started;
        const shares = { parse: spent.parse - before.parse, distil: spent.distil - before.distil, index: spent.index - before.index };
        const sum = shares.parse + shares.distil + shares.index;
        if (sum <= 0) totals.parse += wall;
        else for (const phase of ['parse', 'distil', 'index'] as const) totals[phase] += (wall * shares[phase]) / sum;
      }
    },
    totals() {
      return Object.fromEntries(BUILD_PHASES.map((phase) => [phase, Math.round(totals[phase])])) as Record<BuildPhase, number>;
    },
  };
}

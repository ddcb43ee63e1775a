/**
 * A full garbage collection between the build's big passes. Each corpus pass (glossary, search
 * tables, suggestions, context) makes hundreds of megabytes of short-lived strings on a large
 * corpus; left alone, V8 grows the heap by a factor of the live data before collecting, which
 * is what set the build's peak memory. Collecting at the pass boundaries keeps the peak near
 * the live data. `gc` is reached by setting V8's `--expose-gc` flag at run time
 * (`v8.setFlagsFromString`, which Node documents as use-with-care: this flag only adds a global)
 * and reading the function from a fresh context; where that is refused, it is a no-op.
 */
import v8 from 'node:v8';
import vm from 'node:vm';

function findCollector(): () => void {
  try {
    v8.setFlagsFromString('--expose-gc');
    const gc: unknown = vm.runInNewContext('gc');
    if (typeof gc === 'function') return () => void (gc as () => unknown)();
  } catch {
    // not available: collecting is only an optimisation
  }
  return () => undefined;
}

let collector: (() => void) | null = null;

/**
 * Collects garbage now (a full, blocking collection: call it between passes, not in loops). The
 * flag is set on the first call, by the build that needs it: importing this module (or the
 * package entry) changes nothing in the process.
 */
export function collectGarbage(): void {
  collector ??= findCollector();
  collector();
}

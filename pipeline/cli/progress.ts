import type { CliIO } from './io.ts';

/**
 * Progress for long work: redraws one stderr line on a terminal, stays silent otherwise (CI).
 * Redraws at most every 100 ms, and always at the end of a stage.
 */
export function progressReporter(io: CliIO): (stage: string, done: number, total: number) => void {
  if (!io.interactive) return () => {};
  let last = 0;
  return (stage, done, total) => {
    const now = Date.now();
    if (done < total && now - last < 100) return;
    last = now;
    process.stderr.write(`\r\u001b[2K${stage} ${done}/${total}${done >= total ? '\n' : ''}`);
  };
}

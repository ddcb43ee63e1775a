/**
 * Work a route starts after deciding its answer and does not wait for: issuing
 * a passcode is done this way so that `otp/request` answers at the same cost
 * whether or not the account exists. Failures are logged (never with the
 * passcode); `settled()` waits for what is running (tests, and shutdown
 * before the database closes).
 */
export class BackgroundWork {
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly log: (line: string) => void) {}

  /** Starts `work` on a later turn of the event loop; `label` names it in a failure's log line. */
  start(label: string, work: () => Promise<void>): void {
    const task: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(work)
      .catch((error: unknown) => {
        // The work's own data (a passcode, an address) is never put in an error by this platform's code.
        this.log(`platform: ${label} failed: ${error instanceof Error ? error.message : String(error)}`);
      })
      .finally(() => this.running.delete(task));
    this.running.add(task);
  }

  /** Resolves once everything started so far (and anything it started) has finished. */
  async settled(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running]);
  }
}

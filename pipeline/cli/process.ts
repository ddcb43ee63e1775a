import type { CliIO } from './io.ts';
import { runCli } from './main.ts';

/**
 * The command line's IO for this process: its streams, environment and folder. Only a command
 * that waits for `stopSignal` (a server) takes SIGINT/SIGTERM over; the others keep the default,
 * so `ask digest build` stops at once even in the middle of a synchronous parse (its write is
 * atomic: the previous digest stays as it was, and the next build clears what was staged).
 */
export function processIO(): CliIO {
  let stopSignal: Promise<void> | null = null;
  return {
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
    env: process.env,
    cwd: process.cwd(),
    // progress redraws its line with an erase sequence: a terminal that can take it, not CI, not TERM=dumb
    interactive: Boolean(process.stderr.isTTY) && !process.env['CI'] && process.env['TERM'] !== 'dumb',
    get stopSignal() {
      stopSignal ??= new Promise<void>((resolve) => {
        process.once('SIGINT', resolve);
        process.once('SIGTERM', resolve);
      });
      return stopSignal;
    },
  };
}

/**
 * A reader that closed this process's stdout (`ask search x | head -1`) has what it wanted: the
 * command ends there, quietly, with status 0; a closed stderr is written no more. Any other
 * stream error is thrown as before.
 */
function endQuietlyOnClosedOutput(): void {
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    process.exit(0);
  });
  process.stderr.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
  });
}

/** Runs the command line of this process and exits with its code. */
export async function main(): Promise<void> {
  endQuietlyOnClosedOutput();
  const code = await runCli(process.argv.slice(2), processIO());
  process.exitCode = code;
  // a server command resolves only after it closed; nothing else keeps the process alive
  if (code !== 0) setImmediate(() => process.exit(code));
}

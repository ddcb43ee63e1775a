import { AskError } from '../errors.ts';

/** The command line's view of the outside world, passed in so commands stay testable. */
export interface CliIO {
  /** Writes one line (no trailing newline needed) to standard output. */
  readonly out: (line: string) => void;
  /** Writes one line to standard error. */
  readonly err: (line: string) => void;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Folder relative paths are resolved against. */
  readonly cwd: string;
  /** True when progress may be drawn (a terminal, not CI). */
  readonly interactive: boolean;
  /** Resolves when the process is asked to stop (SIGINT/SIGTERM); long-running commands await it. */
  readonly stopSignal: Promise<void>;
}

/** A mistake in how the command was called: one line on stderr, exit code 2. */
export class UsageError extends AskError {
  override readonly name = 'UsageError';
  constructor(message: string) {
    super(message, { status: 400, userMessage: message, exitCode: 2 });
  }
}

/** The command was understood but could not do its work: one line on stderr, exit code 1. */
export class CommandFailure extends AskError {
  override readonly name = 'CommandFailure';
  constructor(message: string) {
    super(message, { userMessage: message, exitCode: 1 });
  }
}

/**
 * `--quiet`: a view of `io` that prints nothing and draws no progress. Errors still reach the
 * user: they are thrown, and reported with the command line's own io.
 */
export function quietIO(io: CliIO): CliIO {
  return {
    out: () => {},
    err: () => {},
    env: io.env,
    cwd: io.cwd,
    interactive: false,
    get stopSignal() {
      return io.stopSignal;
    },
  };
}

/** One subcommand: parses its own arguments, returns the exit code. */
export type Command = (argv: readonly string[], io: CliIO) => Promise<number>;

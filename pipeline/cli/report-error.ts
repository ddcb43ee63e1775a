import { AskError } from '../errors.ts';
import type { CliIO } from './io.ts';

/**
 * The command line's one place that turns an error into what its user sees: an AskError's user
 * message (or `ask: <message>` for an internal one) and its exit code; anything else
 * `ask: <message>` and exit code 1.
 */
export function reportError(error: unknown, io: Pick<CliIO, 'err'>): number {
  if (error instanceof AskError) {
    io.err(error.forUser ? error.userMessage : `ask: ${error.message}`);
    return error.exitCode;
  }
  io.err(`ask: ${error instanceof Error ? error.message : String(error)}`);
  return 1;
}

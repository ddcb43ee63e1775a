import { AskError } from '../errors.ts';
import { printable } from '../text/printable.ts';
import type { CliIO } from './io.ts';

/**
 * The command line's one place that turns an error into what its user sees: an AskError's user
 * message (or `ask: <message>` for an internal one) and its exit code; anything else
 * `ask: <message>` and exit code 1. Control characters but line breaks are escaped in what is
 * printed (`printable`); a content error's file name has its line breaks escaped too (`ContentError`).
 */
export function reportError(error: unknown, io: Pick<CliIO, 'err'>): number {
  if (error instanceof AskError) {
    io.err(printable(error.forUser ? error.userMessage : `ask: ${error.message}`, { lines: true }));
    return error.exitCode;
  }
  io.err(printable(`ask: ${error instanceof Error ? error.message : String(error)}`, { lines: true }));
  return 1;
}

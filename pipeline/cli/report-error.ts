import { AskError } from '../errors.ts';
import { redactorOf } from '../runtime/redact.ts';
import { printable } from '../text/printable.ts';
import type { CliIO } from './io.ts';

/** An error class's name before its message (`DigestLoadError: `, `Error: `): internal, never shown. */
const CLASS_NAME = /\b[A-Z][A-Za-z0-9]*(?:Error|Exception): /g;
/** A stack frame line (`    at fn (file:1:2)`), as a message carried from a worker thread may hold. */
const STACK_FRAME = /\n[ \t]+at [^\n]*/g;

/** What the user reads of a message: no class name, no stack frame, no secret of the environment, no control character. */
function userText(message: string, redact: (text: string) => string): string {
  const text = redact(message.replace(STACK_FRAME, '').replace(CLASS_NAME, '')).trim();
  return printable(text, { lines: true });
}

/**
 * The command line's one place that turns an error into what its user sees: an AskError's user
 * message (or `ask: <message>` for an internal one) and its exit code; anything else
 * `ask: <message>` and exit code 1. What is printed never holds an error's class name, a stack
 * frame or the value of a secret variable of the environment (`*_API_KEY`, `*_TOKEN`…, and
 * key-shaped text); control characters but line breaks are escaped (`printable`); a content
 * error's file name has its line breaks escaped too (`ContentError`).
 */
export function reportError(error: unknown, io: Pick<CliIO, 'err'> & Partial<Pick<CliIO, 'env'>>): number {
  const redact = redactorOf(io.env);
  if (error instanceof AskError) {
    io.err(error.forUser ? userText(error.userMessage, redact) : `ask: ${userText(error.message, redact) || 'internal error'}`);
    return error.exitCode;
  }
  const message = error instanceof Error ? error.message : String(error);
  io.err(`ask: ${userText(message, redact) || 'internal error'}`);
  return 1;
}

import { printable } from '../text/printable.ts';

/** Causes followed below an error in the log (`error.cause`, as wrappers set it). */
const MAX_CAUSES = 3;
/** Characters of one error's text in the log: a stack is a few kB, a message echoing a body may be much more. */
const MAX_TEXT = 8_000;

function clipped(text: string): string {
  return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}… (${text.length - MAX_TEXT} more characters)` : text;
}

/** Anything thrown as text, never throwing itself (an object whose `toString` throws). */
function describe(value: unknown): string {
  if (value instanceof Error) {
    const head = `${value.name}: ${value.message}`;
    const stack = typeof value.stack === 'string' ? value.stack : head;
    // V8 stacks begin with the name and message; others (Firefox, Safari) hold the frames only
    return stack.startsWith(head) ? stack : `${head}\n${stack}`;
  }
  try {
    return `thrown ${typeof value}: ${String(value)}`;
  } catch {
    return `thrown ${typeof value}`;
  }
}

/**
 * An error as an operator reads it in the server log: its name, message and stack, then those of
 * its causes; control characters escaped (line breaks kept), each part cut at MAX_TEXT. Not for
 * users: it may hold paths and whatever the message held (redact it before logging).
 */
export function errorDetail(error: unknown): string {
  const parts = [clipped(describe(error))];
  let cause = error instanceof Error ? error.cause : undefined;
  for (let depth = 0; cause !== undefined && depth < MAX_CAUSES; depth += 1) {
    parts.push(`caused by: ${clipped(describe(cause))}`);
    cause = cause instanceof Error ? cause.cause : undefined;
  }
  return printable(parts.join('\n'), { lines: true });
}

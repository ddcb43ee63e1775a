import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UsageError } from './io.ts';

type Options = NonNullable<ParseArgsConfig['options']>;

/** What parseArgs gives for `options`, strict, with positionals. */
export type ParsedCommandArgs<O extends Options> = ReturnType<typeof parseArgs<{ args: string[]; options: O; allowPositionals: true; strict: true }>>;

/**
 * Parses argv strictly with node's parseArgs, turning its errors into a UsageError
 * that names the command and how to get help.
 */
export function parseCommandArgs<O extends Options>(command: string, argv: readonly string[], options: O): ParsedCommandArgs<O> {
  try {
    return parseArgs({ args: [...argv], options, allowPositionals: true, strict: true });
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new UsageError(`ask ${command}: ${reason} (run 'ask help' for usage)`);
  }
}

/** Parses a non-negative integer flag value, or throws a UsageError naming the flag. */
export function parseIntegerFlag(command: string, flag: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) {
    throw new UsageError(`ask ${command}: --${flag} takes a whole number, got '${value}'`);
  }
  return parsed;
}

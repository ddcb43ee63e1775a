import { UsageError } from './io.ts';

/** Parses a non-negative integer flag value, or throws a UsageError naming the flag. */
export function parseIntegerFlag(command: string, flag: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) {
    throw new UsageError(`ask ${command}: --${flag} takes a whole number, got '${value}'`);
  }
  return parsed;
}

/**
 * The one string order of the project: by UTF-16 code units, never by
 * locale, so every sort is the same on every machine.
 */
export function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The pieces the workflows are built of, as data (written with the `yaml` package, so they always parse). */

export type Step = Readonly<Record<string, unknown>>;
export type Job = Readonly<Record<string, unknown>>;

/** An expression as a workflow writes it: `${{ text }}`. */
export function expr(text: string): string {
  return `\${{ ${text} }}`;
}

/** A `run:` script from its lines (a block scalar in the file). */
export function script(lines: readonly string[]): string {
  return `${lines.join('\n')}\n`;
}

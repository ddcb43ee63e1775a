/**
 * What kind of fact a literal is, from its shape alone.
 *
 * - `flag`:  `--access-url`, `-o`, `--port 0` (a flag, optionally with its value)
 * - `key`:   environment variables `ANTHROPIC_API_KEY`, header names
 *            `Svc-Session-Token` / `x-ask-content-hash`, snake_case field names
 * - `value`: HTTP statuses `404`, numbers and sizes `10 MiB` / `30s`, paths
 *            `/api/v2/authcheck`, URLs, MIME types, file names, `true`/`false`,
 *            quoted strings
 * - `code`:  any other short one-line code (identifiers, commands)
 * `default` is never a shape: it comes from where a literal stands (a Default
 * column, "defaults to `x`").
 */
import type { FactKind } from '../../types.ts';

/** A fact found in the tree, with the offset it was found at (for source order). */
export interface Candidate {
  readonly kind: FactKind;
  readonly literal: string;
  readonly at: number;
}

/** When one literal is found as two kinds, the more specific kind wins. */
export const KIND_PRIORITY: Readonly<Record<FactKind, number>> = { default: 5, flag: 4, key: 3, value: 2, code: 1 };

const FLAG = /^--?[A-Za-z][A-Za-z0-9-]*(?:[= ][^\s-].{0,60})?$/;
const ENV_VAR = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$/;
const HEADER = /^(?:[A-Z][a-z0-9]*(?:-[A-Z][A-Za-z0-9]*)+|[Xx]-[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*)$/;
const SNAKE = /^[a-z][a-z0-9]*(?:_[a-z0-9]+)+$/;
const STATUS = /^[1-5][0-9][0-9]$/;
const UNIT = '(?:ms|s|m|h|d|[KMGT]i?B|[kKMGT]B|B|bytes?|%|seconds?|minutes?|hours?|days?)';
const NUMBER = new RegExp(`^-?\\d+(?:\\.\\d+)?(?:\\s?${UNIT})?$`);
const ABSOLUTE_PATH = /^(?:~|\.{1,2})?\/[\w.~@%+\-/{}:*]*$/;
const RELATIVE_PATH = /^[\w.-]+\/[\w./{}-]*$/;
const FILE_NAME = /^[\w.-]+\.(?:json|jsonc|ya?ml|toml|md|mdx|ts|tsx|js|mjs|cjs|txt|env|sh|html|css|lock|gz|tar|tgz)$/;
const URL = /^[a-z][a-z0-9+.-]*:\/\/\S+$/i;
const WORD_VALUE = /^(?:true|false|null|undefined|on|off|yes|no)$/;
const QUOTED = /^(["']).+\1$/;

/** The kind a literal's shape says it is, or null when it is not a fact at all. */
export function classifyLiteral(literal: string): FactKind | null {
  if (literal.length < 2 || literal.length > 200 || /[\r\n]/.test(literal)) return null;
  if (FLAG.test(literal)) return 'flag';
  if (ENV_VAR.test(literal) || HEADER.test(literal) || SNAKE.test(literal)) return 'key';
  if (STATUS.test(literal) || NUMBER.test(literal) || WORD_VALUE.test(literal) || QUOTED.test(literal)) return 'value';
  if (URL.test(literal) || ABSOLUTE_PATH.test(literal) || RELATIVE_PATH.test(literal) || FILE_NAME.test(literal)) {
    return 'value';
  }
  return literal.length <= 120 ? 'code' : null;
}

/** True when a literal reads as a command line (several words, the first a program-like word). */
export function looksLikeCommand(literal: string): boolean {
  return /^[a-z][\w.-]*(?:\s+\S+)+$/.test(literal);
}

/** Every CLI flag token in `text` (`--force`, `-o`), with its index. */
export function flagsIn(text: string): { literal: string; index: number }[] {
  const found: { literal: string; index: number }[] = [];
  for (const match of text.matchAll(/(?<![\w\-/.=])--?[A-Za-z][A-Za-z0-9-]*/g)) {
    const literal = match[0].replace(/-+$/, '');
    if (literal.length >= 2 && !/^-[A-Za-z]{4,}$/.test(literal)) found.push({ literal, index: match.index });
  }
  return found;
}

/** Every environment variable name in `text` (`ANTHROPIC_API_KEY`), with its index. */
export function envVarsIn(text: string): { literal: string; index: number }[] {
  return [...text.matchAll(/(?<![\w$])\$?\{?([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)\b/g)].map((match) => ({
    literal: match[1] ?? '',
    index: match.index + match[0].indexOf(match[1] ?? ''),
  }));
}

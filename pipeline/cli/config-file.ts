/**
 * The nearest `ask.config.json`: looked for in the working folder, then its parents up to the
 * repository root (the folder holding `.git`, a file or a folder); outside a repository, in the
 * working folder alone, so a file above the repository is never read. Read strictly: an unknown
 * key, a wrong type or JSON that does not parse is one line naming the file, exit 2.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { z } from 'zod';
import { foldersUp } from '../content/generators/detect.ts';
import { closest } from '../text/closest.ts';
import { AskConfigSchema, CONFIG_FILE, CONFIG_KEYS, PATH_KEYS, RESERVED_KEYS, type AskConfig } from './config-schema.ts';
import { UsageError } from './io.ts';

export interface FoundConfig {
  /** The file, absolute. */
  readonly file: string;
  /** Its values, each path value (`content`, `out`, `config`) relative to the folder it was looked up from. */
  readonly values: AskConfig;
}

/** The nearest config file from `dir` up to the repository root (see the module comment), or null. */
async function findConfigFile(dir: string): Promise<string | null> {
  let nearest: string | null = null;
  let inRepository = false;
  for await (const [folder, entries] of foldersUp(dir)) {
    if (nearest === null && entries.includes(CONFIG_FILE)) nearest = path.join(folder, CONFIG_FILE);
    inRepository = entries.includes('.git');
  }
  if (nearest === null) return null;
  return inRepository || path.dirname(nearest) === path.resolve(dir) ? nearest : null;
}

/** `camelCase` of a `kebab-case` (flag-style) key. */
const camel = (key: string): string => key.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());

function unknownKey(key: string): string {
  const near = CONFIG_KEYS.find((known) => known === camel(key)) ?? closest(key, CONFIG_KEYS);
  return `unknown key "${key}" (${near === null ? `known keys: ${CONFIG_KEYS.join(', ')}` : `did you mean "${near}"?`})`;
}

/** The first problem zod found, as a key and what it takes. */
function problemOf(issue: z.core.$ZodIssue): string {
  if (issue.code === 'unrecognized_keys') return unknownKey(issue.keys[0] ?? '');
  const [key, ...rest] = issue.path;
  const where = rest.length === 0 ? `"${String(key)}"` : `"${String(key)}"[${rest.map(String).join('][')}]`;
  return `${where} ${issue.message}`;
}

/** The values of a config file's text; `shown` names the file in the one-line error. */
export function parseConfig(text: string, shown: string): AskConfig {
  const fail = (problem: string): never => {
    throw new UsageError(`ask: ${shown}: ${problem}`);
  };
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    return fail(`not valid JSON (${error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error)}); fix it or remove the file`);
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return fail('must hold one JSON object of settings');
  const reserved = RESERVED_KEYS.find((key) => key in data);
  if (reserved !== undefined) return fail(`"${reserved}" is not supported yet; remove it`);
  const parsed = AskConfigSchema.safeParse(data);
  if (!parsed.success) return fail(problemOf(parsed.error.issues[0] ?? { code: 'custom', path: [], message: 'is not valid', input: data }));
  // `$schema` (for editors) is left in the object and read by nothing
  return parsed.data;
}

/** The values with each path value made relative to `dir` (from the folder of `file`, where they are written). */
function rebased(values: AskConfig, file: string, dir: string): AskConfig {
  const moved: Record<string, string> = {};
  for (const key of PATH_KEYS) {
    const value = values[key];
    if (typeof value === 'string') moved[key] = path.relative(dir, path.resolve(path.dirname(file), value)) || '.';
  }
  return { ...values, ...moved };
}

/** The nearest config file from `dir` (see the module comment), read, its paths relative to `dir`; null when there is none. */
export async function loadConfig(dir: string): Promise<FoundConfig | null> {
  const file = await findConfigFile(dir);
  if (file === null) return null;
  const shown = path.relative(dir, file) || CONFIG_FILE;
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const code = error instanceof Error && 'code' in error ? String(error.code) : 'unreadable';
    throw new UsageError(`ask: ${shown}: cannot be read (${code}); make it a readable file`);
  }
  return { file, values: rebased(parseConfig(text, shown), file, dir) };
}

/**
 * The one place a command's options meet `ask.config.json`: the flags as given, else the nearest
 * config file's values (by each option's `configKey`), else the declared defaults.
 */
import { parseCommand, type CommandSpec, type Fallbacks, type OptionSpecs, type ParsedCommand } from './command-spec.ts';
import { loadConfig, type FoundConfig } from './config-file.ts';
import type { AskConfig } from './config-schema.ts';

export interface ConfiguredCommand<O extends OptionSpecs> extends ParsedCommand<O> {
  /** The config file read (its path values relative to the working folder), null when there is none. */
  readonly config: FoundConfig | null;
}

/** The value of each option of `spec` the config states, by option name; its paths as the config states them (made relative by `loadConfig`). */
export function configFallbacks(spec: CommandSpec, values: AskConfig): Fallbacks {
  const fallbacks: Record<string, string | boolean | readonly string[]> = {};
  for (const [name, option] of Object.entries(spec.options)) {
    if (option.configKey === undefined) continue;
    const value = values[option.configKey];
    if (value === undefined) continue;
    const kind = option.type === 'boolean' ? 'boolean' : option.multiple === true ? 'array' : 'string';
    if ((Array.isArray(value) ? 'array' : typeof value) !== kind) throw new Error(`ask ${spec.name}: --${name} cannot take ${option.configKey} of the config file (a ${typeof value})`);
    fallbacks[name] = value;
  }
  return fallbacks;
}

/** Parses a command's argv (`parseCommand`) over the nearest config file from `cwd`. */
export async function parseConfigured<O extends OptionSpecs>(spec: CommandSpec<O>, argv: readonly string[], cwd: string): Promise<ConfiguredCommand<O>> {
  const config = await loadConfig(cwd);
  const parsed = parseCommand(spec, argv, config === null ? {} : configFallbacks(spec, config.values));
  return { ...parsed, config };
}

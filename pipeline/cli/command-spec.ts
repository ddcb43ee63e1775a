/**
 * A command's declaration: its words, one line of summary, what it does, its positionals and
 * each option once (name, type, default, placeholder, one line of help). The one declaration
 * drives parsing (`parseCommand`), `ask <command> --help` (`commandHelp`), `ask --help` and the
 * README's command table (`scripts/commands-table.ts`).
 */
import { parseArgs } from 'node:util';
import { closest } from '../text/closest.ts';
import { CONFIG_FILE, type ConfigKey } from './config-schema.ts';
import { UsageError } from './io.ts';

export interface OptionSpec {
  readonly type: 'string' | 'boolean';
  readonly multiple?: boolean;
  readonly short?: string;
  readonly default?: string | boolean;
  /** The value's placeholder (`DIR`, `URL`, `N`); string options only. */
  readonly value?: string;
  /** One line: what the option does, with its default when that is not `default` (a variable, a derived value) and not `otherwise`. */
  readonly help: string;
  /** The `ask.config.json` key that gives the value when the flag is not given (before `default`). */
  readonly configKey?: ConfigKey;
  /** With `configKey`: what holds when neither the flag nor the file gives the value and there is no `default` to say it. */
  readonly otherwise?: string;
  /** An option this one cannot go with: both given is a usage error; that one given, this one takes nothing from the file. */
  readonly conflicts?: string;
}

export type OptionSpecs = Readonly<Record<string, OptionSpec>>;

export interface CommandSpec<O extends OptionSpecs = OptionSpecs> {
  /** The command's words: `digest build`. */
  readonly name: string;
  /** One line for `ask --help`. */
  readonly summary: string;
  /** What it does, for its help and the README's table (Markdown, one paragraph). */
  readonly about: string;
  /** The positionals in usage form (`QUERY`, `[TERM]`), or none. */
  readonly positionals?: string;
  readonly options: O;
}

/** A command's declaration, its options' types kept literal. */
export function defineCommand<const O extends OptionSpecs>(spec: CommandSpec<O>): CommandSpec<O> {
  return spec;
}

type ValueOf<S extends OptionSpec> = S['type'] extends 'boolean' ? boolean : S['multiple'] extends true ? string[] : string;

/** The parsed values: an option with a default is always there, the others may be absent. */
type OptionValues<O extends OptionSpecs> = { -readonly [K in keyof O as O[K] extends { default: unknown } ? K : never]: ValueOf<O[K]> } & {
  -readonly [K in keyof O as O[K] extends { default: unknown } ? never : K]?: ValueOf<O[K]> | undefined;
};

export interface ParsedCommand<O extends OptionSpecs> {
  readonly values: OptionValues<O>;
  readonly positionals: string[];
  /** The options given on the command line (the others came from the fallbacks or their default). */
  readonly given: ReadonlySet<keyof O & string>;
}

/** Values an option takes when its flag is not given, by option name (`ask.config.json`'s). */
export type Fallbacks = Readonly<Record<string, string | boolean | readonly string[]>>;

/** `--name`, `--name=value`, `-x`: the option a token names, or null for a positional or `--`. */
function optionOf(token: string): { readonly long: string } | { readonly short: string } | null {
  if (token.startsWith('--') && token.length > 2) return { long: token.slice(2).split('=')[0] ?? '' };
  if (token.startsWith('-') && token.length > 1 && token !== '-') return { short: token.slice(1, 2) };
  return null;
}

/** The options' own words for a parse error: `--out DIR`, `--force`. */
function seeHelp(spec: CommandSpec): string {
  return `see ask ${spec.name} --help`;
}

/** Refuses, with the closest known option, a token naming no option of the command. */
export function refuseUnknown(spec: CommandSpec, argv: readonly string[]): void {
  const longs = Object.keys(spec.options);
  const shorts = new Map(Object.entries(spec.options).flatMap(([name, option]) => (option.short === undefined ? [] : [[option.short, name] as const])));
  for (const token of argv) {
    if (token === '--') return;
    const option = optionOf(token);
    if (option === null) continue;
    if ('long' in option && !longs.includes(option.long)) {
      const near = closest(option.long, longs);
      throw new UsageError(`ask: unknown option --${option.long} for 'ask ${spec.name}'${near === null ? '' : ` (did you mean --${near}?)`}; ${seeHelp(spec)}`);
    }
    if ('short' in option && !shorts.has(option.short) && !/^\d$/.test(option.short)) {
      throw new UsageError(`ask: unknown option -${option.short} for 'ask ${spec.name}'; ${seeHelp(spec)}`);
    }
  }
}

/** The flags as parsed, or one line pointing at the command's help. */
function parsedFlags(spec: CommandSpec, argv: readonly string[]): { values: Record<string, unknown>; positionals: string[] } {
  const options = Object.fromEntries(
    Object.entries(spec.options).map(([name, option]) => [name, { type: option.type, ...(option.multiple === undefined ? {} : { multiple: option.multiple }), ...(option.short === undefined ? {} : { short: option.short }) }]),
  );
  try {
    const parsed = parseArgs({ args: [...argv], options, allowPositionals: true, strict: true });
    return { values: parsed.values, positionals: parsed.positionals };
  } catch (error) {
    const reason = (error instanceof Error ? error.message.split('\n')[0] : String(error)) ?? '';
    throw new UsageError(`ask ${spec.name}: ${reason.replace(/\.$/, '')}; ${seeHelp(spec)}`);
  }
}

/**
 * Parses a command's argv by its declaration (node's parseArgs, strict): an unknown option names
 * the closest known one, any other mistake is one line pointing at the command's help. An option
 * not given takes its fallback (unless the option it conflicts with is given), else its default.
 */
export function parseCommand<O extends OptionSpecs>(spec: CommandSpec<O>, argv: readonly string[], fallbacks: Fallbacks = {}): ParsedCommand<O> {
  refuseUnknown(spec, argv);
  const flags = parsedFlags(spec, argv);
  const given = new Set(Object.keys(flags.values).filter((name) => flags.values[name] !== undefined));
  const values: Record<string, unknown> = {};
  for (const [name, option] of Object.entries(spec.options)) {
    const other = option.conflicts;
    if (other !== undefined && given.has(name) && given.has(other)) {
      const otherOption = spec.options[other];
      throw new UsageError(`ask ${spec.name}: give ${otherOption === undefined ? `--${other}` : optionUsage(other, otherOption)} or ${optionUsage(name, option)}, not both`);
    }
    const fallback = other !== undefined && given.has(other) ? undefined : fallbacks[name];
    const value = flags.values[name] ?? fallback ?? option.default;
    if (value !== undefined) values[name] = value;
  }
  return { values: values as OptionValues<O>, positionals: flags.positionals, given };
}

/** `--content DIR`, `--exclude GLOB...`, `--force`, `-v, --verbose`. */
export function optionUsage(name: string, option: OptionSpec): string {
  const value = option.type === 'string' ? ` ${option.value ?? 'VALUE'}` : '';
  return `--${name}${value}${option.multiple ? '...' : ''}`;
}

/** The one-line usage of a command: `ask digest build [--content DIR] … [--force]`. */
export function commandUsage(spec: CommandSpec): string {
  const options = Object.entries(spec.options).map(([name, option]) => `[${optionUsage(name, option)}]`);
  return ['ask', spec.name, ...(spec.positionals === undefined ? [] : [spec.positionals]), ...options].join(' ');
}

/** Markdown's inline code and emphasis, for a terminal. */
function plain(markdown: string): string {
  return markdown.replace(/`([^`]*)`/g, '$1');
}

/** ` (default: …)` after an option's help: `ask.config.json`'s key, then the default or what holds without one. */
function defaultText(option: OptionSpec): string {
  const builtIn = option.default === undefined || option.default === false || option.default === '' ? option.otherwise : String(option.default);
  const from = option.configKey === undefined ? [] : [`${CONFIG_FILE}'s ${option.configKey}`];
  const chain = [...from, ...(builtIn === undefined ? [] : [builtIn])];
  return chain.length === 0 ? '' : ` (default: ${chain.join(', else ')})`;
}

/**
 * What a command does, for its help and the README's table: its `about`, then, when options
 * take their value from the config file, which (by key where the key is not the flag's name).
 */
export function commandAbout(spec: CommandSpec): string {
  const read = Object.entries(spec.options).flatMap(([name, option]) => (option.configKey === undefined ? [] : [[name, option.configKey] as const]));
  if (read.length === 0) return spec.about;
  const renamed = read.filter(([name, key]) => name !== key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`));
  const keys = renamed.map(([name, key]) => `; \`--${name}\`: \`${key}\``).join('');
  return `${spec.about}; an option not given takes the nearest \`${CONFIG_FILE}\`'s value (its key: the flag in camelCase${keys}), else its default`;
}

/** `ask <command> --help`: usage, what it does, each option with its default. */
export function commandHelp(spec: CommandSpec): string {
  const rows = Object.entries(spec.options).map(([name, option]) => {
    const flag = `${option.short === undefined ? '    ' : `-${option.short}, `}${optionUsage(name, option)}`;
    return [flag, `${option.help}${defaultText(option)}`] as const;
  });
  rows.push(['-h, --help', 'this help']);
  const width = Math.max(...rows.map(([flag]) => flag.length)) + 2;
  return [
    `usage: ask ${spec.name}${spec.positionals === undefined ? '' : ` ${spec.positionals}`} [options]`,
    '',
    plain(commandAbout(spec)),
    '',
    'options:',
    ...rows.map(([flag, help]) => `  ${flag.padEnd(width)}${help}`),
  ].join('\n');
}

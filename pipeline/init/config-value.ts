/**
 * A generator config file's value, read as data and never run: JSON, YAML and TOML parsed
 * (`readDataFile`), JavaScript and TypeScript modules read for the literal values of their default
 * export (`readConfigModule`). `ask init` reads from it what the site readers leave aside: where
 * the pages are and the site's url.
 */
import { isRecord, readConfigModule, type LiteralValue } from '../content/site-config/literal-values.ts';
import { readDataFile } from '../content/site-config/read-config.ts';

/** The config's value; undefined when it cannot be read as its kind (by its name). */
export function configValue(fileName: string, text: string): LiteralValue | undefined {
  if (/\.(?:json|ya?ml|toml)$/i.test(fileName)) return readDataFile(fileName, text);
  return readConfigModule(fileName, text)?.defaultExport;
}

/** The value at a path of keys (`['sitemap', 'hostname']`); undefined when a step is missing. */
export function valueAt(value: LiteralValue | undefined, keys: readonly string[]): LiteralValue | undefined {
  let at = value;
  for (const key of keys) at = isRecord(at) ? at[key] : undefined;
  return at;
}

/** The non-empty string at a path of keys, trimmed; undefined otherwise. */
export function stringAtPath(value: LiteralValue | undefined, keys: readonly string[]): string | undefined {
  const found = valueAt(value, keys);
  return typeof found === 'string' && found.trim() !== '' ? found.trim() : undefined;
}

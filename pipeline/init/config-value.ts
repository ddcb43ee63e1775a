/**
 * Paths into a generator config's value (`configValue`, the site readers' one way to read a config
 * as data): `ask init` reads from it what the site readers leave aside, where the pages are and
 * the site's url.
 */
import { isRecord, type LiteralValue } from '../content/site-config/literal-values.ts';

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

import { KEY_VARIABLES, type ModelProvider } from './defaults.ts';

/** Where a provider key (or any model variable) may come from, in the order they are read. */
export interface KeySources {
  /** The host adapter's runtime environment (`locals.runtime.env` on Astro/Cloudflare, a worker's `env`). */
  readonly runtimeEnv?: Readonly<Record<string, unknown>> | undefined;
  /** `process.env` where there is one. */
  readonly processEnv?: Readonly<Record<string, string | undefined>> | undefined;
  /** The environment the site was built with (`import.meta.env`). */
  readonly buildEnv?: Readonly<Record<string, string | undefined>> | undefined;
}

function stringValue(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed.length > 0 ? trimmed : undefined;
}

/**
 * The variable `name`, looked up in the runtime environment, then the process environment,
 * then the build-time environment (spec, Authentication rule 4); trimmed, and an empty or
 * non-string value counts as unset.
 */
export function readVariable(sources: KeySources, name: string): string | undefined {
  return stringValue(sources.runtimeEnv?.[name]) ?? stringValue(sources.processEnv?.[name]) ?? stringValue(sources.buildEnv?.[name]);
}

/**
 * The API key of `provider` (from `<PROVIDER>_API_KEY`), in the order of `readVariable`.
 * The key is returned to server code only; nothing here logs or reports it.
 */
export function lookupProviderKey(provider: ModelProvider, sources: KeySources): string | undefined {
  return readVariable(sources, KEY_VARIABLES[provider]);
}

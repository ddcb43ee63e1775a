import { KEY_VARIABLES, type ModelProvider } from '../distill/providers/defaults.ts';

/** Where a provider key may come from, in the order they are read. */
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
 * The API key of `provider` (from `<PROVIDER>_API_KEY`), looked up in the runtime
 * environment, then the process environment, then the build-time environment
 * (spec, Authentication rule 4). An empty value counts as unset. The key is returned
 * to server code only; nothing here logs or reports it.
 */
export function lookupProviderKey(provider: ModelProvider, sources: KeySources): string | undefined {
  const name = KEY_VARIABLES[provider];
  return (
    stringValue(sources.runtimeEnv?.[name]) ??
    stringValue(sources.processEnv?.[name]) ??
    stringValue(sources.buildEnv?.[name])
  );
}

import type { ModelProvider } from '../model/defaults.ts';
import type { KeySources } from '../model/keys.ts';
import { chooseProvider, modelSettings, requestedProvider, type UnknownProvider } from '../model/resolve.ts';
import { telemetryConfigFromEnv, type TelemetryConfig } from './telemetry.ts';

/** The answer loop's provider as configured for one request. */
export interface LoopConfig {
  readonly provider: ModelProvider;
  /** The configured loop model (reported in every response, key or not). */
  readonly model: string;
  /** The provider key, when one is configured; server-side only. */
  readonly apiKey: string | undefined;
  readonly baseUrl: string | undefined;
  /** Tracing of answers, when TELEMETRY_KEY (or TELEMETRY_API_KEY) is set; read only when an answer runs. */
  readonly telemetry: () => TelemetryConfig | undefined;
  /** Set when the provider asked for names none: no key is used, answers are keyword results (`lenientLoopConfig`). */
  readonly unknownProvider?: UnknownProvider;
}

type ProviderOption = { provider?: string | undefined; model?: string | undefined };

function configOf(provider: ModelProvider | 'offline', sources: KeySources, option: ProviderOption): LoopConfig {
  return {
    ...modelSettings(provider === 'offline' ? 'anthropic' : provider, sources, option.model),
    // the same order as the key: runtime, then process, then build-time environment
    telemetry: () => telemetryConfigFromEnv({ ...sources.buildEnv, ...sources.processEnv, ...sources.runtimeEnv }),
  };
}

/**
 * The loop's provider, model, key and base URL through the one resolver of `model/`: each
 * looked up in the runtime environment, then the process environment, then the build-time
 * environment (spec Authentication 4). The provider comes from the handler option, else
 * ASK_PROVIDER, else anthropic (`offline`, a build's choice, answers with anthropic's settings);
 * the model from the option, else ASK_MODEL, else the provider's default.
 *
 * @throws Error naming the provider and the accepted ones when the provider is unknown
 */
export function loopConfig(sources: KeySources, option: ProviderOption): LoopConfig {
  return configOf(requestedProvider(sources, option.provider), sources, option);
}

/**
 * `loopConfig` for a handler, which sees its environment only per request and must keep its
 * keyword search and read routes whatever the environment says: an unknown provider is no key
 * (anthropic's model reported, no key of any provider read), marked `unknownProvider`.
 */
export function lenientLoopConfig(sources: KeySources, option: ProviderOption): LoopConfig {
  const chosen = chooseProvider(sources, option.provider);
  if (typeof chosen === 'string') return configOf(chosen, sources, option);
  return { ...configOf('anthropic', sources, option), apiKey: undefined, baseUrl: undefined, unknownProvider: chosen };
}

/**
 * `resolve` made once and kept while a host's per-request environment (a worker's `env`, Astro's)
 * holds the same text values; made again only when they differ. On Node the per-request
 * environment holds no text, so the configuration is resolved once for the handler's life.
 */
export function onePerEnvironment<T>(resolve: (runtimeEnv: Record<string, unknown> | undefined) => T): (runtimeEnv: Record<string, unknown> | undefined) => T {
  let kept: { readonly key: string; readonly value: T } | null = null;
  return (runtimeEnv) => {
    const texts = runtimeEnv === undefined ? [] : Object.entries(runtimeEnv).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
    const key = JSON.stringify(texts.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    if (kept?.key !== key) kept = { key, value: resolve(runtimeEnv) };
    return kept.value;
  };
}

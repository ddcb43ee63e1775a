import { BASE_URL_VARIABLES, DEFAULT_MODELS, isModelProvider, type ModelProvider } from '../distill/providers/defaults.ts';
import { lookupProviderKey, type KeySources } from './keys.ts';
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
}

function read(sources: KeySources, name: string): string | undefined {
  const value = sources.runtimeEnv?.[name] ?? sources.processEnv?.[name] ?? sources.buildEnv?.[name];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/**
 * The loop's provider, model, key and base URL, each looked up in the runtime environment,
 * then the process environment, then the build-time environment (spec Authentication 4).
 * The provider comes from the handler option, else ASK_PROVIDER, else anthropic; the model
 * from the option, else ASK_MODEL, else the provider's default.
 */
export function loopConfig(sources: KeySources, option: { provider?: string | undefined; model?: string | undefined }): LoopConfig {
  const requested = (option.provider ?? read(sources, 'ASK_PROVIDER') ?? 'anthropic').toLowerCase();
  const provider: ModelProvider = isModelProvider(requested) ? requested : 'anthropic';
  return {
    provider,
    model: option.model ?? read(sources, 'ASK_MODEL') ?? DEFAULT_MODELS[provider],
    apiKey: lookupProviderKey(provider, sources),
    baseUrl: read(sources, BASE_URL_VARIABLES[provider]),
    // the same order as the key: runtime, then process, then build-time environment
    telemetry: () => telemetryConfigFromEnv({ ...sources.buildEnv, ...sources.processEnv, ...sources.runtimeEnv }),
  };
}

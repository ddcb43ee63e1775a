import type { ModelProvider } from '../model/defaults.ts';
import type { KeySources } from '../model/keys.ts';
import { modelSettings, requestedProvider } from '../model/resolve.ts';
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

/**
 * The loop's provider, model, key and base URL through the one resolver of `model/`: each
 * looked up in the runtime environment, then the process environment, then the build-time
 * environment (spec Authentication 4). The provider comes from the handler option, else
 * ASK_PROVIDER, else anthropic (`offline`, a build's choice, answers with anthropic's settings);
 * the model from the option, else ASK_MODEL, else the provider's default.
 *
 * @throws Error naming the provider and the accepted ones when the provider is unknown
 */
export function loopConfig(sources: KeySources, option: { provider?: string | undefined; model?: string | undefined }): LoopConfig {
  const requested = requestedProvider(sources, option.provider);
  return {
    ...modelSettings(requested === 'offline' ? 'anthropic' : requested, sources, option.model),
    // the same order as the key: runtime, then process, then build-time environment
    telemetry: () => telemetryConfigFromEnv({ ...sources.buildEnv, ...sources.processEnv, ...sources.runtimeEnv }),
  };
}

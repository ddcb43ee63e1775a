import { BASE_URL_VARIABLES, DEFAULT_MODELS, KEY_VARIABLES, MODEL_PROVIDERS, isModelProvider, type ModelProvider } from './defaults.ts';

/** The model the offline distiller reports. */
export const OFFLINE_MODEL = 'offline-v1';

export interface ResolvedProvider {
  readonly provider: ModelProvider | 'offline';
  readonly model: string;
  readonly apiKey?: string;
  readonly baseUrl?: string;
  /** True when a model provider was chosen but its key is missing. */
  readonly fellBackToOffline: boolean;
  /** One line for the user when we fell back; never contains key material. */
  readonly notice?: string;
}

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

/**
 * Chooses the provider as CONTRACT.md says: the `--provider` flag, else `ASK_PROVIDER`,
 * else anthropic; its key from `<PROVIDER>_API_KEY`; its base URL from `<PROVIDER>_BASE_URL`;
 * the model from the flag, else `ASK_MODEL`, else the provider's default. A provider
 * without a key falls back to `offline`, with a notice.
 *
 * @param env the environment to read (process env, or a merged runtime env)
 * @param requested the `--provider` flag, when given
 * @param requestedModel the `--model` flag, when given
 * @throws Error naming the accepted values when the provider is unknown
 */
export function resolveProvider(
  env: Readonly<Record<string, string | undefined>>,
  requested?: string,
  requestedModel?: string,
): ResolvedProvider {
  const name = (nonEmpty(requested) ?? nonEmpty(env.ASK_PROVIDER) ?? 'anthropic').toLowerCase();
  if (name === 'offline') return { provider: 'offline', model: OFFLINE_MODEL, fellBackToOffline: false };
  if (!isModelProvider(name)) {
    throw new Error(`unknown provider '${name}': use ${[...MODEL_PROVIDERS, 'offline'].join(', ')}`);
  }
  const apiKey = nonEmpty(env[KEY_VARIABLES[name]]);
  if (apiKey === undefined) {
    return {
      provider: 'offline',
      model: OFFLINE_MODEL,
      fellBackToOffline: true,
      notice: `${KEY_VARIABLES[name]} is not set: using the offline distiller (deterministic, no model calls) instead of ${name}.`,
    };
  }
  const model = nonEmpty(requestedModel) ?? nonEmpty(env.ASK_MODEL) ?? DEFAULT_MODELS[name];
  const baseUrl = nonEmpty(env[BASE_URL_VARIABLES[name]]);
  return { provider: name, model, apiKey, ...(baseUrl === undefined ? {} : { baseUrl }), fellBackToOffline: false };
}

import type { Distiller } from '../types.ts';
import { KEY_VARIABLES, type ModelProvider } from '../model/defaults.ts';
import { resolveModel } from '../model/resolve.ts';
import { OFFLINE_MODEL, createOfflineDistiller } from './offline/index.ts';

/** The provider a build uses, as `resolveModel` found it, with the offline fallback applied. */
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

/**
 * Chooses the build's provider as CONTRACT.md says (the one resolver of `model/`): the
 * `--provider` flag, else `ASK_PROVIDER`, else anthropic; the model from the flag, else
 * `ASK_MODEL`, else the provider's default. A provider without a key falls back to
 * `offline`, with a notice.
 *
 * @param env the environment to read (the process environment)
 * @param requested the `--provider` flag, when given
 * @param requestedModel the `--model` flag, when given
 * @throws Error naming the accepted values when the provider is unknown
 */
export function resolveProvider(
  env: Readonly<Record<string, string | undefined>>,
  requested?: string,
  requestedModel?: string,
): ResolvedProvider {
  const resolved = resolveModel({ processEnv: env }, { provider: requested, model: requestedModel });
  if (resolved.provider === 'offline') return { provider: 'offline', model: OFFLINE_MODEL, fellBackToOffline: false };
  const { provider, model, apiKey, baseUrl } = resolved;
  if (apiKey === undefined) {
    return {
      provider: 'offline',
      model: OFFLINE_MODEL,
      fellBackToOffline: true,
      notice: `${KEY_VARIABLES[provider]} is not set: using the offline distiller (deterministic, no model calls) instead of ${provider}.`,
    };
  }
  return { provider, model, apiKey, ...(baseUrl === undefined ? {} : { baseUrl }), fellBackToOffline: false };
}

export interface ChosenDistiller {
  readonly distiller: Distiller;
  /** One line to show the user (the offline fallback), never with key material. */
  readonly notice?: string;
}

/**
 * The distiller a build uses: the provider and model of the flags, else of `ASK_PROVIDER` and
 * `ASK_MODEL`, else anthropic; offline when that provider has no key. The SDKs are loaded only
 * when a model provider is chosen.
 */
export async function chooseDistiller(
  env: Readonly<Record<string, string | undefined>>,
  flags: { readonly provider?: string | undefined; readonly model?: string | undefined },
): Promise<ChosenDistiller> {
  const resolved = resolveProvider(env, flags.provider, flags.model);
  if (resolved.provider === 'offline' || resolved.apiKey === undefined) {
    return { distiller: createOfflineDistiller(), ...(resolved.notice === undefined ? {} : { notice: resolved.notice }) };
  }
  const { createModelDistiller } = await import('./prompted/index.ts');
  return {
    distiller: createModelDistiller({
      provider: resolved.provider,
      model: resolved.model,
      apiKey: resolved.apiKey,
      ...(resolved.baseUrl === undefined ? {} : { baseUrl: resolved.baseUrl }),
    }),
  };
}

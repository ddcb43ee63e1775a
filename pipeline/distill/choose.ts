import type { Distiller } from '../types.ts';
import { createOfflineDistiller } from './offline/index.ts';
import { resolveProvider } from './providers/resolve.ts';

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
  const { createModelDistiller } = await import('./providers/index.ts');
  return {
    distiller: createModelDistiller({
      provider: resolved.provider,
      model: resolved.model,
      apiKey: resolved.apiKey,
      ...(resolved.baseUrl === undefined ? {} : { baseUrl: resolved.baseUrl }),
    }),
  };
}

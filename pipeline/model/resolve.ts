import { BASE_URL_VARIABLES, DEFAULT_MODELS, MODEL_PROVIDERS, isModelProvider, type ModelProvider } from './defaults.ts';
import { lookupProviderKey, readVariable, type KeySources } from './keys.ts';

/** The provider names a build or a server accepts: the model providers, and `offline` (no model calls). */
const PROVIDER_NAMES: readonly string[] = [...MODEL_PROVIDERS, 'offline'];

/** What the caller asked for: the `--provider`/`--model` flags, or the handler's options. */
export interface ModelRequest {
  readonly provider?: string | undefined;
  readonly model?: string | undefined;
}

/** A model provider as configured: its model, and its key and base URL when set. */
export interface ModelSettings {
  readonly provider: ModelProvider;
  readonly model: string;
  /** Server-side only; never logged or reported. */
  readonly apiKey: string | undefined;
  readonly baseUrl: string | undefined;
}

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

/** A provider name that names none: the name (lower-cased) and the setting it came from. */
export interface UnknownProvider {
  readonly unknown: string;
  /** `option` (a flag or the handler's option) or `ASK_PROVIDER`. */
  readonly setting: 'option' | 'ASK_PROVIDER';
}

/**
 * The provider asked for: `requested` (a flag or option), else `ASK_PROVIDER`, else anthropic,
 * lower-cased; any other name is returned as an UnknownProvider, for the caller to refuse or
 * to do without (a handler keeps its keyword search). Every variable is read in the order of
 * `readVariable` (runtime, process, build).
 */
export function chooseProvider(sources: KeySources, requested?: string): ModelProvider | 'offline' | UnknownProvider {
  const option = nonEmpty(requested);
  const name = (option ?? readVariable(sources, 'ASK_PROVIDER') ?? 'anthropic').toLowerCase();
  if (name === 'offline' || isModelProvider(name)) return name;
  return { unknown: name, setting: option === undefined ? 'ASK_PROVIDER' : 'option' };
}

/**
 * `chooseProvider`, an unknown name refused.
 *
 * @throws Error `unknown provider '<name>': use anthropic, openai, gemini, offline` for any other name
 */
export function requestedProvider(sources: KeySources, requested?: string): ModelProvider | 'offline' {
  const chosen = chooseProvider(sources, requested);
  if (typeof chosen === 'string') return chosen;
  throw new Error(`unknown provider '${chosen.unknown}': use ${PROVIDER_NAMES.join(', ')}`);
}

/**
 * The settings of `provider`: the model from `requestedModel`, else `ASK_MODEL`, else the
 * provider's default; the key from `<PROVIDER>_API_KEY`; the base URL from `<PROVIDER>_BASE_URL`.
 */
export function modelSettings(provider: ModelProvider, sources: KeySources, requestedModel?: string): ModelSettings {
  return {
    provider,
    model: nonEmpty(requestedModel) ?? readVariable(sources, 'ASK_MODEL') ?? DEFAULT_MODELS[provider],
    apiKey: lookupProviderKey(provider, sources),
    baseUrl: readVariable(sources, BASE_URL_VARIABLES[provider]),
  };
}

/**
 * The one resolver of provider, model, key and base URL, for the build and the runtime alike
 * (CONTRACT.md; spec Authentication 4): `offline` when that was asked for, else the settings
 * of the requested provider (whose key may be missing: the caller decides what that means).
 *
 * @throws Error naming the provider and the accepted ones when the provider is unknown
 */
export function resolveModel(sources: KeySources, request: ModelRequest): ModelSettings | { readonly provider: 'offline' } {
  const provider = requestedProvider(sources, request.provider);
  return provider === 'offline' ? { provider } : modelSettings(provider, sources, request.model);
}

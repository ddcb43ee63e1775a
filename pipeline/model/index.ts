export {
  BASE_URL_VARIABLES,
  DEFAULT_MODELS,
  DISTILL_MAX_RETRIES,
  DISTILL_TIMEOUT_MS,
  GEMINI_RETRY_DELAY_MS,
  KEY_VARIABLES,
  MODEL_PROVIDERS,
  isModelProvider,
  type ModelProvider,
} from './defaults.ts';
export { ProviderError, redactSecret, toProviderError } from './errors.ts';
export { lookupProviderKey, readVariable, type KeySources } from './keys.ts';
export { PROVIDER_NAMES, modelSettings, requestedProvider, resolveModel, type ModelRequest, type ModelSettings } from './resolve.ts';
export type { AdapterOptions, CallUsage, OutputSpec, StructuredCall, StructuredModel, StructuredResult } from './structured.ts';

export { createModelDistiller, type ModelDistillerOptions } from './distiller.ts';
export { resolveProvider, OFFLINE_MODEL, type ResolvedProvider } from './resolve.ts';
export {
  BASE_URL_VARIABLES,
  DEFAULT_MODELS,
  DISTILL_MAX_RETRIES,
  DISTILL_TIMEOUT_MS,
  KEY_VARIABLES,
  MODEL_PROVIDERS,
  isModelProvider,
  type ModelProvider,
} from './defaults.ts';
export { ProviderError, redactSecret } from './errors.ts';
export { keepVerbatimFacts } from './verbatim.ts';
export { loadPrompts, promptHashes, type Prompts } from './templates.ts';

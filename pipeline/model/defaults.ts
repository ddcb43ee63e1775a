/**
 * The model providers, their variables and their defaults, in one table.
 * Web-standard (no `node:*`): the runtime imports it too.
 */

export type ModelProvider = 'anthropic' | 'openai' | 'gemini';
export const MODEL_PROVIDERS: readonly ModelProvider[] = ['anthropic', 'openai', 'gemini'];

/** Models used when neither `--model` nor `ASK_MODEL` names one. */
export const DEFAULT_MODELS: Readonly<Record<ModelProvider, string>> = {
  anthropic: 'claude-sonnet-5-5',
  openai: 'gpt-5.4-mini',
  gemini: 'gemini-3.5-flash',
};

/** The variable that holds each provider's API key. */
export const KEY_VARIABLES: Readonly<Record<ModelProvider, string>> = {
  anthropic: 'ANTHROPIC_API_KEY',
  openai: 'OPENAI_API_KEY',
  gemini: 'GEMINI_API_KEY',
};

/** The variable that overrides each provider's base URL (gateways, self-hosted models, tests). */
export const BASE_URL_VARIABLES: Readonly<Record<ModelProvider, string>> = {
  anthropic: 'ANTHROPIC_BASE_URL',
  openai: 'OPENAI_BASE_URL',
  gemini: 'GEMINI_BASE_URL',
};

/** Build-time calls: a section can be long, and a build can wait. */
export const DISTILL_TIMEOUT_MS = 120_000;
export const DISTILL_MAX_RETRIES = 4;
/** First back-off of the Gemini SDK, which does not read `retry-after` (the other two do). */
export const GEMINI_RETRY_DELAY_MS = 1_000;

export function isModelProvider(value: string): value is ModelProvider {
  return (MODEL_PROVIDERS as readonly string[]).includes(value);
}

export { DEFAULT_MODELS } from './defaults.ts';
export { ProviderError } from './errors.ts';
export { resolveModel } from './resolve.ts';

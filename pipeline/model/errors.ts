/**
 * One error type for everything a model provider can do wrong, rendered without
 * the API key. Web-standard: the runtime uses it for the SSE `error` frame.
 */

import { AskError } from '../errors.ts';

/** Statuses the SDKs retry on (with back-off) before giving up. */
const RETRYABLE = (status: number): boolean => status === 408 || status === 409 || status === 429 || status >= 500;
const MAX_DETAIL = 300;

export class ProviderError extends AskError {
  override readonly name = 'ProviderError';
  constructor(
    message: string,
    /** `anthropic`, `openai` or `gemini`. */
    readonly provider: string,
    /** The HTTP status the provider answered with, when it answered. */
    readonly providerStatus: number | undefined,
  ) {
    // internal: the handler answers its generic 500, the SSE `error` frame carries the message
    super(message);
  }
}

/** Replaces every occurrence of `secret` (and of its longer prefixes) in `text`. */
export function redactSecret(text: string, secret: string | undefined): string {
  if (!secret || secret.length < 4) return text;
  let out = text.split(secret).join('[redacted]');
  // A truncated key is still a leak: also catch its first 12+ characters.
  if (secret.length > 16) out = out.split(secret.slice(0, 12)).join('[redacted]');
  return out;
}

/** The HTTP status an SDK error carries (our own errors' `status` is what the handler answers, not the provider's). */
function statusOf(error: unknown): number | undefined {
  if (error instanceof AskError || typeof error !== 'object' || error === null || !('status' in error)) return undefined;
  const status = error.status;
  return typeof status === 'number' ? status : undefined;
}

/** The provider's own message, without the leading status the SDKs prepend and without JSON noise. */
function detailOf(error: unknown): string {
  const raw = error instanceof Error ? error.message : String(error);
  const nested = /"message"\s*:\s*"((?:[^"\\]|\\.)*)"/.exec(raw);
  const text = nested?.[1] ?? raw.replace(/^\d{3}\s+/, '');
  const oneLine = text.replace(/\s+/g, ' ').trim() || 'no detail given';
  return oneLine.length > MAX_DETAIL ? `${oneLine.slice(0, MAX_DETAIL)}…` : oneLine;
}

/**
 * Wraps whatever an SDK threw as a ProviderError whose message says which provider,
 * what we were doing, the status, and whether the retries ran out. The original
 * error is not attached (its request could carry the key).
 */
export function toProviderError(
  provider: string,
  action: string,
  error: unknown,
  secret: string | undefined,
  maxRetries: number,
): ProviderError {
  if (error instanceof ProviderError) return error;
  const status = statusOf(error);
  const statusText = status === undefined ? '' : ` (HTTP ${status})`;
  const retried = status !== undefined && RETRYABLE(status) && maxRetries > 0 ? ` after ${maxRetries} retries` : '';
  const message = `${provider} ${action} failed${statusText}${retried}: ${detailOf(error)}`;
  return new ProviderError(redactSecret(message, secret), provider, status);
}

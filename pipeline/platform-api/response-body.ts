/**
 * The spec's `Response` body (message, detail, validations) as a JSON
 * `Response`: the one renderer of the proxy's and the platform's own answers.
 */
import type { PlatformResponseBody } from './schemas.ts';

/** One field that failed validation, named by its dotted path. */
export interface Validation {
  readonly field: string;
  readonly detail: string;
}

export interface ResponseBodyExtra {
  readonly detail?: string;
  readonly validations?: readonly Validation[];
  /** Headers besides the JSON content type (e.g. `Cache-Control`, `Allow`). */
  readonly headers?: Readonly<Record<string, string>>;
}

/** A JSON `Response` body with the given status. */
export function responseBody(status: number, message: string, extra: ResponseBodyExtra = {}): Response {
  const body: PlatformResponseBody = { message };
  if (extra.detail !== undefined) body.detail = extra.detail;
  if (extra.validations !== undefined) body.validations = extra.validations.map((v) => ({ field: v.field, detail: v.detail }));
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...extra.headers },
  });
}

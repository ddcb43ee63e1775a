/** The proxy's own answers: a spec `Response` body, rendered in one place. */
import type { PlatformResponseBody } from './schemas.ts';

export interface Validation {
  readonly field: string;
  readonly detail: string;
}

/** A JSON `Response` body with the given status; extra headers (e.g. `Allow`) optional. */
export function problemResponse(
  status: number,
  message: string,
  extra: { detail?: string; validations?: readonly Validation[]; headers?: Readonly<Record<string, string>> } = {},
): Response {
  const body: PlatformResponseBody = { message };
  if (extra.detail !== undefined) body.detail = extra.detail;
  if (extra.validations !== undefined) body.validations = extra.validations.map((v) => ({ field: v.field, detail: v.detail }));
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...extra.headers },
  });
}

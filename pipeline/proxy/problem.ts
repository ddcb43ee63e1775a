/** The proxy's own answers: a spec `Response` body that is never cached. */
import { responseBody, type Validation } from '../platform-api/response-body.ts';

/** A JSON `Response` body with the given status; extra headers (e.g. `Allow`) optional. */
export function problemResponse(
  status: number,
  message: string,
  extra: { detail?: string; validations?: readonly Validation[]; headers?: Readonly<Record<string, string>> } = {},
): Response {
  return responseBody(status, message, { ...extra, headers: { 'cache-control': 'no-store', ...extra.headers } });
}

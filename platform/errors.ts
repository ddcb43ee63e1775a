/**
 * One error type for the platform's routes, rendered in one place as the
 * spec's `Response` body (message, detail, validations).
 */
import { responseBody, type Validation } from '../pipeline/platform-api/index.ts';

export type FieldProblem = Validation;

export class PlatformError extends Error {
  override readonly name = 'PlatformError';
  constructor(
    readonly status: number,
    message: string,
    readonly extra: { readonly detail?: string; readonly validations?: readonly FieldProblem[] } = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string, validations?: readonly FieldProblem[]) =>
  new PlatformError(400, message, validations === undefined ? {} : { validations });
export const unauthorized = (message: string) => new PlatformError(401, message);
export const forbidden = (message: string) => new PlatformError(403, message);
export const notFound = (message: string) => new PlatformError(404, message);

/** A JSON `Response` body. */
export function messageResponse(status: number, message: string, extra: PlatformError['extra'] = {}): Response {
  return responseBody(status, message, extra);
}

/** Renders any thrown value: a PlatformError as itself, anything else as a 500 that says nothing internal. */
export function renderError(error: unknown, log: (line: string) => void): Response {
  if (error instanceof PlatformError) return messageResponse(error.status, error.message, error.extra);
  log(`platform: internal error: ${error instanceof Error ? error.message : String(error)}`);
  return messageResponse(500, 'Internal error.', { detail: 'the platform could not complete the request' });
}

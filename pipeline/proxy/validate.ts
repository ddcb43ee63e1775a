/**
 * Checks a request against its operation before anything is forwarded: the
 * body's size, its JSON and its shape, the path and query parameters.
 */
import type { z } from 'zod';
import type { PlatformOperation } from './operation.ts';
import type { Validation } from './problem.ts';

export type BodyRead =
  | { readonly kind: 'ok'; readonly bytes: Uint8Array<ArrayBuffer> }
  | { readonly kind: 'too-large' };

/**
 * Reads a request body, giving up as soon as it passes `limit` bytes (the
 * declared Content-Length is checked first, so an honest large upload is
 * refused without reading it).
 */
export async function readBodyLimited(request: Request, limit: number): Promise<BodyRead> {
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (Number.isFinite(declared) && declared > limit) return { kind: 'too-large' };
  if (request.body === null) return { kind: 'ok', bytes: new Uint8Array() };
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => undefined);
      return { kind: 'too-large' };
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { kind: 'ok', bytes };
}

/** Turns zod issues into the spec's `validations`, naming fields by their dotted path. */
export function issuesToValidations(issues: readonly z.core.$ZodIssue[], root: string): Validation[] {
  return issues.map((issue) => ({
    field: issue.path.length === 0 ? root : issue.path.map(String).join('.'),
    detail: /received undefined$/.test(issue.message) ? 'is required' : issue.message,
  }));
}

/** Validates a JSON body: empty, unparsable and wrongly shaped bodies give validations. */
export function validateJsonBody(schema: z.ZodType, bytes: Uint8Array): Validation[] {
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  if (text.trim() === '') return [{ field: 'body', detail: 'a JSON body is required' }];
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof SyntaxError ? error.message : 'unparsable';
    return [{ field: 'body', detail: `invalid JSON: ${reason}` }];
  }
  const result = schema.safeParse(value);
  return result.success ? [] : issuesToValidations(result.error.issues, 'body');
}

/** Validates path parameters (already decoded) and the documented query parameters. */
export function validateParameters(
  operation: PlatformOperation,
  params: Readonly<Record<string, string>>,
  query: URLSearchParams,
): Validation[] {
  const problems: Validation[] = [];
  for (const [name, spec] of Object.entries(operation.pathParams ?? {})) {
    const result = spec.schema.safeParse(params[name] ?? '');
    if (!result.success) problems.push({ field: name, detail: result.error.issues[0]?.message ?? 'invalid' });
  }
  for (const [name, spec] of Object.entries(operation.query ?? {})) {
    const values = query.getAll(name);
    if (values.length > 1) problems.push({ field: name, detail: 'given more than once' });
    const value = values[0];
    if (value === undefined) continue;
    const result = spec.schema.safeParse(value);
    if (!result.success) problems.push({ field: name, detail: result.error.issues[0]?.message ?? 'invalid' });
  }
  return problems;
}

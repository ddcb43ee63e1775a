/**
 * Checks a request against its operation before anything is forwarded: the
 * body's size, its JSON and its shape, the path and query parameters.
 */
import type { z } from 'zod';
import type { PlatformOperation } from './operation.ts';
import { hasNulCharacter, NUL_CHARACTER_DETAIL, nulCharacterValidations } from './nul-characters.ts';
import type { Validation } from './response-body.ts';
import { declaredOver, readAtMost, type BoundedRead } from './read-at-most.ts';

export type BodyRead = BoundedRead;

/**
 * Reads a request body, giving up as soon as it passes `limit` bytes (the
 * declared Content-Length is checked first, so an honest large upload is
 * refused without reading it).
 */
export async function readBodyLimited(request: Request, limit: number): Promise<BodyRead> {
  if (declaredOver(request.headers.get('content-length'), limit)) return { kind: 'too-large' };
  if (request.body === null) return { kind: 'ok', bytes: new Uint8Array() };
  return readAtMost(request.body, limit);
}

/** Turns zod issues into the spec's `validations`, naming fields by their dotted path. */
export function issuesToValidations(issues: readonly z.core.$ZodIssue[], root: string): Validation[] {
  return issues.map((issue) => ({
    field: issue.path.length === 0 ? root : issue.path.map(String).join('.'),
    detail: /received undefined$/.test(issue.message) ? 'is required' : issue.message,
  }));
}

/**
 * The text of a body, or null when its bytes are not UTF-8: JSON exchanged
 * between systems is UTF-8 (RFC 8259, section 8.1), and the bytes forwarded
 * must be the ones validated, not a decoder's repaired reading of them.
 */
export function decodeUtf8(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** Validates a JSON body: empty, non-UTF-8, unparsable, NUL-holding and wrongly shaped bodies give validations. */
export function validateJsonBody(schema: z.ZodType, bytes: Uint8Array): Validation[] {
  const text = decodeUtf8(bytes);
  if (text === null) return [{ field: 'body', detail: 'invalid JSON: not UTF-8' }];
  if (text.trim() === '') return [{ field: 'body', detail: 'a JSON body is required' }];
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof SyntaxError ? error.message : 'unparsable';
    return [{ field: 'body', detail: `invalid JSON: ${reason}` }];
  }
  // Postgres text cannot hold U+0000: refused here rather than a 500 upstream.
  const nul = nulCharacterValidations(value, 'body');
  if (nul.length > 0) return nul;
  const result = schema.safeParse(value);
  return result.success ? [] : issuesToValidations(result.error.issues, 'body');
}

/**
 * Validates path parameters (already decoded; a NUL never matches a route) and
 * the documented query parameters, which may not hold a NUL either.
 */
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
    if (hasNulCharacter(value)) {
      problems.push({ field: name, detail: NUL_CHARACTER_DETAIL });
      continue;
    }
    const result = spec.schema.safeParse(value);
    if (!result.success) problems.push({ field: name, detail: result.error.issues[0]?.message ?? 'invalid' });
  }
  return problems;
}

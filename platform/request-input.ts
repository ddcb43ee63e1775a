/**
 * Reading what a client sends (JSON bodies, form bodies, path and query
 * parameters) into checked values, refusing with 4xx and `validations` what
 * the platform cannot take: too large (413), not UTF-8, not JSON, not the
 * schema's shape, a malformed form, or a string holding U+0000, which Postgres
 * text cannot store (issue 11, defect 7: those answered 500).
 */
import type { z } from 'zod';
import { decodeUtf8, hasNulCharacter, issuesToValidations, NUL_CHARACTER_DETAIL, nulCharacterValidations, PLATFORM_OPERATIONS, printableField, readBodyLimited } from '../pipeline/platform-api/index.ts';
import { badRequest, PlatformError, type FieldProblem } from './errors.ts';

/** Request bodies over this are refused with 413 (the proxy in front has the same default). */
const PLATFORM_MAX_BODY_BYTES = 1024 * 1024;

async function readBytes(request: Request): Promise<Uint8Array> {
  const read = await readBodyLimited(request, PLATFORM_MAX_BODY_BYTES);
  if (read.kind === 'too-large') {
    throw new PlatformError(413, 'Request body too large.', { detail: `the limit is ${PLATFORM_MAX_BODY_BYTES} bytes` });
  }
  return read.bytes;
}

/** Checks a parsed value: no NUL in any of its strings, then the schema. */
function checked<S extends z.ZodType>(value: unknown, schema: S, message: string): z.infer<S> {
  const nul = nulCharacterValidations(value, 'body');
  if (nul.length > 0) throw badRequest(message, nul);
  const result = schema.safeParse(value);
  if (!result.success) throw badRequest(message, issuesToValidations(result.error.issues, 'body'));
  return result.data;
}

/** Reads and checks a JSON body; 413 when too large, 400 with `validations` when not UTF-8, not JSON, or not the schema's. */
export async function readBody<S extends z.ZodType>(request: Request, schema: S): Promise<z.infer<S>> {
  const text = decodeUtf8(await readBytes(request));
  if (text === null) throw badRequest('Invalid request body.', [{ field: 'body', detail: 'invalid JSON: not UTF-8' }]);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw badRequest('Invalid request body.', [{ field: 'body', detail: text.trim() === '' ? 'a JSON body is required' : 'invalid JSON' }]);
  }
  return checked(value, schema, 'Invalid request body.');
}

/**
 * Reads a page's form post (`application/x-www-form-urlencoded` or
 * `multipart/form-data`; a JSON body is read as `readBody` does) into its text
 * fields (the first of each name; files are ignored) and checks them like a
 * JSON body. Any other content type is an empty form. A form that does not
 * parse is 400, never an internal error.
 */
export async function readFormOrJsonBody<S extends z.ZodType>(request: Request, schema: S): Promise<z.infer<S>> {
  const contentType = request.headers.get('content-type') ?? '';
  const mediaType = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  if (mediaType === 'application/json') return readBody(request, schema);
  const bytes = await readBytes(request);
  const fields: Record<string, string> = {};
  if (mediaType === 'multipart/form-data') {
    let form: FormData;
    try {
      // The boundary parameter is case-sensitive: the header goes as sent.
      form = await new Response(new Uint8Array(bytes), { headers: { 'content-type': contentType } }).formData();
    } catch {
      throw badRequest('Invalid form body.', [{ field: 'body', detail: 'not a valid multipart/form-data body' }]);
    }
    form.forEach((value, name) => {
      if (typeof value === 'string' && !(name in fields)) fields[name] = value;
    });
  } else if (mediaType === 'application/x-www-form-urlencoded') {
    const text = decodeUtf8(bytes);
    if (text === null) throw badRequest('Invalid form body.', [{ field: 'body', detail: 'not UTF-8' }]);
    for (const [name, value] of new URLSearchParams(text)) if (!(name in fields)) fields[name] = value;
  }
  return checked(fields, schema, 'Invalid form body.');
}

/** The parameterised paths of the operations table, split into segments, for naming a parameter. */
const PARAMETERISED_PATHS: readonly (readonly string[])[] = PLATFORM_OPERATIONS
  .filter((operation) => operation.path.includes('{'))
  .map((operation) => operation.path.split('/').slice(1));

function decodeSegment(raw: string): string | null {
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

/** The name of the table's parameter at segment `index` of a path of these segments; `path` when none fits. */
function parameterName(segments: readonly string[], index: number): string {
  const pattern = PARAMETERISED_PATHS.find((candidate) => candidate.length === segments.length
    && candidate.every((expected, at) => expected.startsWith('{') || expected === segments[at]));
  return /^\{(\w+)\}$/.exec(pattern?.[index] ?? '')?.[1] ?? 'path';
}

/**
 * Refuses a request whose path segments or query parameters (names or values)
 * decode to text holding U+0000, with 400 naming each: routes hand those
 * strings to SQL as they are.
 */
export function refuseNulCharactersInUrl(request: Request): void {
  const url = new URL(request.url);
  const problems: FieldProblem[] = [];
  const segments = url.pathname.split('/').slice(1);
  segments.forEach((raw, index) => {
    const decoded = decodeSegment(raw);
    if (decoded !== null && hasNulCharacter(decoded)) problems.push({ field: parameterName(segments, index), detail: NUL_CHARACTER_DETAIL });
  });
  for (const [name, value] of url.searchParams) {
    if (hasNulCharacter(name) || hasNulCharacter(value)) problems.push({ field: printableField(name), detail: NUL_CHARACTER_DETAIL });
  }
  if (problems.length > 0) throw badRequest('Invalid request parameters.', problems);
}

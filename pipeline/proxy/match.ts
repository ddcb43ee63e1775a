/**
 * Finds the operation a request path names. Segments are compared one by one
 * against the table's patterns; a parameter segment is percent-decoded and must
 * not hold a slash, a backslash or a dot segment, so no path can reach an
 * upstream path other than the operation's own.
 */
import type { HttpMethod, PlatformOperation } from '../platform-api/operation.ts';

export type OperationMatch =
  | { readonly kind: 'found'; readonly operation: PlatformOperation; readonly params: Readonly<Record<string, string>> }
  | { readonly kind: 'method-not-allowed'; readonly allow: readonly HttpMethod[] }
  | { readonly kind: 'not-found' };

interface CompiledPattern {
  readonly operation: PlatformOperation;
  /** Literal text, or `{ param }` for a parameter segment. */
  readonly segments: readonly (string | { readonly param: string })[];
}

function compile(operation: PlatformOperation): CompiledPattern {
  const segments = operation.path.split('/').slice(1).map((segment) => {
    const param = /^\{(\w+)\}$/.exec(segment)?.[1];
    return param === undefined ? segment : { param };
  });
  return { operation, segments };
}

/** Decodes one parameter segment; null when it is malformed or could change the path's shape. */
function decodeSegment(raw: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return null;
  }
  if (decoded === '' || decoded === '.' || decoded === '..') return null;
  if (/[/\\?#\u0000-\u001f]/.test(decoded)) return null;
  return decoded;
}

function matchSegments(pattern: CompiledPattern, rawSegments: readonly string[]): Record<string, string> | null {
  if (pattern.segments.length !== rawSegments.length) return null;
  const params: Record<string, string> = {};
  for (const [index, expected] of pattern.segments.entries()) {
    const raw = rawSegments[index];
    if (raw === undefined) return null;
    if (typeof expected === 'string') {
      if (raw !== expected) return null;
      continue;
    }
    const value = decodeSegment(raw);
    if (value === null) return null;
    params[expected.param] = value;
  }
  return params;
}

/** Builds the matcher over a table; literal segments win over parameters when both fit. */
export function createOperationMatcher(operations: readonly PlatformOperation[]) {
  const patterns = operations.map(compile);
  const literalCount = (pattern: CompiledPattern) => pattern.segments.filter((s) => typeof s === 'string').length;

  return function matchOperation(method: string, pathname: string): OperationMatch {
    const rawSegments = pathname.split('/').slice(1);
    const candidates = patterns
      .map((pattern) => ({ pattern, params: matchSegments(pattern, rawSegments) }))
      .filter((candidate): candidate is { pattern: CompiledPattern; params: Record<string, string> } => candidate.params !== null);
    if (candidates.length === 0) return { kind: 'not-found' };
    // The most literal shape that fits is the path's operation family (e.g. `inbox/watch` over `inbox/{id}`).
    const best = Math.max(...candidates.map((candidate) => literalCount(candidate.pattern)));
    const family = candidates.filter((candidate) => literalCount(candidate.pattern) === best);
    const hit = family.find((candidate) => candidate.pattern.operation.method === method);
    if (hit) return { kind: 'found', operation: hit.pattern.operation, params: hit.params };
    return { kind: 'method-not-allowed', allow: [...new Set(family.map((c) => c.pattern.operation.method))] };
  };
}

/** Builds the upstream path from the operation's pattern and its decoded parameters, each re-encoded. */
export function expandPath(operation: PlatformOperation, params: Readonly<Record<string, string>>): string {
  return operation.path.replace(/\{(\w+)\}/g, (_whole, name: string) => encodeURIComponent(params[name] ?? ''));
}

/**
 * Strings holding U+0000. Postgres text cannot store the NUL character, so a
 * platform on Postgres fails on one with an internal error (issue 11, defect 7):
 * the proxy and the reference platform refuse it up front, naming the field.
 */
import type { Validation } from './response-body.ts';

export const NUL_CHARACTER_DETAIL = 'must not contain a NUL character (\\u0000)';

/** At most this many fields are named; a body full of NULs is refused all the same. */
const MAX_REPORTED = 20;

/** True when `text` holds a NUL character. */
export function hasNulCharacter(text: string): boolean {
  return text.includes('\u0000');
}

/** A field name as a person can read it: a NUL in an object key is written `\u0000`. */
export function printableField(name: string): string {
  return name.replaceAll('\u0000', '\\u0000');
}

/** A value met in the walk, linked to its parent so no path is copied per node. */
interface Visit {
  readonly value: unknown;
  readonly parent: Visit | null;
  readonly key: string;
}

/** Field names are cut here: a path thousands of levels deep is not worth echoing whole. */
const MAX_FIELD_LENGTH = 256;

function pathOf(visit: Visit, root: string): string {
  const keys: string[] = [];
  for (let at: Visit | null = visit; at !== null && at.parent !== null; at = at.parent) keys.push(printableField(at.key));
  const field = keys.length === 0 ? root : keys.reverse().join('.');
  return field.length > MAX_FIELD_LENGTH ? `${field.slice(0, MAX_FIELD_LENGTH)}...` : field;
}

/**
 * The fields of a parsed JSON value whose strings (values or object keys) hold
 * a NUL, named by their dotted path as the schema validations are (`root` for
 * the value itself). Walks with its own stack, in time linear in the value's
 * size: a deeply nested body can neither overflow the call stack nor cost more
 * than its length.
 */
export function nulCharacterValidations(value: unknown, root: string): Validation[] {
  const problems: Validation[] = [];
  const pending: Visit[] = [{ value, parent: null, key: '' }];
  while (problems.length < MAX_REPORTED) {
    const visit = pending.pop();
    if (visit === undefined) break;
    const current = visit.value;
    if (typeof current === 'string') {
      if (hasNulCharacter(current)) problems.push({ field: pathOf(visit, root), detail: NUL_CHARACTER_DETAIL });
    } else if (Array.isArray(current)) {
      for (let index = current.length - 1; index >= 0; index--) pending.push({ value: current[index], parent: visit, key: String(index) });
    } else if (typeof current === 'object' && current !== null) {
      const entries = Object.entries(current as Record<string, unknown>);
      for (let index = entries.length - 1; index >= 0; index--) {
        const [key, child] = entries[index] ?? ['', undefined];
        const childVisit: Visit = { value: child, parent: visit, key };
        if (hasNulCharacter(key)) problems.push({ field: pathOf(childVisit, root), detail: NUL_CHARACTER_DETAIL });
        else pending.push(childVisit);
      }
    }
  }
  return problems.slice(0, MAX_REPORTED);
}

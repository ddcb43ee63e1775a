// Values of chosen top-level keys of a large JSON object, without parsing the rest: the object's
// keys are walked, the values of other keys jumped over by a native search for brackets and
// quotes (a long array of numbers is one regex step), and only the chosen values parsed. For the
// digest's big machine-read files whose few scalar fields are wanted on a hot path: the search
// header's versions, the manifest's schema and content hash.

const WHITESPACE = /[ \t\n\r]*/y;
/** The next character that opens or closes a nested value (digits and commas are jumped over natively). */
const STRUCTURE = /["[\]{}]/g;
/** A scalar value: up to the next comma or closing brace at the same level. */
const SCALAR = /[^,}\]]*/y;

function skipWhitespace(text: string, at: number): number {
  WHITESPACE.lastIndex = at;
  WHITESPACE.exec(text);
  return WHITESPACE.lastIndex;
}

/** The offset just past the closing quote of the string opening at `at`; -1 when it does not close. */
function stringEnd(text: string, at: number): number {
  let quote = text.indexOf('"', at + 1);
  while (quote !== -1) {
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === 92) backslashes += 1;
    if (backslashes % 2 === 0) return quote + 1;
    quote = text.indexOf('"', quote + 1);
  }
  return -1;
}

/** The offset just past the array or object opening at `at`; -1 when it does not close. */
function nestedEnd(text: string, at: number): number {
  let depth = 0;
  STRUCTURE.lastIndex = at;
  for (let match = STRUCTURE.exec(text); match !== null; match = STRUCTURE.exec(text)) {
    const char = match[0];
    if (char === '"') {
      const end = stringEnd(text, match.index);
      if (end === -1) return -1;
      STRUCTURE.lastIndex = end;
    } else if (char === '[' || char === '{') {
      depth += 1;
    } else {
      depth -= 1;
      if (depth === 0) return match.index + 1;
    }
  }
  return -1;
}

/** The offset just past the value starting at `at`; -1 when it is cut short. */
function valueEnd(text: string, at: number): number {
  const char = text[at];
  if (char === '"') return stringEnd(text, at);
  if (char === '[' || char === '{') return nestedEnd(text, at);
  SCALAR.lastIndex = at;
  SCALAR.exec(text);
  return SCALAR.lastIndex === at ? -1 : SCALAR.lastIndex;
}

function parsed(slice: string): unknown {
  try {
    return JSON.parse(slice) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * The values of `keys` at the top level of the JSON object `text` (a key absent, or a value that
 * does not parse, is left out); null when the text is not an object that can be walked to its end.
 * Only the structure is checked (strings closed, brackets balanced), not that the rest is valid
 * JSON. With `stopWhenFound` the walk ends at the last of the keys, the rest unchecked.
 */
export function topLevelValues(text: string, keys: readonly string[], stopWhenFound = false): Map<string, unknown> | null {
  const wanted = new Set(keys);
  const found = new Map<string, unknown>();
  let at = skipWhitespace(text, 0);
  if (text[at] !== '{') return null;
  at = skipWhitespace(text, at + 1);
  if (text[at] === '}') return found;
  for (;;) {
    if (text[at] !== '"') return null;
    const keyEnd = stringEnd(text, at);
    if (keyEnd === -1) return null;
    const key = parsed(text.slice(at, keyEnd));
    at = skipWhitespace(text, keyEnd);
    if (text[at] !== ':') return null;
    at = skipWhitespace(text, at + 1);
    const end = valueEnd(text, at);
    if (end === -1) return null;
    if (typeof key === 'string' && wanted.has(key)) {
      const value = parsed(text.slice(at, end));
      if (value !== undefined) found.set(key, value);
      if (stopWhenFound && found.size === wanted.size) return found;
    }
    at = skipWhitespace(text, end);
    if (text[at] === '}') return skipWhitespace(text, at + 1) === text.length ? found : null;
    if (text[at] !== ',') return null;
    at = skipWhitespace(text, at + 1);
  }
}

/**
 * The slugs of MkDocs sites, written from Python-Markdown's `toc` extension (3.x) and
 * pymdown-extensions' `slugs` module, which Material's blog plugin uses for post urls.
 */

/** Python's ASCII whitespace as `str.isspace()` knows it (`\s` and `strip()` on ASCII text): JS `\s` lacks \x1c-\x1f. */
const PY_SPACE = '\\t\\n\\v\\f\\r \\x1c-\\x1f';
const DROPPED = new RegExp(`[^A-Za-z0-9_${PY_SPACE}-]`, 'g');
const SEPARATORS = new RegExp(`[-${PY_SPACE}]+`, 'g');
const EDGE_SPACE = new RegExp(`^[${PY_SPACE}]+|[${PY_SPACE}]+$`, 'g');

/**
 * Python-Markdown's default `toc` slugify (what MkDocs and Material's own site configure): NFKD,
 * non-ASCII dropped (`é` -> `e`, `中` -> nothing), everything but word characters, whitespace and
 * `-` dropped, trimmed, lowercased, each run of whitespace and hyphens one `-`.
 */
export function pythonMarkdownSlug(text: string): string {
  const ascii = text.normalize('NFKD').replace(/[^\x00-\x7f]/g, '');
  const kept = ascii.replace(DROPPED, '').replace(EDGE_SPACE, '').toLowerCase();
  return kept.replace(SEPARATORS, '-');
}

const COUNTED = /^(.*)_([0-9]+)$/;

/**
 * The `toc` extension's `unique`: an id already used on the page (or empty) gets `_1`; one that
 * already ends in `_N` counts on to `_N+1`, so `a`, `a`, `a` are `a`, `a_1`, `a_2`.
 */
export function uniqueHeadingId(id: string, used: Set<string>): string {
  let candidate = id;
  while (candidate === '' || used.has(candidate)) {
    const counted = COUNTED.exec(candidate);
    candidate = counted ? `${counted[1] ?? ''}_${Number(counted[2]) + 1}` : `${candidate}_1`;
  }
  used.add(candidate);
  return candidate;
}

/**
 * pymdown-extensions' configurable `slugify(case="lower")`, the blog plugin's `post_slugify`:
 * NFC, tags stripped, trimmed, lowercased, every character that is not a (Unicode) word
 * character, `-` or a space dropped, each space one separator (runs are not folded).
 */
export function pymdownxSlug(text: string, separator = '-'): string {
  const lowered = text.normalize('NFC').replace(/<\/?[^>]*>/g, '').trim().toLowerCase();
  return lowered.replace(/[^\p{L}\p{N}_\- ]/gu, '').replace(/ /g, separator);
}

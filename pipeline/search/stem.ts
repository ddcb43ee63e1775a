/**
 * A light, conservative English suffix stripper, so `tokens`/`token`, `configuring`/
 * `configured`/`configure` and `notifications`/`notification` meet. It only touches
 * alphabetic words of four letters or more and keeps at least a three-letter stem with a vowel;
 * it never touches identifiers (those are tokenised whole and by part, unstemmed).
 */
const VOWEL = /[aeiouy]/;

function hasVowelStem(stem: string): boolean {
  return stem.length >= 3 && VOWEL.test(stem);
}

function stripPlural(word: string): string {
  if (word.endsWith('sses')) return word.slice(0, -2);
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (word.endsWith('s') && !word.endsWith('ss') && !word.endsWith('us') && !word.endsWith('is')) return word.slice(0, -1);
  return word;
}

function stripVerbal(word: string): string {
  for (const suffix of ['ing', 'ed']) {
    if (!word.endsWith(suffix)) continue;
    const stem = word.slice(0, -suffix.length);
    if (!hasVowelStem(stem)) return word;
    // `stopped` -> `stop`, but `installed` keeps `install` (ll is a real double), and `setting`
    // keeps `sett` rather than meeting `set`
    const last = stem[stem.length - 1];
    if (last !== undefined && last === stem[stem.length - 2] && !'lsz'.includes(last) && stem.length - 1 >= MIN_E_STEM) return stem.slice(0, -1);
    return stem;
  }
  return word;
}

/** A final `e` goes only from stems long enough that dropping it cannot make another word (`note` stays, not `not`). */
const MIN_E_STEM = 4;

/**
 * Returns the stem of a lowercase word; anything not purely alphabetic comes back unchanged.
 * A word and its plural always meet (`rule`/`rules`, `page`/`pages`), and so do verb forms
 * (`configure`/`configured`/`configuring`).
 */
export function stem(word: string): string {
  if (word.length <= 3 || !/^\p{Ll}+$/u.test(word)) return word;
  let result = stripVerbal(stripPlural(word));
  if (result.endsWith('e') && result.length - 1 >= MIN_E_STEM && hasVowelStem(result.slice(0, -1))) result = result.slice(0, -1);
  return result;
}

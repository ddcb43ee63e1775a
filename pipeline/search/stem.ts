/**
 * A light, conservative English suffix stripper, so `tokens`/`token`, `configuring`/
 * `configured`/`configure` and `notifications`/`notification` meet. It only touches
 * alphabetic words longer than four letters and keeps at least a three-letter stem with a vowel;
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
    // `stopped` -> `stop`, but `installed` keeps `install` (ll is a real double)
    const last = stem[stem.length - 1];
    if (last !== undefined && last === stem[stem.length - 2] && !'lsz'.includes(last)) return stem.slice(0, -1);
    return stem;
  }
  return word;
}

/** Returns the stem of a lowercase word; anything not purely alphabetic comes back unchanged. */
export function stem(word: string): string {
  if (word.length <= 4 || !/^\p{Ll}+$/u.test(word)) return word;
  let result = stripVerbal(stripPlural(word));
  if (result.endsWith('e') && hasVowelStem(result.slice(0, -1))) result = result.slice(0, -1);
  return result;
}

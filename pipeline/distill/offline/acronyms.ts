/**
 * Acronyms the docs spell out: "one-time passcode (OTP)", "OTP (one-time
 * passcode)". An expansion counts only when its words' initials spell the
 * acronym, so "the runtime (see below)" is never read as one.
 */
import { singular as singularWord } from './text.ts';

/** One spelled-out acronym, as written in the text. */
export interface AcronymPair {
  readonly expansion: string;
  readonly acronym: string;
}

/** Small words an acronym may skip ("Bureau of Labor" -> BL). */
const SKIPPABLE = new Set(['of', 'and', 'the', 'for', 'to', 'in', 'on', 'a', 'an', '&']);

/**
 * True when `letters` (lower case) can be read from `parts` in order: each
 * part gives its first letter, may give more of its own letters after that
 * ("Secure Shell" -> SSH), and a small word may give none.
 */
function spells(letters: string, parts: readonly string[]): boolean {
  if (parts.length === 0) return letters.length === 0;
  const [part = '', ...rest] = parts;
  if (SKIPPABLE.has(part) && spells(letters, rest)) return true;
  if (letters.charAt(0) !== part.charAt(0)) return false;
  // The part gives its first letter, then optionally further letters of its own, in order.
  let remaining = letters.slice(1);
  if (spells(remaining, rest)) return true;
  for (let i = 1; i < part.length && remaining.length > 0; i += 1) {
    if (part.charAt(i) === remaining.charAt(0)) {
      remaining = remaining.slice(1);
      if (spells(remaining, rest)) return true;
    }
  }
  return false;
}

/** The acronym's letters, lower case, without a plural `s` ("APIs" -> "api"). */
function lettersOf(acronym: string): string {
  return acronym.replace(/(?<=[A-Z])s$/, '').toLowerCase();
}

/**
 * The shortest run of words ending `words` whose initials spell `acronym`,
 * or null. Hyphenated words count as several ("one-time" -> o, t).
 */
export function expansionFor(acronym: string, words: readonly string[]): string | null {
  const letters = lettersOf(acronym);
  if (letters.length < 2) return null;
  for (let take = 1; take <= Math.min(words.length, letters.length + 2); take += 1) {
    const run = words.slice(words.length - take);
    const parts = run.flatMap((word) => word.toLowerCase().split('-')).filter((part) => part.length > 0);
    if (SKIPPABLE.has(parts[0] ?? '')) continue;
    // One word spells an acronym only through its own capitals ("JavaScript" -> JS).
    if (parts.length === 1 && (run[0] ?? '').replace(/[^A-Z]/g, '').toLowerCase() !== letters) continue;
    if (spells(letters, parts)) return run.join(' ');
  }
  return null;
}

/** A token shaped like an acronym: 2-8 letters, mostly capitals ("OTP", "APIs", "OAuth"). */
export function isAcronym(token: string): boolean {
  return /^[A-Z][A-Za-z]{1,7}$/.test(token) && (token.match(/[A-Z]/g)?.length ?? 0) >= 2;
}

/** The trailing run of plain words in `text` (stops at punctuation other than hyphens). */
function trailingWords(text: string): string[] {
  const tail = /[A-Za-z0-9'’\s-]*$/.exec(text)?.[0] ?? '';
  return tail.split(/\s+/).filter((word) => /^[A-Za-z]/.test(word));
}

/** Every spelled-out acronym in `text`, in order, both "expansion (ACR)" and "ACR (expansion)". */
export function findAcronyms(text: string): AcronymPair[] {
  const found: AcronymPair[] = [];
  const parenthesised = /\(([^()]{1,60})\)/g;
  for (let match = parenthesised.exec(text); match; match = parenthesised.exec(text)) {
    const inner = (match[1] ?? '').trim();
    const before = text.slice(Math.max(0, match.index - 120), match.index);
    if (isAcronym(inner)) {
      // "one-time passcode (OTP)": the words just before the parenthesis.
      const expansion = expansionFor(inner, trailingWords(before));
      if (expansion) found.push({ expansion, acronym: inner });
      continue;
    }
    const previous = /(?:^|[^A-Za-z])([A-Z][A-Za-z]{1,7})\s*$/.exec(before)?.[1] ?? '';
    const innerWords = inner.split(/\s+/);
    if (isAcronym(previous) && innerWords.length <= 8 && innerWords.every((word) => /^[A-Za-z][A-Za-z'’-]*$/.test(word))) {
      // "OTP (one-time passcode)": the whole parenthesis must spell the acronym.
      const expansion = expansionFor(previous, innerWords);
      if (expansion === innerWords.join(' ')) found.push({ expansion, acronym: previous });
    }
  }
  return found;
}

/**
 * The pair in the singular when the docs spelled it out in the plural ("JSON Web Tokens (JWTs)"
 * -> "JSON Web Token", "JWT"): a glossary names one thing. Other pairs are returned as they are.
 */
export function singularPair(pair: AcronymPair): AcronymPair {
  if (!/[A-Z]s$/.test(pair.acronym)) return pair;
  const last = /(\S+)$/.exec(pair.expansion)?.[1] ?? '';
  const one = singularWord(last);
  if (one === last) return pair;
  return { acronym: pair.acronym.slice(0, -1), expansion: `${pair.expansion.slice(0, -last.length)}${one}` };
}

/**
 * The shapes every definition finder shares: what a found definition is, what can be a term,
 * the aliases a parenthesis gives, the "X is a ..." sentence, and the key two phrases are
 * compared by.
 */
import { expansionFor, isAcronym } from './acronyms.ts';
import { COLUMN_NAMES, STOPWORDS } from './lexicon.ts';
import { singular, words } from './text.ts';
import type { SectionDefinition } from '../../types.ts';

/** How a definition was found; a lower number wins when one term is defined twice. */
export type DefinitionSource = SectionDefinition['source'];
export const SOURCE_RANK: Readonly<Record<DefinitionSource, number>> = { heading: 0, bold: 1, table: 2, deflist: 2, colon: 3, acronym: 4 };

/** One stated definition (the build keeps them as a section's notes). */
export type FoundDefinition = SectionDefinition;

const NOT_TERMS = new Set([
  'note', 'notes', 'warning', 'tip', 'important', 'caution', 'danger', 'info', 'example', 'examples', 'default',
  'required', 'optional', 'deprecated', 'yes', 'no', 'true', 'false', 'summary', 'result', 'output', 'input',
  'before', 'after', 'why', 'how', 'what', 'when', 'where', 'see also', 'tl;dr', 'prerequisites', 'requirements',
  'type', 'types', 'usage', 'values', 'value', 'description', 'details', 'overview', 'introduction', 'glossary',
  'terms', 'terminology', 'definitions', 'definition', 'key concepts', 'concepts', 'vocabulary',
  // the names of table columns and of kinds of section: they head a list of things, they name none
  ...COLUMN_NAMES,
]);
const PRONOUNS = new Set(['this', 'it', 'that', 'these', 'those', 'there', 'you', 'we', 'they', 'here', 'each', 'every', 'all', 'some', 'its']);
const IS_NEXT = new Set(['a', 'an', 'the', 'one', 'what', 'how', 'where', 'your', 'our', 'any']);

/** True for a phrase that can be a glossary term: 1-6 words, no sentence punctuation, not a label. */
export function isTermLike(term: string): boolean {
  const text = term.trim();
  if (text.length < 2 || text.length > 60 || !/^[A-Za-z0-9`]/.test(text) || /[.!?;,"]/.test(text)) return false;
  if (!/[A-Za-z]{2}/.test(text)) return false;
  const parts = text.split(/\s+/);
  if (parts.length > 6) return false;
  const lower = text.toLowerCase();
  return !NOT_TERMS.has(lower) && !/^step\s+\d/.test(lower) && !PRONOUNS.has((parts[0] ?? '').toLowerCase());
}

/** The names an "also known as" phrase gives: "*A* or *B*", "A, B" (emphasis and quotes dropped). */
export function namesIn(list: string): string[] {
  return list
    .split(/\s*(?:,|;|\/|\bor\b|\band\b)\s*/)
    .map((name) => name.trim().replace(/^[`"'*_“]+|[`"'*_”.]+$/g, '').trim())
    .filter((name) => name.length > 0 && isTermLike(name));
}

/**
 * Aliases from a parenthesis after a term: an acronym that spells it ("(OTP)"), or "also known
 * as X", "aka X", "a.k.a. X", "also called X", "or X", "formerly X", "short for X", "X for short".
 */
export function aliasesFrom(term: string, parenthetical: string | undefined): string[] {
  const inner = (parenthetical ?? '').trim();
  if (!inner) return [];
  if (isAcronym(inner) && expansionFor(inner, term.split(/\s+/)) !== null) return [inner];
  const named =
    /^(?:also known as|also called|known as|sometimes called|a\.k\.a\.?|aka|or|also|formerly|previously|short for|short)[:\s]+(.+)$/i.exec(inner)?.[1] ??
    /^(.+?)\s+for short$/i.exec(inner)?.[1];
  return named ? namesIn(named) : [];
}

const NOT_PLURALS = new Set(['across', 'unless', 'whereas', 'towards', 'besides', 'perhaps', 'sometimes', 'afterwards']);
const NOT_COMPLEMENTS = new Set(['not', 'also', 'only', 'always', 'never', 'often', 'usually', 'still', 'both', 'all', 'per', 'as']);

/** True when "are" is followed by a plural noun within two words ("are long-lived tokens", "are processes"). */
function pluralNounFollows(rest: string): boolean {
  const [first = '', second = ''] = rest.toLowerCase().split(/\s+/).map((word) => word.replace(/[^a-z-]/g, ''));
  if (NOT_COMPLEMENTS.has(first) || /ly$/.test(first)) return false;
  const plural = (word: string): boolean =>
    word.length >= 4 && /[a-z]s$/.test(word) && !/(?:ss|ous|is|us|ways)$/.test(word) && !STOPWORDS.has(word) && !NOT_PLURALS.has(word);
  // "are used by" is not a definition; "are versioned descriptions" is.
  if (/(?:ed|ing)$/.test(first)) return plural(second);
  return plural(first) || plural(second);
}

/** Splits "X is a ..." into its subject, parenthesis and plurality, or null. */
export function matchDefinition(sentence: string): { subject: string; parenthetical?: string; plural: boolean } | null {
  // an aside between dashes after the subject is skipped: "Hono - means flame in Japanese - is a ..."
  const match = /^(?:(?:A|An|The)\s+)?(.{1,60}?)(?:\s+\(([^)]{1,40})\))?(?:\s+[-—–]\s+[^-—–]{1,60}?\s+[-—–])?,?\s+(is|are|refers to|means|stands for)\s+(\S+)/.exec(
    sentence,
  );
  if (!match) return null;
  const subject = match[1] ?? '';
  const verb = match[3] ?? '';
  const next = (match[4] ?? '').toLowerCase().replace(/[^a-z-]/g, '');
  if (verb === 'is' && !IS_NEXT.has(next)) return null;
  if (verb === 'are' && !IS_NEXT.has(next) && !pluralNounFollows(sentence.slice(match[0].length - (match[4] ?? '').length))) {
    return null;
  }
  if (!isTermLike(subject) || /[()]/.test(subject)) return null;
  const parenthetical = match[2];
  return parenthetical === undefined ? { subject, plural: verb === 'are' } : { subject, parenthetical, plural: verb === 'are' };
}

/** A phrase reduced for comparison: lower-case singular words, articles and "what is" dropped. */
export function conceptKey(text: string): string {
  const known = conceptKeys.get(text);
  if (known !== undefined) return known;
  const key = computeConceptKey(text);
  if (conceptKeys.size > 100_000) conceptKeys.clear();
  conceptKeys.set(text, key);
  return key;
}

/** Headings and terms recur across a corpus; their keys are worked out once. */
const conceptKeys = new Map<string, string>();

function computeConceptKey(text: string): string {
  const cleaned = text.replace(/^(?:what\s+(?:is|are)|about|understanding|introducing|introduction\s+to)\s+/i, '');
  return words(cleaned)
    .filter((word, i) => !(i === 0 && (word === 'a' || word === 'an' || word === 'the')))
    .map(singular)
    .join(' ');
}

/**
 * True when a definition's subject is what a heading is about: every word of
 * the subject (singular, no articles) is a word of the heading ("A section
 * is ..." under "Sections and their IDs"), or the subject's acronym is ("The
 * model context protocol (MCP) is ..." under "The MCP server").
 */
export function namesHeading(subject: string, parenthetical: string | undefined, heading: string): boolean {
  const headingWords = new Set(conceptKey(heading).split(' '));
  const subjectWords = conceptKey(subject).split(' ').filter((word) => word.length > 0);
  if (subjectWords.length > 0 && subjectWords.every((word) => headingWords.has(word))) return true;
  const acronym = (parenthetical ?? '').trim();
  return isAcronym(acronym) && headingWords.has(singular(acronym.toLowerCase()));
}

/** A term written with a trailing parenthesis ("Content-addressable store (CAS)"): the term and the parenthesis. */
export function splitParenthesis(text: string): { term: string; parenthetical?: string } {
  const match = /^(.+?)\s*\(([^()]{1,60})\)$/.exec(text.trim());
  if (!match) return { term: text.trim() };
  return { term: (match[1] ?? '').trim(), parenthetical: match[2] ?? '' };
}

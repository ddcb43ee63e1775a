/**
 * The search terms of a section: the words that say what it is about beyond its heading, which
 * the keyword scorer already weighs three times (spec "Keyword ranking", rule 4); a term here
 * earns the weight again.
 *
 * In this order, lower case, deduplicated, at most `MAX_TERMS`:
 * 1. the page title and its words when the heading has at most one content
 *    word ("Usage", "Example"): what the section is about is the page's topic;
 * 2. acronyms with their expansion ("one-time passcode (OTP)" -> both), and
 *    other acronyms the section uses (`API`, `MCP`);
 * 3. key phrases: bold text and link text of at most 4 words, with their words;
 * 4. identifiers, whole (`read_status`, `createAskHandler`, `--access-url` ->
 *    `access-url`): backticked ones (a flag with a placeholder gives its flag,
 *    a short command its words), then the section's key and flag facts and the
 *    words of its paths;
 * 5. up to `MAX_SYNONYMS` synonyms from the thesaurus (lexicon.ts) whose
 *    trigger is in the heading, in order of first occurrence;
 * 6. words used at least twice in the body's prose, most frequent first;
 * 7. when none of these, the heading and its words (a section always has terms).
 * Items 1-4 take at most `MAX_TERMS - MAX_SYNONYMS` places; stopwords, single
 * characters and one- or two-digit numbers are never terms (`404` is).
 *
 * Why not more (section pass v3 had it): the heading's own words only added a fourth weight to
 * the three a heading match gives; identifier parts (`createAskHandler` -> `create`, `ask`,
 * `handler`) handed every option name's words to plain-language queries; and synonyms of any
 * word of the body (`list` -> `show`, `remove` -> `delete`) spread generic verbs over sections
 * that merely use them: a synonym says what a section is about only when its trigger is the
 * section's subject. On the four real docs corpora of `bench:search` (MRR@6, offline digest,
 * rule 5's floor at 4) these terms gave 0.803 on the mean against 0.786 with v3's (no corpus
 * lower), and 0.763 against 0.765 on content-fixtures, whose thesaurus was written with its
 * pages. Terms ranked by in-section frequency or rarity instead of item 6 measured the same
 * within 0.01.
 */
import type { Nodes, RootContent } from 'mdast';
import { findAcronyms, isAcronym } from './acronyms.ts';
import { STOPWORDS, THESAURUS } from './lexicon.ts';
import type { FoundFact } from './facts.ts';
import { walkAll } from './parse.ts';
import { plainText, singular, squash, words } from './text.ts';
import { compareCodeUnits } from '../../text/compare.ts';

export const MAX_TERMS = 24;
const MAX_SYNONYMS = 6;
const NOT_ACRONYMS = new Set([
  'OK', 'OR', 'AND', 'NOT', 'TODO', 'NOTE', 'TIP', 'WARNING', 'IMPORTANT', 'CAUTION', 'DANGER', 'INFO',
  'KiB', 'MiB', 'GiB', 'TiB', 'KB', 'MB', 'GB', 'TB',
]);

/** An ordered set of terms that ignores what is not a term. */
class TermList {
  readonly items: string[] = [];
  private readonly seen = new Set<string>();

  constructor(private readonly limit: number) {}

  get full(): boolean {
    return this.items.length >= this.limit;
  }

  add(raw: string): void {
    const term = squash(raw.toLowerCase()).replace(/^[^a-z0-9]+|[^a-z0-9]+$/g, '');
    if (this.full || term.length < 2 || term.length > 40 || this.seen.has(term)) return;
    if (/^\d{1,2}$/.test(term) || STOPWORDS.has(term)) return;
    this.seen.add(term);
    this.items.push(term);
  }

  has(term: string): boolean {
    return this.seen.has(term);
  }

  /** Adds a phrase of 2-4 words that is not only stopwords ("its own page"), then its words. */
  addPhrase(raw: string): void {
    const phrase = squash(raw);
    const count = phrase.split(' ').length;
    const meaningful = words(phrase).filter((word) => !STOPWORDS.has(word)).length > 0;
    if (count >= 2 && count <= 4 && meaningful && !/[.,;:!?()[\]{}"`]/.test(phrase)) this.add(phrase);
    if (count <= 4) for (const word of words(phrase)) this.add(word);
  }
}

/**
 * The identifiers of an inline code value: the value itself when it is one
 * (`read_status`, `--access-url`), the flag of a flag with a placeholder
 * (`--port N` -> `--port`), the words of a short command (`ask serve`).
 */
function identifiersIn(code: string): string[] {
  const value = code.trim();
  if (value.length > 40) return [];
  if (/^[-/]*[A-Za-z][\w.-]*$/.test(value)) return [value];
  const parts = value.split(/\s+/);
  if (/^--?[A-Za-z]/.test(value)) return [parts[0] ?? ''];
  if (parts.length <= 3 && parts.every((part) => /^[a-z][\w-]*$/.test(part))) return parts;
  return [];
}

/** What the section says, gathered in one walk. */
interface Gathered {
  readonly phrases: string[];
  readonly identifiers: string[];
  /** Prose with inline code values (for frequency and synonyms). */
  readonly prose: string[];
  /** Prose without code (for acronyms: `DIR` in `--digest DIR` is a placeholder). */
  readonly words: string[];
}

function gather(body: readonly RootContent[]): Gathered {
  const gathered: Gathered = { phrases: [], identifiers: [], prose: [], words: [] };
  walkAll(body, (node: Nodes) => {
    switch (node.type) {
      case 'strong':
      case 'link':
        gathered.phrases.push(plainText(node));
        return true;
      case 'inlineCode':
        gathered.identifiers.push(...identifiersIn(node.value));
        return false;
      case 'code':
        return false;
      case 'paragraph':
      case 'heading':
      case 'tableCell':
        gathered.prose.push(plainText(node));
        gathered.words.push(plainText(node, false));
        return true;
      default:
        return true;
    }
  });
  return gathered;
}

/** Each thesaurus trigger as it is looked for: singular words between spaces. */
const TRIGGERS: readonly string[] = THESAURUS.map(([trigger]) => ` ${words(trigger).map(singular).join(' ')} `);

/** Thesaurus synonyms whose trigger occurs in `text`, in order of the trigger's first occurrence. */
function synonymsFor(text: string): string[] {
  const padded = ` ${words(text).map(singular).join(' ')} `;
  const hits: { at: number; order: number; synonyms: readonly string[] }[] = [];
  THESAURUS.forEach(([, synonyms], order) => {
    const at = padded.indexOf(TRIGGERS[order] ?? '');
    if (at >= 0) hits.push({ at, order, synonyms });
  });
  hits.sort((a, b) => a.at - b.at || a.order - b.order);
  return hits.flatMap((hit) => hit.synonyms);
}

/** Words used at least twice in `text`, most frequent first, then by first use. */
function frequentWords(text: string): string[] {
  const counts = new Map<string, { count: number; first: number }>();
  words(text).forEach((word, index) => {
    if (word.length < 4 || STOPWORDS.has(word) || /^\d+$/.test(word)) return;
    const seen = counts.get(word);
    counts.set(word, seen ? { count: seen.count + 1, first: seen.first } : { count: 1, first: index });
  });
  return [...counts.entries()]
    .filter(([, seen]) => seen.count >= 2)
    .sort((a, b) => b[1].count - a[1].count || a[1].first - b[1].first || compareCodeUnits(a[0], b[0]))
    .map(([word]) => word);
}

/** Identifiers named by facts: keys and flags whole, and the words of paths (`/api/v2/authcheck` -> `authcheck`). */
function factIdentifiers(facts: readonly FoundFact[]): string[] {
  return facts.flatMap((fact) => {
    if (fact.kind === 'key' || fact.kind === 'flag') return identifiersIn(fact.literal);
    if (fact.kind === 'value' && /^\/|^https?:/.test(fact.literal)) {
      return fact.literal.split(/[/?#=&:.]+/).filter((part) => /^[a-z][a-z_-]*[a-z]$/i.test(part) && !/^(?:https?|api|v\d+|www|com)$/.test(part));
    }
    return [];
  });
}

/**
 * The search terms of a section. `title` (the page title) stands in for a
 * heading with at most one content word ("Example", "Response").
 */
export function termsOf(heading: string, title: string, body: readonly RootContent[], facts: readonly FoundFact[]): string[] {
  const gathered = gather(body);
  const prose = gathered.prose.join(' ');
  const primary = new TermList(MAX_TERMS - MAX_SYNONYMS);
  if (words(heading).filter((word) => !STOPWORDS.has(word)).length <= 1) {
    primary.addPhrase(title);
    for (const word of words(title)) primary.add(word);
  }
  const plain = `${heading} ${gathered.words.join(' ')}`;
  for (const pair of findAcronyms(plain)) {
    primary.add(pair.acronym);
    primary.add(pair.expansion);
  }
  for (const token of plain.match(/\b[A-Z][A-Za-z]{1,7}\b/g) ?? []) {
    if (isAcronym(token) && !NOT_ACRONYMS.has(token)) primary.add(token.replace(/(?<=[A-Z])s$/, ''));
  }
  for (const phrase of gathered.phrases) primary.addPhrase(phrase);
  for (const identifier of [...gathered.identifiers, ...factIdentifiers(facts)]) primary.add(identifier);
  const all = new TermList(MAX_TERMS);
  for (const term of primary.items) all.add(term);
  let synonyms = 0;
  for (const synonym of synonymsFor(heading)) {
    if (synonyms >= MAX_SYNONYMS || all.has(synonym)) continue;
    all.add(synonym);
    synonyms += 1;
  }
  for (const word of frequentWords(prose)) all.add(word);
  if (all.items.length === 0) {
    all.addPhrase(heading);
    for (const word of words(heading)) all.add(word);
  }
  return all.items;
}

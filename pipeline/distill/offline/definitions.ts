/**
 * Definitions the docs state, found in one section:
 * - heading:  the first sentence of a section reads "X is a/an/the ..." (or
 *             "Xs are [word] <plural noun> ...", "X refers to / means / stands
 *             for ...") and the section's heading (the page title for an intro
 *             chunk) names X: it has every word of X, ignoring case, articles,
 *             plurals and "What is", or X's acronym ("The MCP server");
 * - bold:     "A **workspace agent** is a ..." anywhere (same verbs), at the
 *             start of a sentence;
 * - colon:    "**Term**: A definition" / "**Term** — the definition" at the start
 *             of a paragraph or list item, the definition opening with an article;
 *             in a glossary-like section (its heading says glossary, terms,
 *             terminology, definitions, key concepts or vocabulary, or its page
 *             title says glossary, terminology or vocabulary) any definition of
 *             3+ words, and `inline code` terms too;
 * - deflist:  a paragraph "Term\n: definition".
 * - acronym:  an acronym spelled out anywhere ("its time to live (TTL)"): the
 *             expansion is the term, the acronym its alias, the definition the
 *             sentence when it defines the expansion, else "TTL is short for
 *             time to live." (the weakest source: any other definition wins).
 * A parenthesis after the term that spells it as an acronym ("(OTP)") or says
 * "or/also/aka X" becomes an alias.
 */
import type { Nodes, Paragraph, RootContent } from 'mdast';
import type { Section } from '../../types.ts';
import { expansionFor, findAcronyms, isAcronym } from './acronyms.ts';
import { STOPWORDS } from './lexicon.ts';
import { walkAll } from './parse.ts';
import { plainText, proseOf, sentences, singular, squash, upperFirst, words } from './text.ts';

/** How a definition was found; a lower number wins when one term is defined twice. */
export type DefinitionSource = 'heading' | 'bold' | 'colon' | 'deflist' | 'acronym';
export const SOURCE_RANK: Readonly<Record<DefinitionSource, number>> = { heading: 0, bold: 1, deflist: 2, colon: 3, acronym: 4 };

/** One stated definition. */
export interface FoundDefinition {
  readonly term: string;
  readonly aliases: readonly string[];
  readonly definition: string;
  readonly source: DefinitionSource;
  /** The verb was plural ("Workspace agents are ..."): the term is singularised. */
  readonly plural: boolean;
  /** The heading it was found under, as written. */
  readonly heading: string;
}

const NOT_TERMS = new Set([
  'note', 'notes', 'warning', 'tip', 'important', 'caution', 'danger', 'info', 'example', 'examples', 'default',
  'required', 'optional', 'deprecated', 'yes', 'no', 'true', 'false', 'summary', 'result', 'output', 'input',
  'before', 'after', 'why', 'how', 'what', 'when', 'where', 'see also', 'tl;dr', 'prerequisites', 'requirements',
]);
const PRONOUNS = new Set(['this', 'it', 'that', 'these', 'those', 'there', 'you', 'we', 'they', 'here', 'each', 'every', 'all', 'some', 'its']);
const IS_NEXT = new Set(['a', 'an', 'the', 'one', 'what', 'how', 'where', 'your', 'our', 'any']);
const ARTICLE_START = /^(?:a|an|the|one|any|each)\s/i;
const GLOSSARY_HEADING = /\b(?:glossary|terms|terminology|definitions|key concepts|vocabulary)\b/i;
const GLOSSARY_TITLE = /\b(?:glossary|terminology|vocabulary)\b/i;

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

/** Aliases from a parenthesis after a term: an acronym that spells it, or "or/also/aka X". */
function aliasesFrom(term: string, parenthetical: string | undefined): string[] {
  const inner = (parenthetical ?? '').trim();
  if (!inner) return [];
  if (isAcronym(inner) && expansionFor(inner, term.split(/\s+/)) !== null) return [inner];
  const named = /^(?:or|also|aka|also called|also known as|short)\s+(?:for\s+)?(.+)$/i.exec(inner)?.[1];
  return named && isTermLike(named) ? [named.replace(/^[`"']|[`"']$/g, '')] : [];
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
  const match = /^(?:(?:A|An|The)\s+)?(.{1,60}?)(?:\s+\(([^)]{1,40})\))?,?\s+(is|are|refers to|means|stands for)\s+(\S+)/.exec(
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

/** The heading-based definition of a section, if its first sentence defines its heading. */
function fromHeading(body: readonly RootContent[], heading: string): FoundDefinition | null {
  const first = body.slice(0, 2).find((node): node is Paragraph => node.type === 'paragraph');
  const sentence = first ? sentences(proseOf(first))[0] : undefined;
  if (!sentence) return null;
  const match = matchDefinition(sentence);
  if (!match || !namesHeading(match.subject, match.parenthetical, heading)) return null;
  return {
    term: match.subject,
    aliases: aliasesFrom(match.subject, match.parenthetical),
    definition: sentence,
    source: 'heading',
    plural: match.plural,
    heading,
  };
}

/** Bold and colon definitions in one paragraph. */
function fromParagraph(paragraph: Paragraph, heading: string, glossaryLike: boolean): FoundDefinition[] {
  const found: FoundDefinition[] = [];
  paragraph.children.forEach((child, i) => {
    const isTerm = child.type === 'strong' || (glossaryLike && child.type === 'inlineCode');
    if (!isTerm) return;
    const before = paragraph.children.slice(0, i).map((node) => plainText(node)).join('');
    const after = squash(paragraph.children.slice(i + 1).map((node: Nodes) => plainText(node)).join(''));
    const raw = squash(plainText(child));
    const term = raw.replace(/[:\s]+$/, '');
    if (!isTermLike(term)) return;
    const colon = raw.endsWith(':') || /^[:—–]\s/.test(after) || /^-\s/.test(after);
    if (before.trim() === '' && colon) {
      const text = upperFirst(after.replace(/^[:—–-]\s*/, ''));
      const definition = sentences(text)[0] ?? '';
      const ok = glossaryLike ? definition.split(' ').length >= 3 : ARTICLE_START.test(definition);
      if (ok) found.push({ term, aliases: [], definition, source: 'colon', plural: false, heading });
      return;
    }
    const lead = /(?:^|[.!?]\s+)((?:A|An|The)\s+)?$/.exec(squash(before) === '' ? '' : `${squash(before)} `);
    if (child.type !== 'strong' || !lead) return;
    const sentence = sentences(squash(`${lead[1] ?? ''}${raw} ${after}`))[0] ?? '';
    const match = matchDefinition(sentence);
    if (!match || match.subject !== raw) return;
    found.push({
      term,
      aliases: aliasesFrom(term, match.parenthetical),
      definition: sentence,
      source: 'bold',
      plural: match.plural,
      heading,
    });
  });
  return found;
}

/** A Pandoc-style definition: "Term\n: definition". */
function fromDefinitionLine(paragraph: Paragraph, heading: string): FoundDefinition | null {
  const match = /^([^\n:]{2,60})\n:\s+(.+)$/s.exec(plainText(paragraph));
  const term = squash(match?.[1] ?? '');
  const definition = sentences(squash(match?.[2] ?? ''))[0] ?? '';
  if (!match || !isTermLike(term) || definition.split(' ').length < 3) return null;
  return { term, aliases: [], definition: upperFirst(definition), source: 'deflist', plural: false, heading };
}

/**
 * A cheap test on a section's source and plain text: false when no pattern
 * above can match, so the glossary pass need not parse the section (parsing
 * dominates its cost on a large corpus).
 */
export function mayDefine(section: Section): boolean {
  const heading = section.heading ?? section.title;
  if (/\*\*|__|\n:\s/.test(section.source) || GLOSSARY_HEADING.test(heading) || GLOSSARY_TITLE.test(section.title)) return true;
  const first = sentences(squash(section.text))[0] ?? '';
  const match = matchDefinition(first);
  return match !== null && namesHeading(match.subject, match.parenthetical, heading);
}

/** Every definition stated in one section, in document order. */
export function definitionsIn(section: Section, body: readonly RootContent[]): FoundDefinition[] {
  const heading = section.heading ?? section.title;
  const glossaryLike = GLOSSARY_HEADING.test(heading) || GLOSSARY_TITLE.test(section.title);
  const found: FoundDefinition[] = [];
  const byHeading = fromHeading(body, heading);
  if (byHeading) found.push(byHeading);
  walkAll(body, (node) => {
    if (node.type === 'code' || node.type === 'table') return false;
    if (node.type !== 'paragraph') return true;
    found.push(...fromParagraph(node, heading, glossaryLike));
    const line = fromDefinitionLine(node, heading);
    if (line) found.push(line);
    return false;
  });
  return found;
}

/** Spelled-out acronyms of a section as definitions of their expansions. */
export function acronymDefinitions(section: Section): FoundDefinition[] {
  const heading = section.heading ?? section.title;
  return sentences(squash(section.text)).flatMap((sentence) =>
    findAcronyms(sentence)
      .filter((pair) => isTermLike(pair.expansion))
      .map((pair) => {
        const match = matchDefinition(sentence);
        const defines = match !== null && conceptKey(match.subject) === conceptKey(pair.expansion);
        return {
          term: pair.expansion,
          aliases: [pair.acronym],
          definition: defines ? sentence : `${pair.acronym} is short for ${pair.expansion}.`,
          source: 'acronym' as const,
          plural: false,
          heading,
        };
      }),
  );
}

/**
 * The glossary pass: the terms the corpus itself defines (see definitions.ts).
 *
 * 1. Definitions are collected section by section, in corpus order, leaving
 *    out change logs, release notes, licences and the 404 page (scope.ts).
 * 2. One entry per term, merged ignoring case, articles and plurals: the
 *    definition of the strongest source wins (heading > bold > table =
 *    deflist > colon > acronym), the first in corpus order among equals;
 *    aliases are united.
 * 3. Aliases: acronyms the corpus spells out for the term anywhere ("one-time
 *    passcode (OTP)"); the heading a term was defined under when it names the
 *    same thing in other words ("Workspace agents"). An entry whose term is an
 *    alias of another entry is folded into it (an `OTP` entry into
 *    `one-time passcode`); a defined acronym the corpus spells out is renamed
 *    to its expansion with the acronym as alias.
 * 4. A term is written in lower case (sentence-initial and list-item capitals
 *    dropped) unless it contains an acronym or inner capital, or the docs'
 *    prose (not their code, URLs or headings: usage.ts) writes it capitalised
 *    in mid-sentence more often than in lower case (a name: "Hono", "the Ask
 *    service", "Deno Deploy"); singular when defined with "are".
 * 5. Definitions are plain text, at most `MAX_DEFINITION` characters; entries
 *    are sorted by term (lower case, then as written), aliases by code unit.
 */
import type { CorpusInput, GlossaryEntry, Section } from '../../types.ts';
import { findAcronyms } from './acronyms.ts';
import { conceptKey, isTermLike, SOURCE_RANK, type FoundDefinition } from './definitions.ts';
import { isOffTopicPage } from './scope.ts';
import { allDefinitions } from './stated.ts';
import { clipWords, singular, words } from './text.ts';
import { compareCodeUnits } from '../../text/compare.ts';
import { isNameIn, NO_USAGE, usageOf, type Usage } from './usage.ts';

export const MAX_DEFINITION = 300;

interface Draft {
  term: string;
  aliases: Set<string>;
  definition: string;
  rank: number;
}

/** Where a term's case is decided: how the docs' prose writes each phrase (usage.ts). */
type UsageLookup = (phrase: string) => Usage;

/** A term as found, before its case is decided: backticks gone, singular for "are" definitions. */
function rawTerm(found: Pick<FoundDefinition, 'term' | 'plural'>): string {
  const term = found.term.replace(/^`|`$/g, '');
  return found.plural ? term.replace(/(\S+)$/, (last) => singular(last)) : term;
}

/** True when the case of `term` is part of it whatever the docs do: all lower, an acronym or an inner capital. */
function caseIsFixed(term: string): boolean {
  return term === term.toLowerCase() || /[A-Z]{2}/.test(term) || /\S[A-Z]/.test(term);
}

/**
 * The term as the docs write it: lower case unless it has an acronym or inner capital in it or
 * the docs' prose writes it capitalised mid-sentence more often than not (a name: "Hono",
 * "Deno Deploy", "the Ask box").
 */
function termForm(found: Pick<FoundDefinition, 'term' | 'plural'>, usage: UsageLookup): string {
  const term = rawTerm(found);
  if (caseIsFixed(term)) return term;
  return isNameIn(usage(term)) ? term : term.toLowerCase();
}

/** The heading a term was defined under, when it is the same words in another form ("Workspace agents"). */
function headingVariant(heading: string, term: string, usage: UsageLookup): string | null {
  const text = headingText(heading);
  if (conceptKey(text) !== conceptKey(term) || words(text).length !== words(term).length) return null;
  if (text.toLowerCase() === term.toLowerCase() || !isTermLike(text)) return null;
  const lower = text.toLowerCase();
  const form = term === term.toLowerCase() || (!/[A-Z]{2}/.test(text) && usage(text).lower > 0) ? lower : text;
  return form === term ? null : form;
}

function headingText(heading: string): string {
  return heading.replace(/[?:.]+$/, '').trim();
}

/**
 * The usage of every phrase whose case is in question (capitalised terms, their expansions and
 * headings), worked out in one pass over the corpus; nothing is read when no term is capitalised.
 */
function usageLookup(
  sections: readonly Section[],
  found: readonly FoundDefinition[],
  expansions: ReadonlyMap<string, string>,
): UsageLookup {
  const phrases = new Set<string>();
  for (const definition of found) {
    const term = rawTerm(definition);
    if (!caseIsFixed(term)) phrases.add(term);
    const expansion = expansions.get(term.toLowerCase());
    if (expansion && !caseIsFixed(expansion)) phrases.add(expansion);
    const heading = headingText(definition.heading);
    if (heading !== heading.toLowerCase()) phrases.add(heading);
  }
  const usages = usageOf(sections, phrases);
  return (phrase) => usages.get(phrase.toLowerCase()) ?? NO_USAGE;
}

/** Acronym <-> expansion pairs spelled out anywhere in the corpus, keyed by concept. */
function acronymIndex(texts: readonly string[]): { byExpansion: Map<string, string[]>; byAcronym: Map<string, string> } {
  const byExpansion = new Map<string, string[]>();
  const byAcronym = new Map<string, string>();
  for (const text of texts) {
    for (const pair of findAcronyms(text)) {
      const key = conceptKey(pair.expansion);
      const list = byExpansion.get(key) ?? [];
      if (!list.includes(pair.acronym)) list.push(pair.acronym);
      byExpansion.set(key, list);
      if (!byAcronym.has(pair.acronym.toLowerCase())) byAcronym.set(pair.acronym.toLowerCase(), pair.expansion);
    }
  }
  return { byExpansion, byAcronym };
}

/** Folds every entry whose term is another entry's alias into that entry. */
function foldAliases(drafts: Map<string, Draft>): void {
  for (const key of [...drafts.keys()].sort(compareCodeUnits)) {
    const draft = drafts.get(key);
    if (!draft) continue;
    for (const alias of [...draft.aliases]) {
      const aliasKey = conceptKey(alias);
      const other = drafts.get(aliasKey);
      if (!other || other === draft) continue;
      for (const a of other.aliases) draft.aliases.add(a);
      draft.aliases.add(other.term);
      drafts.delete(aliasKey);
    }
  }
}

/**
 * The glossary of a corpus: only terms the corpus defines, one entry each, sorted by term.
 * `definitionsOf` gives each section's definitions, stated and spelled-out acronyms (step 1,
 * `sectionDefinitions`), by default worked out from its source; a build passes those it worked
 * out while each section's tree was at hand.
 */
export function buildGlossary(corpus: CorpusInput, definitionsOf: (section: Section) => readonly FoundDefinition[] = allDefinitions): GlossaryEntry[] {
  const sections = corpus.sections.filter((section) => !isOffTopicPage(section));
  const acronyms = acronymIndex(sections.map((section) => section.text));
  const found = sections.flatMap((section) => definitionsOf(section));
  const usage = usageLookup(corpus.sections, found, acronyms.byAcronym);
  const drafts = new Map<string, Draft>();
  for (const definition of found) {
    let term = termForm(definition, usage);
    const aliases = new Set(definition.aliases);
    const expansion = acronyms.byAcronym.get(term.toLowerCase());
    if (expansion && /^[A-Z][A-Za-z]+$/.test(term) && isTermLike(expansion)) {
      aliases.add(term);
      term = termForm({ term: expansion, plural: false }, usage);
    }
    const variant = headingVariant(definition.heading, term, usage);
    if (variant) aliases.add(variant);
    const key = conceptKey(term);
    const rank = SOURCE_RANK[definition.source];
    const text = clipWords(definition.definition, MAX_DEFINITION);
    const existing = drafts.get(key);
    if (!existing) {
      drafts.set(key, { term, aliases, definition: text, rank });
    } else {
      for (const alias of aliases) existing.aliases.add(alias);
      if (rank < existing.rank) Object.assign(existing, { term, definition: text, rank });
    }
  }
  for (const [key, draft] of drafts) {
    for (const acronym of acronyms.byExpansion.get(key) ?? []) draft.aliases.add(acronym);
  }
  foldAliases(drafts);
  return [...drafts.values()]
    .map((draft) => {
      const seen = new Set([draft.term.toLowerCase()]);
      const aliases = [...draft.aliases]
        .sort(compareCodeUnits)
        .filter((alias) => {
          const lower = alias.toLowerCase();
          if (seen.has(lower)) return false;
          seen.add(lower);
          return true;
        });
      return { term: draft.term, aliases, definition: draft.definition };
    })
    .sort((a, b) => compareCodeUnits(a.term.toLowerCase(), b.term.toLowerCase()) || compareCodeUnits(a.term, b.term));
}

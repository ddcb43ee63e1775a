/**
 * The glossary pass: the terms the corpus itself defines (see definitions.ts).
 *
 * 1. Definitions are collected section by section, in corpus order, leaving
 *    out change logs, release notes, licences, the 404 page and blog or news
 *    posts, whose words belong to their day (scope.ts).
 * 2. One entry per term, merged ignoring case, articles and plurals: the
 *    definition of the strongest source wins (heading > bold > table =
 *    deflist > colon > acronym), the first in corpus order among equals;
 *    aliases are united.
 * 2a. Definitions a docs team would not ship are left out (term-precision.ts):
 *    column names, evaluations, labels of fields and tasks; an acronym the docs
 *    only spell out is kept when they use it in `ACRONYM_SECTIONS` sections or
 *    more and it is not one every reader knows (CLI, HTML). Among equal sources a definition that classifies ("X is a ...") wins
 *    over one that does not ("X is the primary object").
 * 3. Aliases are only names the text states: a parenthesis, an alias column,
 *    "also known as", acronyms the corpus spells out for the term anywhere
 *    ("one-time passcode (OTP)"), in the singular. An entry whose term is an
 *    alias of another entry is folded into it (an `OTP` entry into
 *    `one-time passcode`); a defined acronym the corpus spells out is renamed
 *    to its expansion with the acronym as alias. An alias that is the term in
 *    another case or number is dropped.
 * 4. A term is written in lower case (sentence-initial and list-item capitals
 *    dropped) unless it contains an acronym or inner capital, or the docs'
 *    prose (not their code, URLs or headings: usage.ts) writes it capitalised
 *    in mid-sentence more often than in lower case (a name: "Hono", "the Ask
 *    service", "Deno Deploy"); singular when defined with "are".
 * 5. Definitions are plain text, at most `MAX_DEFINITION` characters; entries
 *    are sorted by term (lower case, then as written), aliases by code unit.
 */
import type { CorpusInput, GlossaryEntry, Section } from '../../types.ts';
import { findAcronyms, singularPair } from './acronyms.ts';
import { conceptKey, isGlossaryLike, isTermLike, SOURCE_RANK, type FoundDefinition } from './definitions.ts';
import { WELL_KNOWN_ACRONYMS } from './lexicon.ts';
import { mentionIndex } from './mentions.ts';
import { scopeOf } from './scope.ts';
import { allDefinitions } from './stated.ts';
import { definitionText, rejection, type Candidate, type TermEvidence } from './term-precision.ts';
import { clipWords, singular } from './text.ts';
import { compareCodeUnits } from '../../text/compare.ts';
import { isNameIn, NO_USAGE, usageOf, type Usage } from './usage.ts';

export const MAX_DEFINITION = 300;
/** An acronym the docs only spell out is a term when they use it in at least this many sections. */
const ACRONYM_SECTIONS = 2;

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
function termForm(found: Pick<FoundDefinition, 'term' | 'plural'> & Partial<Pick<FoundDefinition, 'heading'>>, usage: UsageLookup): string {
  const term = rawTerm(found);
  // a heading that writes the term as a call names a function: "request()", as the docs write it
  if (found.heading !== undefined && found.heading.replace(/`/g, '').trim() === `${term}()`) return `${term}()`;
  if (caseIsFixed(term)) return term;
  return isNameIn(usage(term)) ? term : term.toLowerCase();
}

/**
 * The usage of every phrase whose case is in question (capitalised terms and their expansions),
 * worked out in one pass over the corpus; nothing is read when no term is capitalised.
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
  }
  const usages = usageOf(sections, phrases);
  return (phrase) => usages.get(phrase.toLowerCase()) ?? NO_USAGE;
}

/** Acronym <-> expansion pairs spelled out anywhere in the corpus, keyed by concept. */
function acronymIndex(texts: readonly string[]): { byExpansion: Map<string, string[]>; byAcronym: Map<string, string> } {
  const byExpansion = new Map<string, string[]>();
  const byAcronym = new Map<string, string>();
  for (const text of texts) {
    for (const pair of findAcronyms(text).map(singularPair)) {
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

/** What the corpus says about names beyond their definitions, and in how many sections it uses each. */
interface CorpusEvidence extends TermEvidence {
  readonly sections: (name: string) => number;
}

/** The evidence the precision rules ask for, for the labels and acronyms of `candidates` only. */
function termEvidence(sections: readonly Section[], candidates: readonly Candidate[], usage: UsageLookup): CorpusEvidence {
  const names = candidates.flatMap(({ found }) => (found.source === 'colon' ? [found.term, ...found.aliases] : found.aliases));
  const mentions = mentionIndex(sections, names);
  return {
    otherPages: (name, pageSlug) => new Set(mentions(name).map((at) => sections[at]?.pageSlug).filter((slug) => slug !== pageSlug)).size,
    isName: (term) => isNameIn(usage(term)),
    sections: (name) => mentions(name).length,
  };
}

/**
 * True when an entry the docs only spell out is worth one: its acronym is not one every reader
 * knows (`WELL_KNOWN_ACRONYMS`), and the docs use it in `ACRONYM_SECTIONS` sections or more.
 */
function usesAcronym(draft: Draft, evidence: CorpusEvidence): boolean {
  return [...draft.aliases].some((alias) => !WELL_KNOWN_ACRONYMS.has(alias) && evidence.sections(alias) >= ACRONYM_SECTIONS);
}

/** True for a definition that says what kind of thing its term is: "X is a ...", "Xs are a ...". */
function classifies(definition: string): boolean {
  return /^(?:(?:a|an|the)\s+)?[^,]{1,80}?\s(?:is|are)\s+(?:a|an|one)\s/i.test(definition);
}

/**
 * The aliases of an entry as written: sorted by code unit; none that is the term in another case
 * or number ("routers" for "router"; code such as `request()` stays), and no plural of an acronym kept beside it ("PATs", "PAT").
 */
function statedAliases(draft: Draft): string[] {
  const termKey = conceptKey(draft.term);
  const lowered = new Set([...draft.aliases].map((alias) => alias.toLowerCase()));
  const seen = new Set([draft.term.toLowerCase()]);
  return [...draft.aliases].sort(compareCodeUnits).filter((alias) => {
    const lower = alias.toLowerCase();
    const pluralOfAcronym = /[A-Z]s$/.test(alias) && (lowered.has(lower.slice(0, -1)) || draft.term.toLowerCase() === lower.slice(0, -1));
    const otherNumber = /^[A-Za-z0-9 -]+$/.test(alias) && conceptKey(alias) === termKey;
    if (seen.has(lower) || otherNumber || pluralOfAcronym) return false;
    seen.add(lower);
    return true;
  });
}

/**
 * The glossary of a corpus: only terms the corpus defines, one entry each, sorted by term.
 * `definitionsOf` gives each section's definitions, stated and spelled-out acronyms (step 1,
 * `sectionDefinitions`), by default worked out from its source; a build passes those it worked
 * out while each section's tree was at hand.
 */
export function buildGlossary(corpus: CorpusInput, definitionsOf: (section: Section) => readonly FoundDefinition[] = allDefinitions): GlossaryEntry[] {
  const sections = corpus.sections.filter(scopeOf(corpus.pages).inScope);
  const acronyms = acronymIndex(sections.map((section) => section.text));
  const candidates: Candidate[] = sections.flatMap((section) => {
    const glossaryLike = isGlossaryLike(section);
    return definitionsOf(section).map((found) => ({ found, section, glossaryLike }));
  });
  const found = candidates.map((candidate) => candidate.found);
  const usage = usageLookup(corpus.sections, found, acronyms.byAcronym);
  const evidence = termEvidence(sections, candidates, usage);
  const drafts = new Map<string, Draft>();
  for (const candidate of candidates) {
    const definition = candidate.found;
    const text = definitionText(definition.definition);
    if (text === null || rejection(candidate, evidence) !== null) continue;
    let term = termForm(definition, usage);
    const aliases = new Set(definition.aliases);
    const expansion = acronyms.byAcronym.get(term.toLowerCase());
    if (expansion && /^[A-Z][A-Za-z]+$/.test(term) && isTermLike(expansion)) {
      aliases.add(term);
      term = termForm({ term: expansion, plural: false }, usage);
    }
    const key = conceptKey(term);
    const rank = SOURCE_RANK[definition.source];
    const clipped = clipWords(text, MAX_DEFINITION);
    const existing = drafts.get(key);
    if (!existing) {
      drafts.set(key, { term, aliases, definition: clipped, rank });
    } else {
      for (const alias of aliases) existing.aliases.add(alias);
      const better = rank < existing.rank || (rank === existing.rank && classifies(clipped) && !classifies(existing.definition));
      if (better) Object.assign(existing, { term, definition: clipped, rank });
    }
  }
  for (const [key, draft] of drafts) {
    // an acronym the docs spell out once and never use again needs no entry: its expansion is beside it
    const spelledOnly = draft.rank === SOURCE_RANK.acronym || /^\S+ is short for /.test(draft.definition);
    if (spelledOnly && !usesAcronym(draft, evidence)) drafts.delete(key);
  }
  for (const [key, draft] of drafts) {
    for (const acronym of acronyms.byExpansion.get(key) ?? []) draft.aliases.add(acronym);
  }
  foldAliases(drafts);
  return [...drafts.values()]
    .map((draft) => ({ term: draft.term, aliases: statedAliases(draft), definition: draft.definition }))
    .sort((a, b) => compareCodeUnits(a.term.toLowerCase(), b.term.toLowerCase()) || compareCodeUnits(a.term, b.term));
}

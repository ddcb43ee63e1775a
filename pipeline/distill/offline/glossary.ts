/**
 * The glossary pass: the terms the corpus itself defines (see definitions.ts).
 *
 * 1. Definitions are collected section by section, in corpus order.
 * 2. One entry per term, merged ignoring case, articles and plurals: the
 *    definition of the strongest source wins (heading > bold > deflist >
 *    colon > acronym), the first in corpus order among equals; aliases are
 *    united.
 * 3. Aliases: acronyms the corpus spells out for the term anywhere ("one-time
 *    passcode (OTP)"); the heading a term was defined under when it names the
 *    same thing in other words ("Workspace agents"). An entry whose term is an
 *    alias of another entry is folded into it (an `OTP` entry into
 *    `one-time passcode`); a defined acronym the corpus spells out is renamed
 *    to its expansion with the acronym as alias.
 * 4. A term is written in lower case (sentence-initial and list-item capitals
 *    dropped) unless it contains an acronym or inner capital, or the corpus
 *    writes it capitalised in mid-sentence and never in lower case (a name:
 *    "the Ask service"); singular when defined with "are".
 * 5. Definitions are plain text, at most `MAX_DEFINITION` characters; entries
 *    are sorted by term (lower case, then as written), aliases by code unit.
 */
import type { CorpusInput, GlossaryEntry } from '../../types.ts';
import { findAcronyms } from './acronyms.ts';
import { acronymDefinitions, conceptKey, isTermLike, SOURCE_RANK, type FoundDefinition } from './definitions.ts';
import { statedDefinitions } from './stated.ts';
import { clipWords, compareStrings, occursAsWords, singular, words } from './text.ts';

export const MAX_DEFINITION = 300;

interface Draft {
  term: string;
  aliases: Set<string>;
  definition: string;
  rank: number;
}

/** True when `term` is written with its capitals in mid-sentence somewhere (a name: "the Ask service"). */
function isName(corpusText: string, term: string): boolean {
  for (let at = corpusText.indexOf(term); at >= 0; at = corpusText.indexOf(term, at + 1)) {
    const before = corpusText.slice(Math.max(0, at - 3), at);
    if (/[a-z0-9,;)] $/.test(before) && !/[A-Za-z0-9]/.test(corpusText.charAt(at + term.length))) return true;
  }
  return false;
}

/**
 * The term as the corpus writes it: singular for "are" definitions; lower case
 * unless it has an acronym in it or is written capitalised mid-sentence (a name).
 */
function termForm(found: FoundDefinition, corpusText: string): string {
  let term = found.term.replace(/^`|`$/g, '');
  if (found.plural) term = term.replace(/(\S+)$/, (last) => singular(last));
  const lower = term.toLowerCase();
  if (term === lower || /[A-Z]{2}/.test(term) || /\S[A-Z]/.test(term)) return term;
  if (occursAsWords(corpusText, lower) || !isName(corpusText, term)) return lower;
  return term;
}

/** The heading a term was defined under, when it is the same words in another form ("Workspace agents"). */
function headingVariant(heading: string, term: string, corpusText: string): string | null {
  const text = heading.replace(/[?:.]+$/, '').trim();
  if (conceptKey(text) !== conceptKey(term) || words(text).length !== words(term).length) return null;
  if (text.toLowerCase() === term.toLowerCase() || !isTermLike(text)) return null;
  const lower = text.toLowerCase();
  const form = term === term.toLowerCase() || (!/[A-Z]{2}/.test(text) && occursAsWords(corpusText, lower)) ? lower : text;
  return form === term ? null : form;
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
  for (const key of [...drafts.keys()].sort(compareStrings)) {
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

/** The glossary of a corpus: only terms the corpus defines, one entry each, sorted by term. */
export function buildGlossary(corpus: CorpusInput): GlossaryEntry[] {
  const texts = corpus.sections.map((section) => section.text);
  const corpusText = texts.join('\n');
  const acronyms = acronymIndex(texts);
  const drafts = new Map<string, Draft>();
  for (const section of corpus.sections) {
    const stated = statedDefinitions(section);
    for (const found of [...stated, ...acronymDefinitions(section)]) {
      let term = termForm(found, corpusText);
      const aliases = new Set(found.aliases);
      const expansion = acronyms.byAcronym.get(term.toLowerCase());
      if (expansion && /^[A-Z][A-Za-z]+$/.test(term) && isTermLike(expansion)) {
        aliases.add(term);
        term = termForm({ ...found, term: expansion, plural: false }, corpusText);
      }
      const variant = headingVariant(found.heading, term, corpusText);
      if (variant) aliases.add(variant);
      const key = conceptKey(term);
      const rank = SOURCE_RANK[found.source];
      const definition = clipWords(found.definition, MAX_DEFINITION);
      const existing = drafts.get(key);
      if (!existing) {
        drafts.set(key, { term, aliases, definition, rank });
      } else {
        for (const alias of aliases) existing.aliases.add(alias);
        if (rank < existing.rank) Object.assign(existing, { term, definition, rank });
      }
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
        .sort(compareStrings)
        .filter((alias) => {
          const lower = alias.toLowerCase();
          if (seen.has(lower)) return false;
          seen.add(lower);
          return true;
        });
      return { term: draft.term, aliases, definition: draft.definition };
    })
    .sort((a, b) => compareStrings(a.term.toLowerCase(), b.term.toLowerCase()) || compareStrings(a.term, b.term));
}

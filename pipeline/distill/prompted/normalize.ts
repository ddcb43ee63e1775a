import type { GlossaryEntry, Section, SuggestedQuestion } from '../../types.ts';
import type { GlossaryOutput, SuggestionsOutput } from './schemas.ts';

export const MAX_TERMS = 32;
const MAX_SUGGESTIONS = 8;

function clean(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Trimmed, single-spaced, non-empty, each once (case-insensitively), first spelling kept, capped. */
export function uniqueStrings(values: readonly string[], cap: number): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const value of values) {
    const text = clean(value);
    const key = text.toLowerCase();
    if (text.length === 0 || seen.has(key)) continue;
    seen.add(key);
    out.push(text);
    if (out.length >= cap) break;
  }
  return out;
}

/**
 * The model's suggested questions, as `uniqueStrings` keeps them, each with the section it named
 * when that id is one of the corpus's sections (else null: a made-up id is never a check).
 */
export function groundSuggestions(questions: SuggestionsOutput['questions'], sections: readonly Section[]): SuggestedQuestion[] {
  const ids = new Set(sections.map((section) => section.id));
  const sectionOf = new Map<string, string>();
  for (const { question, section } of questions) {
    const key = clean(question).toLowerCase();
    const id = section.trim();
    if (!sectionOf.has(key) && ids.has(id)) sectionOf.set(key, id);
  }
  return uniqueStrings(questions.map((entry) => entry.question), MAX_SUGGESTIONS).map((question) => ({ question, section: sectionOf.get(question.toLowerCase()) ?? null }));
}

function mentions(source: string, phrase: string): boolean {
  return clean(source).toLowerCase().includes(clean(phrase).toLowerCase());
}

/**
 * The glossary entries that are grounded: the term or one of its aliases occurs in at
 * least one of the sections the model cited for it. Ungrounded entries are dropped;
 * aliases are cleaned (never the term itself); a term appears once; sorted by term.
 */
export function groundGlossary(entries: GlossaryOutput['entries'], sections: readonly Section[]): GlossaryEntry[] {
  const byId = new Map(sections.map((s) => [s.id, s]));
  const out = new Map<string, GlossaryEntry>();
  for (const entry of entries) {
    const term = clean(entry.term);
    const definition = clean(entry.definition);
    if (!term || !definition || out.has(term.toLowerCase())) continue;
    const aliases = uniqueStrings(entry.aliases, MAX_TERMS).filter((a) => a.toLowerCase() !== term.toLowerCase());
    const grounded = entry.sections.some((id) => {
      const section = byId.get(id);
      return section !== undefined && [term, ...aliases].some((phrase) => mentions(section.source, phrase));
    });
    if (grounded) out.set(term.toLowerCase(), { term, aliases, definition });
  }
  // Code-unit order, not locale order: the digest must be byte-identical on every machine.
  const key = (e: GlossaryEntry) => e.term.toLowerCase();
  return [...out.values()].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

import { cleanMarkdown } from '../content/clean-markdown.ts';
import { FACT_KINDS, type DigestNode, type FactKind, type Section, type SectionDistillation } from '../types.ts';

export interface ProposedFact {
  readonly kind: FactKind;
  readonly literal: string;
}

/**
 * The one verbatim check (the contract's rule: a fact that is not verbatim is dropped, never
 * written). Keeps the facts of a known kind whose literal is not blank and occurs byte for byte
 * in the section source, in the order proposed, each literal once (its first kind). A fact is a
 * promise that the reader can copy it, so a paraphrase is worse than nothing.
 *
 * @param facts what a distiller proposed
 * @param source the section's exact source text
 * @returns the kept facts, and how many were dropped for not being verbatim (or of no known kind)
 */
export function keepVerbatimFacts(facts: readonly ProposedFact[], source: string): { kept: ProposedFact[]; dropped: number } {
  const kept: ProposedFact[] = [];
  const seen = new Set<string>();
  let dropped = 0;
  for (const fact of facts) {
    if (fact.literal.trim().length === 0 || !source.includes(fact.literal) || !FACT_KINDS.includes(fact.kind)) {
      dropped += 1;
    } else if (!seen.has(fact.literal)) {
      seen.add(fact.literal);
      kept.push({ kind: fact.kind, literal: fact.literal });
    }
  }
  return { kept, dropped };
}

/** A section's clean Markdown (`cleanMarkdown` of what its generator's syntax reads as): the node's `markdown`. */
export function sectionMarkdown(section: Section): string {
  return cleanMarkdown(section.markup ?? section.source, section.format, section.source);
}

export interface CheckedNode {
  readonly node: DigestNode;
  /** Facts that were not byte-for-byte in the section source (or had an unknown kind), dropped. */
  readonly dropped: number;
}

/**
 * Turns a distillation into the section's digest node, its facts through `keepVerbatimFacts`;
 * terms are trimmed and deduplicated; `markdown` is the section's clean Markdown (`cleanMarkdown`).
 */
export function nodeFromDistillation(section: Section, distillation: SectionDistillation): CheckedNode {
  const { kept, dropped } = keepVerbatimFacts(distillation.facts, section.source);
  const facts = kept.map((fact) => ({ kind: fact.kind, literal: fact.literal, chunkId: section.id }));
  const terms = [...new Set(distillation.terms.map((term) => term.trim()).filter((term) => term.length > 0))];
  return {
    node: {
      id: section.id,
      kind: 'section',
      title: section.title,
      heading: section.heading,
      group: section.group,
      url: section.url,
      summary: distillation.summary.trim(),
      facts,
      sources: [{ chunkId: section.id, url: section.url, anchor: section.anchor }],
      mode: distillation.mode,
      terms,
      markdown: sectionMarkdown(section),
    },
    dropped,
  };
}

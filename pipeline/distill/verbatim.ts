import { FACT_KINDS, type DigestNode, type Fact, type Section, type SectionDistillation } from '../types.ts';

export interface CheckedNode {
  readonly node: DigestNode;
  /** Facts that were not byte-for-byte in the section source (or had an unknown kind), dropped. */
  readonly dropped: number;
}

/**
 * Turns a distillation into the section's digest node, keeping only facts whose literal occurs
 * byte-for-byte in the section's source (the contract's verbatim rule: a fact that is not verbatim
 * is dropped, never written). Duplicate facts are kept once; terms are trimmed and deduplicated.
 */
export function nodeFromDistillation(section: Section, distillation: SectionDistillation): CheckedNode {
  const facts: Fact[] = [];
  const seen = new Set<string>();
  let dropped = 0;
  for (const fact of distillation.facts) {
    const verbatim = fact.literal.length > 0 && section.source.includes(fact.literal);
    if (!verbatim || !FACT_KINDS.includes(fact.kind)) {
      dropped += 1;
      continue;
    }
    const key = `${fact.kind}\u0000${fact.literal}`;
    if (seen.has(key)) continue;
    seen.add(key);
    facts.push({ kind: fact.kind, literal: fact.literal, chunkId: section.id });
  }
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
    },
    dropped,
  };
}

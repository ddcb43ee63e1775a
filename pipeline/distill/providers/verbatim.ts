import type { FactKind } from '../../types.ts';

export interface ProposedFact {
  readonly kind: FactKind;
  readonly literal: string;
}

/**
 * Keeps the facts whose literal occurs byte for byte in the section source, in the
 * order proposed, each literal once. Everything else is dropped and counted: a fact
 * is a promise that the reader can copy it, so a paraphrase is worse than nothing.
 *
 * @param facts what the model proposed
 * @param source the section's exact source text
 * @returns the kept facts, and how many were dropped for not being verbatim
 */
export function keepVerbatimFacts(
  facts: readonly ProposedFact[],
  source: string,
): { kept: ProposedFact[]; dropped: number } {
  const kept: ProposedFact[] = [];
  const seen = new Set<string>();
  let dropped = 0;
  for (const fact of facts) {
    if (fact.literal.trim().length === 0 || !source.includes(fact.literal)) {
      dropped += 1;
    } else if (!seen.has(fact.literal)) {
      seen.add(fact.literal);
      kept.push({ kind: fact.kind, literal: fact.literal });
    }
  }
  return { kept, dropped };
}

import { rankSections } from '../search/score.ts';
import type { DigestNode } from '../types.ts';
import { budgetNote, fillBudget, type BudgetCandidates } from './budget.ts';
import type { AskData } from './digest-data.ts';
import { ERRORS, jsonResponse, RequestError } from './errors.ts';

/** The `budget` query parameter: a positive whole number of tokens (digits only), else 400. */
export function parseBudget(raw: string): number {
  const budget = /^[0-9]+$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(budget) || budget < 1) throw new RequestError(400, ERRORS.badBudget);
  return budget;
}

export interface BudgetQuery {
  readonly budget: number;
  /** Relevance order by the keyword scorer when given (not blank); corpus order otherwise. */
  readonly q: string | undefined;
  /** Only sections of this group (exact match, as the plain list). */
  readonly group: string | undefined;
}

/**
 * The sections to fill from: with a query, every section the keyword scorer scores, best first
 * (no per-page cap: a budget, not a result count, decides how many), of the group when one is
 * given; without, every section in corpus order.
 */
async function candidates(data: AskData, { q, group }: BudgetQuery): Promise<BudgetCandidates> {
  if (q !== undefined && q.trim() !== '') {
    const { index } = data;
    const { ranked } = rankSections(index, q, { maxResults: index.sectionCount, perDocCap: index.sectionCount });
    // a row is read only to filter by group, or when pass 1 reaches its node
    const all = ranked.map((section) => section.index);
    const positions = group === undefined ? all : all.filter((position) => index.row(position).group === group);
    const node = (at: number): DigestNode | undefined => {
      const position = positions[at];
      return position === undefined ? undefined : data.node(index.id(position));
    };
    return { count: positions.length, node };
  }
  const all = await data.sectionNodes();
  const nodes = group === undefined ? all : all.filter((node) => node.group === group);
  return { count: nodes.length, node: (at) => nodes[at] };
}

/**
 * `GET {ask_base}/sections?budget=N[&q=QUERY][&group=G]`: the most relevant content that fits
 * the budget (`fillBudget`), with what it used and what it left out:
 * `{ sections, budget, used, omitted: { summaries, facts, text }, note }`.
 */
export async function budgetedSectionList(data: AskData, query: BudgetQuery): Promise<Response> {
  const fill = fillBudget(await candidates(data, query), query.budget);
  return jsonResponse({ sections: fill.sections, budget: query.budget, used: fill.used, omitted: fill.omitted, note: budgetNote(fill, query.budget) });
}

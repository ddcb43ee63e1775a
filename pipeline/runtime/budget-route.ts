import { rankSections } from '../search/score.ts';
import type { DigestNode } from '../types.ts';
import { budgetNote, fillBudget, type BudgetCandidates, type BudgetFill } from './budget.ts';
import type { AskData } from './digest-data.ts';
import { ERRORS, jsonResponse, RequestError } from './errors.ts';
import { RequestGate, type GateLimits } from './request-gate.ts';

/**
 * The largest budget served, in estimated tokens: the context window of most current models (a
 * larger answer would not fit the agent that asked), and the whole `llms-full.txt` of three of
 * the four real corpora (52k to 254k). What a request costs grows with what it returns (nodes
 * read, parts estimated, JSON written): at 8,000 pages a budget of 200k is about 0.8 MB and
 * 90 ms, where 2^53 - 1 was 18.8 MB and 1.9 s (scripts/bench/budget-route.ts).
 */
export const MAX_BUDGET_TOKENS = 200_000;

/** What the budget route allows: its largest budget and its gate (how many at once, how long to wait). */
export interface BudgetRouteLimits extends GateLimits {
  /** A larger budget is served as this one (the response's `budget` says so). */
  readonly maxTokens: number;
}

export const BUDGET_ROUTE_LIMITS: BudgetRouteLimits = { maxTokens: MAX_BUDGET_TOKENS, inFlight: 4, waiting: 8, waitMs: 2_000, holdMs: 30_000 };

/**
 * The `budget` query parameter: a positive whole number of tokens (digits only), else 400; one
 * above `max` is served as `max` (however many digits it has).
 */
function parseBudget(raw: string, max = MAX_BUDGET_TOKENS): number {
  const budget = /^[0-9]+$/.test(raw) ? Number(raw) : Number.NaN;
  if (!(budget >= 1)) throw new RequestError(400, ERRORS.badBudget);
  return Math.min(budget, max);
}

export interface BudgetQuery {
  readonly budget: number;
  /** Relevance order by the keyword scorer when given (not blank); corpus order otherwise. */
  readonly q: string | undefined;
  /** Only sections of this group (exact match, as the plain list). */
  readonly group: string | undefined;
}

/** Rows read at a time when a group filters the ranked sections of a store read asynchronously. */
const ROWS_PER_READ = 256;

/** The ranked sections of `group`: their rows read first, a slice at a time, where the table is in an edge store. */
async function ofGroup(data: AskData, all: readonly number[], group: string): Promise<number[]> {
  const { index } = data;
  const kept: number[] = [];
  for (let from = 0; from < all.length; from += ROWS_PER_READ) {
    const slice = all.slice(from, from + ROWS_PER_READ);
    await index.readRows?.(slice);
    kept.push(...slice.filter((position) => index.row(position).group === group));
  }
  return kept;
}

/** The candidates in relevance order, with their ids (for nodes read ahead of the fill). */
interface RankedCandidates extends BudgetCandidates {
  readonly ids: readonly string[] | null;
}

/**
 * The sections to fill from: with a query, every section the keyword scorer scores, best first
 * (no per-page cap: a budget, not a result count, decides how many; a cap of the section count
 * cannot bind, so the scorer counts no page), of the group when one is given; without, every
 * section in corpus order.
 */
async function candidates(data: AskData, { q, group }: BudgetQuery): Promise<RankedCandidates> {
  if (q !== undefined && q.trim() !== '') {
    const { index } = data;
    const { ranked } = rankSections(index, q, { maxResults: index.sectionCount, perDocCap: index.sectionCount });
    // a row is read only to filter by group, or when pass 1 reaches its node
    const all = ranked.map((section) => section.index);
    const positions = group === undefined ? all : await ofGroup(data, all, group);
    const node = (at: number): DigestNode | undefined => {
      const position = positions[at];
      return position === undefined ? undefined : data.node(index.id(position));
    };
    return { count: positions.length, node, ids: positions.map((position) => index.id(position)) };
  }
  const all = await data.sectionNodes();
  const nodes = group === undefined ? all : all.filter((node) => node.group === group);
  return { count: nodes.length, node: (at) => nodes[at], ids: null };
}

/** Thrown when the fill reaches a node not read yet: the fill runs again with more read. */
class NotReadYet extends Error {}

/** Nodes read ahead of the first fill, then four times as many each time the fill goes past them. */
const FIRST_NODES_READ = 64;

/**
 * `fillBudget` over nodes in a store read asynchronously (`data.readNodes`): the first nodes in
 * order are read, the fill runs over them, and when it needs one further it runs again with four
 * times as many read (the fill is pure, and what it read is kept).
 */
async function fillReading(data: AskData, ranked: RankedCandidates, budget: number): Promise<BudgetFill> {
  const { readNodes } = data;
  const { ids } = ranked;
  if (readNodes === undefined || ids === null) return fillBudget(ranked, budget);
  for (let ready = FIRST_NODES_READ; ; ready *= 4) {
    await readNodes(ids.slice(0, ready));
    const limit = ready;
    try {
      return fillBudget({ count: ranked.count, node: (at) => {
        if (at >= limit) throw new NotReadYet();
        return ranked.node(at);
      } }, budget);
    } catch (error) {
      if (!(error instanceof NotReadYet)) throw error;
    }
  }
}

/**
 * `GET {ask_base}/sections?budget=N[&q=QUERY][&group=G]`: the most relevant content that fits
 * the budget (`fillBudget`), with what it used and what it left out:
 * `{ sections, budget, used, omitted: { summaries, facts, text }, note }`.
 */
export async function budgetedSectionList(data: AskData, query: BudgetQuery): Promise<Response> {
  const fill = await fillReading(data, await candidates(data, query), query.budget);
  return jsonResponse({ sections: fill.sections, budget: query.budget, used: fill.used, omitted: fill.omitted, note: budgetNote(fill, query.budget) });
}

/** The budget route of one handler: its parameter, capped, and its gate on concurrent requests. */
export interface BudgetRoute {
  readonly parse: (raw: string) => number;
  /** The budgeted list rendered by `render` once the gate lets it through (`bodyless` for HEAD). */
  readonly serve: (render: () => Promise<Response>, bodyless: boolean) => Promise<Response>;
}

export function createBudgetRoute(limits: Partial<BudgetRouteLimits> = {}): BudgetRoute {
  const { maxTokens, ...gateLimits } = { ...BUDGET_ROUTE_LIMITS, ...limits };
  const gate = new RequestGate(gateLimits);
  return { parse: (raw) => parseBudget(raw, maxTokens), serve: (render, bodyless) => gate.run(render, bodyless) };
}

/**
 * The Search part of `ask digest diff`: the base's checks, as the base had them, run on the base
 * digest and on the new one, each side resolving every entry with its own pages (so a check whose
 * page or heading the change deleted or renamed is answered on the base and not found now), MRR@k
 * and recall@k before and after, each check that moved down or out of the top k, and those the
 * base answered in the top k that are not answered now (lost). Checks the change adds are measured
 * apart on the new digest, never in the gate's figures; checks it removes or edits are listed, and
 * still measured as the base had them.
 */
import { runChecks, type CheckReport, type QueryCheck } from '../search/checks.ts';
import type { SearchIndex } from '../search/open.ts';
import type { CheckPage } from './check-targets.ts';
import { resolveChecks } from './search-checks.ts';

/** One digest as the Search part reads it: its tables, its site url, and its pages for entries that name files. */
export interface SearchSide {
  readonly index: SearchIndex;
  readonly siteUrl: string;
  readonly pages: readonly CheckPage[];
}

/** The checks of the two sides: the base's, and how the change's own differ from them. */
export interface SearchChecks {
  /** The base's checks, as the base had them: what the gate measures. */
  readonly shared: readonly QueryCheck[];
  /** Checks the new side has and the base had not. */
  readonly added: readonly QueryCheck[];
  /** Checks of the base the new side no longer has (still in `shared`). */
  readonly removed: readonly QueryCheck[];
}

export interface CheckMove {
  readonly query: string;
  /** Its rank on the base, in the top k. */
  readonly before: number;
  /** Its rank now, null when out of the top k or not found. */
  readonly after: number | null;
  /** False when the check's entries name nothing of the new digest (a page or heading gone). */
  readonly found: boolean;
}

export interface SearchDiff {
  readonly k: number;
  readonly checks: SearchChecks;
  readonly before: CheckReport | null;
  readonly after: CheckReport;
  /** The added checks on the new digest, null when there are none. */
  readonly added: CheckReport | null;
  /** Why the base was not measured, when it was not. */
  readonly baseUnreadable: string | null;
  /** Shared checks whose rank got worse (a larger rank, or out of the top k), the highest placed before first. */
  readonly movedDown: readonly CheckMove[];
  /** Shared checks in the top k on the base and not now. */
  readonly lost: number;
  /** The MRR@k drop on the shared checks (before minus after), 0 when the base was not measured. */
  readonly drop: number;
}

const keyOf = (check: QueryCheck): string => JSON.stringify([check.query, check.expect]);

/** The union of check lists: a query with the same expected entries counts once. */
export function unionOfChecks(...lists: readonly (readonly QueryCheck[])[]): QueryCheck[] {
  const seen = new Set<string>();
  const union: QueryCheck[] = [];
  for (const check of lists.flat()) {
    const key = keyOf(check);
    if (seen.has(key)) continue;
    seen.add(key);
    union.push(check);
  }
  return union;
}

/** The base's checks and the new side's, as the gate splits them. */
export function splitChecks(base: readonly QueryCheck[], head: readonly QueryCheck[]): SearchChecks {
  const shared = unionOfChecks(base);
  const headChecks = unionOfChecks(head);
  const inBase = new Set(shared.map(keyOf));
  const inHead = new Set(headChecks.map(keyOf));
  return { shared, added: headChecks.filter((check) => !inBase.has(keyOf(check))), removed: shared.filter((check) => !inHead.has(keyOf(check))) };
}


export function diffSearch(checks: SearchChecks, base: SearchSide | { readonly unreadable: string }, head: SearchSide, k: number): SearchDiff {
  const onHead = (list: readonly QueryCheck[]): CheckReport => runChecks(head.index, resolveChecks(list, head.index, head.siteUrl, head.pages).checks, k);
  const after = onHead(checks.shared);
  const added = checks.added.length === 0 ? null : onHead(checks.added);
  if ('unreadable' in base) return { k, checks, before: null, after, added, baseUnreadable: base.unreadable, movedDown: [], lost: 0, drop: 0 };
  const before = runChecks(base.index, resolveChecks(checks.shared, base.index, base.siteUrl, base.pages).checks, k);
  const movedDown = before.outcomes
    .flatMap((outcome, at): CheckMove[] => {
      const now = after.outcomes[at];
      const rank = now?.rank ?? null;
      // worse: a larger rank, or out of the top k
      if (outcome.rank === null || (rank !== null && rank <= outcome.rank)) return [];
      return [{ query: outcome.query, before: outcome.rank, after: rank, found: (now?.expected.length ?? 0) > 0 }];
    })
    // the highest placed before first; of those, the furthest fallen (out of the top k counts as k + 1)
    .sort((a, b) => a.before - b.before || (b.after ?? k + 1) - (a.after ?? k + 1));
  const lost = movedDown.filter((move) => move.after === null).length;
  return { k, checks, before, after, added, baseUnreadable: null, movedDown, lost, drop: before.overall.mrr - after.overall.mrr };
}

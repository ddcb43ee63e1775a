import { withoutUnsafeLinks } from '../markdown/rewrite-links.ts';
import { estimateJsonTokens as cost } from '../text/tokens.ts';
import type { DigestNode, Fact } from '../types.ts';
import { counted } from '../text/counted.ts';

/** A section as the budgeted list gives it: its summary object, then its facts and text when they fit. */
interface BudgetedSection {
  readonly id: string;
  readonly title: string;
  readonly heading: string | null;
  readonly group: string | null;
  readonly url: string;
  readonly summary: string;
  facts?: readonly Fact[];
  /** The section's Markdown (`DigestNode.markdown`, links to no safe url made their text: `withoutUnsafeLinks`). */
  text?: string;
}

/** How many of the candidate sections had each part left out. */
interface OmittedParts {
  readonly summaries: number;
  readonly facts: number;
  readonly text: number;
}

export interface BudgetFill {
  readonly sections: readonly BudgetedSection[];
  /** The estimated tokens of what was given (never more than the budget). */
  readonly used: number;
  readonly omitted: OmittedParts;
  /** The number of candidate sections (those with a node). */
  readonly total: number;
}

/** The sections to fill from, best first: how many, and the node at a position (read when asked for; undefined when the digest has none). */
export interface BudgetCandidates {
  readonly count: number;
  readonly node: (at: number) => DigestNode | undefined;
}

/**
 * Fills a token budget from sections in relevance order, in three passes, each going down the
 * order while the next part fits and stopping at the first that does not (a less relevant section
 * never gets a part a more relevant one was refused): 1) each section's summary object
 * `{id,title,heading,group,url,summary}`, 2) the facts of the sections pass 1 took, 3) their
 * Markdown as `text`. A part costs the token estimate of its JSON; `used` is their sum. Nodes
 * are read only as far as pass 1 goes (a candidate without a node is skipped and not counted).
 */
export function fillBudget(candidates: BudgetCandidates, budget: number): BudgetFill {
  const taken: { readonly node: DigestNode; readonly entry: BudgetedSection }[] = [];
  let used = 0;
  let missing = 0;
  for (let at = 0; at < candidates.count; at += 1) {
    const node = candidates.node(at);
    if (node === undefined) {
      missing += 1;
      continue;
    }
    const entry: BudgetedSection = { id: node.id, title: node.title, heading: node.heading, group: node.group, url: node.url, summary: node.summary };
    const price = cost(entry);
    if (used + price > budget) break;
    used += price;
    taken.push({ node, entry });
  }
  let withFacts = 0;
  for (const { node, entry } of taken) {
    const price = cost(node.facts);
    if (used + price > budget) break;
    used += price;
    entry.facts = node.facts;
    withFacts += 1;
  }
  let withText = 0;
  for (const { node, entry } of taken.slice(0, withFacts)) {
    const text = withoutUnsafeLinks(node.markdown);
    const price = cost(text);
    if (used + price > budget) break;
    used += price;
    entry.text = text;
    withText += 1;
  }
  const total = candidates.count - missing;
  return {
    sections: taken.map(({ entry }) => entry),
    used,
    omitted: { summaries: total - taken.length, facts: total - withFacts, text: total - withText },
    total,
  };
}

/** One line saying what a fill left out, or `Everything fit.` */
export function budgetNote(fill: BudgetFill, budget: number): string {
  const { summaries, facts, text } = fill.omitted;
  if (summaries === 0 && facts === 0 && text === 0) return 'Everything fit.';
  const parts = [
    summaries > 0 ? counted(summaries, 'summary', 'summaries') : null,
    facts > 0 ? counted(facts, 'facts list', 'facts lists') : null,
    text > 0 ? counted(text, 'text', 'texts') : null,
  ].filter((part): part is string => part !== null);
  return `Of ${counted(fill.total, 'section', 'sections')}, left out ${parts.join(', ')} to fit ${counted(budget, 'token', 'tokens')}. Raise 'budget', or narrow with 'q' or 'group'.`;
}

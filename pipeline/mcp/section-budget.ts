import { estimateJsonTokens, estimateTokens } from '../text/tokens.ts';
import type { DigestNode, FactKind } from '../types.ts';

/** A fact as the `section` tool gives it (its chunk id says nothing to an agent). */
interface SectionFact {
  readonly kind: FactKind;
  readonly literal: string;
}

/** What a budget left out of a section: tokens of the summary and of the text, and whole facts. */
interface SectionOmissions {
  readonly summary: number;
  readonly facts: number;
  readonly text: number;
}

/** What the `section` tool gives of a section: its identity and terms, summary, facts, and its real text as Markdown. */
export interface SectionParts {
  readonly id: string;
  readonly title: string;
  readonly heading: string | null;
  readonly group: string | null;
  readonly url: string;
  readonly terms: readonly string[];
  readonly summary: string;
  readonly facts: readonly SectionFact[];
  readonly text: string;
}

/** The `section` tool's answer within a token budget: the parts that fit, in order, and what was left out. */
export interface BudgetedSection extends SectionParts {
  readonly budget: number;
  readonly used: number;
  /** Estimated tokens left out of the summary and the text; facts left out, counted. */
  readonly omitted: SectionOmissions;
  readonly note: string;
}

/** What a part costs in the answer: the token estimate of its JSON (quotes and escapes included); an empty text costs nothing. */
export function jsonCost(value: unknown): number {
  return value === '' ? 0 : estimateJsonTokens(value);
}

/**
 * The longest start of `text` whose `cost` is within `tokens` (the cost grows with the length),
 * cut after the last line break in its second half, else after the last space, else where the
 * budget ends (never inside a surrogate pair).
 */
export function cutToTokens(text: string, tokens: number, cost: (text: string) => number = estimateTokens): string {
  if (cost(text) <= tokens) return text;
  let fits = 0;
  let over = text.length;
  while (over - fits > 1) {
    const middle = Math.floor((fits + over) / 2);
    if (cost(text.slice(0, middle)) <= tokens) fits = middle;
    else over = middle;
  }
  if (fits > 0 && /[\uD800-\uDBFF]/.test(text.charAt(fits - 1))) fits -= 1;
  const start = text.slice(0, fits);
  const lineBreak = start.lastIndexOf('\n');
  if (lineBreak >= fits / 2) return start.slice(0, lineBreak + 1);
  const space = start.lastIndexOf(' ');
  return space > 0 ? start.slice(0, space + 1) : start;
}

function noteOf(budget: number, omitted: SectionOmissions, factCount: number, textTokens: number): string {
  const parts: string[] = [];
  if (omitted.summary > 0) parts.push(`the end of the summary (${omitted.summary} tokens)`);
  if (omitted.facts > 0) parts.push(`${omitted.facts} of ${factCount} facts`);
  if (omitted.text > 0) parts.push(omitted.text >= textTokens ? `the whole text (${textTokens} tokens)` : `the end of the text (${omitted.text} of ${textTokens} tokens)`);
  if (parts.length === 0) return 'Everything fit.';
  return `Within ${budget} tokens, left out: ${parts.join(', ')}. Call again with a larger budget, or none, for the rest.`;
}

/**
 * The section `node` within `budget` tokens: its identity first, then its summary, then its facts
 * in order while each fits whole, then its Markdown text cut to what is left. Each part costs the
 * token estimate of its JSON, as the budgeted section list counts. The identity always comes back,
 * even when it alone is over the budget.
 */
export function fitSection(node: DigestNode, budget: number): BudgetedSection {
  const head = { id: node.id, title: node.title, heading: node.heading, group: node.group, url: node.url, terms: node.terms };
  let left = budget - jsonCost(head);

  const summary = cutToTokens(node.summary, left, jsonCost);
  left -= jsonCost(summary);

  const facts: SectionFact[] = [];
  for (const fact of node.facts) {
    const kept = { kind: fact.kind, literal: fact.literal };
    const cost = jsonCost(kept);
    if (cost > left) break;
    facts.push(kept);
    left -= cost;
  }

  const text = cutToTokens(node.markdown, left, jsonCost);
  left -= jsonCost(text);

  const textTokens = jsonCost(node.markdown);
  const omitted: SectionOmissions = {
    summary: summary === node.summary ? 0 : jsonCost(node.summary.slice(summary.length)),
    facts: node.facts.length - facts.length,
    text: text === node.markdown ? 0 : jsonCost(node.markdown.slice(text.length)),
  };
  return { ...head, summary, facts, text, budget, used: budget - left, omitted, note: noteOf(budget, omitted, node.facts.length, textTokens) };
}

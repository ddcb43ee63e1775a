/**
 * The rule against fitting the eval sets (issue 28): every tuned parameter of the scorer is swept
 * on every set, and chosen leave-one-out (on five sets, scored on the sixth, rotating); a choice
 * is kept only when it raises at least four of six sets and lowers none by more than 0.02.
 */
import { LENGTH_FLOOR, type RankOptions } from '../../pipeline/search/index.ts';
import { SECONDARY_PAGE_PRIOR, uniformPriors } from '../../pipeline/search/page-priors.ts';
import { mean, type EvalSummary } from './eval.ts';

/** A parameter the bench sweeps: its values, the shipped one, and how a value reaches the scorer. */
export interface TunedParameter {
  readonly name: string;
  readonly values: readonly number[];
  readonly shipped: number;
  readonly options: (value: number) => Partial<RankOptions>;
  /** What a value means, one line. */
  readonly about: string;
}

export const TUNED: readonly TunedParameter[] = [
  {
    name: "rule 5's floor",
    values: [1, 1.5, 2, 2.5, 3, 3.5, 4, 5],
    shipped: LENGTH_FLOOR,
    options: (value) => ({ lengthFloor: value }),
    about: 'the length factor `1 - b + b · len / avg` (b 0.75) floored at the value',
  },
  {
    name: 'page-kind prior',
    values: [1, 0.8, 0.6, 0.5, 0.4, 0.3, 0.2],
    shipped: SECONDARY_PAGE_PRIOR,
    options: (value) => ({ kindPriors: uniformPriors(value) }),
    about: 'sections of blog, changelog, release-note, news, tag, author and 404 pages multiplied by the value after rule 5',
  },
];

/** The rule's thresholds. */
export const KEEP_MIN_RAISED = 4;
export const KEEP_MAX_DROP = 0.02;
/** A difference below this is no change (one query of 40 moving one rank moves MRR by at least 0.004). */
const NO_CHANGE = 0.0005;

export interface KeepVerdict {
  readonly raised: number;
  readonly lowered: number;
  readonly unchanged: number;
  readonly worstDrop: number;
  /** Kept by the rule as written. */
  readonly kept: boolean;
  /** Raises every set it changes and lowers none: what a choice that only some sets can show earns. */
  readonly harmless: boolean;
}

/** The rule over per-set differences (with the choice minus without). */
export function keepVerdict(deltas: readonly number[]): KeepVerdict {
  const raised = deltas.filter((delta) => delta > NO_CHANGE).length;
  const lowered = deltas.filter((delta) => delta < -NO_CHANGE).length;
  const worstDrop = Math.min(0, ...deltas);
  const withinDrop = worstDrop >= -KEEP_MAX_DROP - 1e-9;
  return { raised, lowered, unchanged: deltas.length - raised - lowered, worstDrop, kept: raised >= KEEP_MIN_RAISED && withinDrop, harmless: raised > 0 && lowered === 0 };
}

export function verdictText(verdict: KeepVerdict): string {
  const counts = `${verdict.raised} up, ${verdict.lowered} down, ${verdict.unchanged} same`;
  if (verdict.kept) return `${counts}: kept by the rule`;
  if (verdict.harmless) return `${counts}: raises every set it changes, lowers none`;
  return `${counts}: NOT kept by the rule`;
}

export interface HeldOut {
  readonly set: string;
  /** The value that gives the best mean MRR@6 over the other sets (ties: the one nearest the shipped value). */
  readonly chosen: number;
  readonly heldOutChosen: number;
  readonly heldOutShipped: number;
}

/**
 * Leave-one-out for one parameter: `mrr(set, value)` is a set's MRR@6 at a value. For each set,
 * the value best on the others, and what it and the shipped value score on the set left out.
 */
export function leaveOneOut(parameter: TunedParameter, sets: readonly string[], mrr: (set: string, value: number) => number): HeldOut[] {
  return sets.map((set) => {
    const others = sets.filter((other) => other !== set);
    let chosen = parameter.shipped;
    let best = -Infinity;
    const byDistance = [...parameter.values].sort((a, b) => Math.abs(a - parameter.shipped) - Math.abs(b - parameter.shipped));
    for (const value of byDistance) {
      const score = mean(others.map((other) => mrr(other, value)));
      if (score > best + 1e-9) {
        best = score;
        chosen = value;
      }
    }
    return { set, chosen, heldOutChosen: mrr(set, chosen), heldOutShipped: mrr(set, parameter.shipped) };
  });
}

/** The summaries of one set under each value of each tuned parameter. */
export type Sweeps = ReadonlyMap<string, ReadonlyMap<number, EvalSummary>>;

export function sweep(rank: (options: Partial<RankOptions>) => EvalSummary): Sweeps {
  return new Map(TUNED.map((parameter) => [parameter.name, new Map(parameter.values.map((value) => [value, rank(parameter.options(value))]))]));
}

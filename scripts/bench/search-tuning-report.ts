/**
 * bench:search's tables of the tuned parameters: each swept per set, chosen leave-one-out, and
 * the shipped value against the parameter's neutral value by the rule (search-tuning.ts).
 */
import { fixed, mean, type EvalSummary } from './eval.ts';
import { markdownTable, signed } from './search-format.ts';
import type { CorpusRun } from './search-quality-run.ts';
import { KEEP_MAX_DROP, KEEP_MIN_RAISED, keepVerdict, leaveOneOut, TUNED, verdictText, type TunedParameter } from './search-tuning.ts';

function mrrAt(run: CorpusRun, parameter: TunedParameter, value: number): number {
  const summary: EvalSummary | undefined = run.sweeps.get(parameter.name)?.get(value);
  return summary?.overall.mrr ?? 0;
}

function questionAt(run: CorpusRun, parameter: TunedParameter, value: number): number {
  return run.sweeps.get(parameter.name)?.get(value)?.byKind['question']?.mrr ?? 0;
}

/** The value that switches the parameter off: a prior of 1, the lowest floor. */
function neutralValue(parameter: TunedParameter): number {
  return parameter.values.includes(1) ? 1 : Math.min(...parameter.values);
}

/**
 * One part per tuned parameter: the sweep (MRR@6 per set and value), leave-one-out (per set left
 * out: the value chosen on the other five, and what it and the shipped value score there), and the
 * rule applied to the shipped value against the neutral one.
 */
export function tunedSections(
  real: readonly CorpusRun[],
  corpusHeader: (first: string) => string[],
  perCorpus: (pick: (run: CorpusRun) => number) => string[],
): string[] {
  const sets = real.map((run) => run.corpus.name);
  const runOf = new Map(real.map((run) => [run.corpus.name, run]));
  const out: string[] = [
    '## Tuned parameters, chosen leave-one-out',
    '',
    `Every parameter of the scorer chosen by measurement is swept on every set. Leave-one-out: for each set, the value with the best mean MRR@6 on the other ${sets.length - 1} (ties: the value nearest the shipped one), scored on the set left out, beside the shipped value there. The rule: a choice is kept only when it raises at least ${KEEP_MIN_RAISED} of ${sets.length} sets and lowers none by more than ${KEEP_MAX_DROP}.`,
    '',
  ];
  for (const parameter of TUNED) {
    const neutral = neutralValue(parameter);
    const heldOut = leaveOneOut(parameter, sets, (set, value) => {
      const run = runOf.get(set);
      return run === undefined ? 0 : mrrAt(run, parameter, value);
    });
    const verdict = keepVerdict(real.map((run) => mrrAt(run, parameter, parameter.shipped) - mrrAt(run, parameter, neutral)));
    out.push(
      `### ${parameter.name}`,
      '',
      `${parameter.about}. Shipped ${parameter.shipped}; against ${neutral}: ${verdictText(verdict)}.`,
      '',
      markdownTable(
        [...corpusHeader('value'), 'mean question'],
        parameter.values.map((value) => [
          `${value}${value === parameter.shipped ? ' (shipped)' : ''}`,
          ...perCorpus((run) => mrrAt(run, parameter, value)),
          fixed(mean(real.map((run) => questionAt(run, parameter, value)))),
        ]),
      ),
      '',
      markdownTable(
        ['set left out', 'chosen on the others', 'MRR@6 there, chosen', 'MRR@6 there, shipped', 'Δ'],
        [
          ...heldOut.map((row) => [row.set, String(row.chosen), fixed(row.heldOutChosen), fixed(row.heldOutShipped), signed(row.heldOutChosen - row.heldOutShipped)]),
          ['mean', '', fixed(mean(heldOut.map((row) => row.heldOutChosen))), fixed(mean(heldOut.map((row) => row.heldOutShipped))), signed(mean(heldOut.map((row) => row.heldOutChosen - row.heldOutShipped)))],
        ],
      ),
      '',
    );
  }
  return out;
}

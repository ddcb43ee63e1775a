/**
 * The reviewed verdicts of the digest quality report: which sampled glossary entries and
 * suggested questions a docs team would keep. A person judges each item once; the file keeps the
 * verdicts by corpus, kind and the item's exact text, so an item whose text changes (a new
 * definition, an alias) is judged again rather than inheriting an old verdict.
 *
 * The sample is deterministic: the items of a kind ordered by the sha256 of corpus, kind and
 * text, the first `SAMPLE_SIZE` taken. The same digest gives the same sample; an item added or
 * dropped moves only itself in or out.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { compareCodeUnits } from '../../pipeline/text/compare.ts';

export const SAMPLE_SIZE = 30;
export const VERDICTS_FILE = path.join(import.meta.dirname, '..', '..', 'bench-results', 'digest-quality-verdicts.json');

export type ItemKind = 'glossary' | 'suggestions';
export const ITEM_KINDS: readonly ItemKind[] = ['glossary', 'suggestions'];

const Verdict = z.object({ useful: z.boolean(), reason: z.string().min(1) });
export type Verdict = z.infer<typeof Verdict>;
const VerdictFile = z.record(z.string(), z.object({ glossary: z.record(z.string(), Verdict), suggestions: z.record(z.string(), Verdict) }).partial());
export type Verdicts = z.infer<typeof VerdictFile>;

/** The verdicts file, or no verdicts when it does not exist yet. */
export async function readVerdicts(file = VERDICTS_FILE): Promise<Verdicts> {
  if (!existsSync(file)) return {};
  return VerdictFile.parse(JSON.parse(await readFile(file, 'utf8')));
}

/** A glossary entry as it is judged: its term, its aliases in parentheses, its definition. */
export function glossaryItem(entry: { readonly term: string; readonly aliases: readonly string[]; readonly definition: string }): string {
  const aliases = entry.aliases.length > 0 ? ` (${entry.aliases.join(', ')})` : '';
  return `${entry.term}${aliases}: ${entry.definition}`;
}

function rank(corpus: string, kind: ItemKind, item: string): string {
  return createHash('sha256').update(`${corpus}\n${kind}\n${item}`, 'utf8').digest('hex');
}

/** The sample of `items` judged for a corpus and kind: at most `SAMPLE_SIZE`, in a stable order. */
export function sampleItems(corpus: string, kind: ItemKind, items: readonly string[]): string[] {
  return [...new Set(items)]
    .map((item) => ({ item, key: rank(corpus, kind, item) }))
    .sort((a, b) => compareCodeUnits(a.key, b.key))
    .slice(0, SAMPLE_SIZE)
    .map(({ item }) => item);
}

/** The sample with each item's verdict, or null for an item not judged yet. */
export interface JudgedSample {
  readonly total: number;
  readonly items: readonly { readonly item: string; readonly verdict: Verdict | null }[];
}

export function judgeSample(verdicts: Verdicts, corpus: string, kind: ItemKind, items: readonly string[]): JudgedSample {
  const known = verdicts[corpus]?.[kind] ?? {};
  return { total: new Set(items).size, items: sampleItems(corpus, kind, items).map((item) => ({ item, verdict: known[item] ?? null })) };
}

/** Precision over the judged items of a sample: useful / judged, and how many are unjudged. */
export function precisionOf(sample: JudgedSample): { useful: number; judged: number; unjudged: number } {
  const judged = sample.items.filter((entry) => entry.verdict !== null);
  return { useful: judged.filter((entry) => entry.verdict?.useful === true).length, judged: judged.length, unjudged: sample.items.length - judged.length };
}

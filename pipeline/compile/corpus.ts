import { sha256 } from '../content/hash.ts';
import type { Manifest } from '../format/manifest.ts';
import { compactStableJson } from '../format/stable-json.ts';
import type { Distiller, DistillPass, GlossaryEntry } from '../types.ts';
import type { AnswerCache } from './cache.ts';

type CorpusPass = Exclude<DistillPass, 'section'>;

/**
 * The input hash of a corpus-wide pass. The rule: a corpus pass reruns when the corpus content
 * hash, the distiller, the model, that pass's prompt or the section pass's prompt changes (every
 * corpus pass reads the section nodes, which that prompt makes), and for suggestions and context
 * also when the glossary they are given changes. Anything else reuses the last answer.
 * The glossary is hashed with sorted keys: one distilled just now and the same one read back
 * from `glossary.json` must give the same hash, or a rebuild and a forced build would differ.
 */
export function corpusInputHash(pass: CorpusPass, contentHash: string, distiller: Pick<Distiller, 'provider' | 'model' | 'templateHashes'>, glossary: readonly GlossaryEntry[] | null): string {
  return sha256(compactStableJson([pass, contentHash, distiller.provider, distiller.model, distiller.templateHashes[pass], distiller.templateHashes.section, glossary]));
}

export interface CorpusPassRunner {
  readonly previous: Manifest | null;
  readonly force: boolean;
  readonly cache: AnswerCache;
  /** Reads the previous answer of a pass from the digest (null when missing). */
  readonly readPrevious: (pass: CorpusPass) => Promise<unknown>;
}

/**
 * Runs one corpus pass unless its input hash is the previous digest's (then its previous answer
 * is kept) or the answer cache has it (a resumed build). Returns the answer and its input hash.
 */
export async function runCorpusPass<T>(
  runner: CorpusPassRunner,
  pass: CorpusPass,
  inputHash: string,
  call: () => Promise<T>,
): Promise<{ value: T; inputHash: string; ran: boolean }> {
  if (!runner.force && runner.previous?.corpus[pass] === inputHash) {
    const previous = await runner.readPrevious(pass);
    if (previous !== null) return { value: previous as T, inputHash, ran: false };
  }
  const key = sha256(`corpus\n${inputHash}`);
  const cached = await runner.cache.get<T>(key);
  if (cached !== undefined) return { value: cached, inputHash, ran: false };
  const value = await call();
  await runner.cache.put(key, value);
  return { value, inputHash, ran: true };
}

export type { CorpusPass };

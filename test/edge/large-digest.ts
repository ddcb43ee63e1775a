import path from 'node:path';
import { generateCorpus, writeCorpus } from '../../scripts/generate-corpus.ts';
import { build } from '../support/digest-tree.ts';

/** The generated corpus of `bench:build` at this many pages (seed 1), its offline digest built into `dir/digest`. */
export async function buildGeneratedDigest(dir: string, pages: number): Promise<string> {
  const content = path.join(dir, 'content');
  await writeCorpus(content, generateCorpus({ pages, seed: 1 }));
  const digest = path.join(dir, 'digest');
  await build(content, digest);
  return digest;
}

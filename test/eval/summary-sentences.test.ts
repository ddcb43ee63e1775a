/**
 * Summaries of documentation we did not write are sentences a docs team would ship: every eval
 * set of `../shared/eval` is built offline under its generator, and every section summary, and
 * every page description in `llms.txt` that comes from a summary, passes the sentence check.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DigestNode } from '../../pipeline/types.ts';
import { sentenceProblems } from '../../pipeline/text/sentence-check.ts';
import { realCorpora, type RealCorpus } from '../../scripts/bench/real-corpora.ts';
import { evalDigestDir } from '../support/eval-builds.ts';
import { noteMissingSharedEval, SHARED_EVAL_PRESENT } from '../support/shared-folder.ts';

/** Every section node of a digest folder. */
async function sectionNodes(digestDir: string): Promise<DigestNode[]> {
  const root = path.join(digestDir, 'sections');
  const files = (await readdir(root, { recursive: true })).filter((file) => file.endsWith('.json'));
  return Promise.all(files.map(async (file) => JSON.parse(await readFile(path.join(root, file), 'utf8')) as DigestNode));
}

/** The description of each page line of `llms.txt` (`- [Title](url): description`), read back from its Markdown escapes. */
function llmsDescriptions(llms: string): string[] {
  return llms
    .split('\n')
    .map((line) => /^- \[(?:\\.|[^\]\\])*\]\([^)]*\): (.*)$/.exec(line)?.[1])
    .filter((description): description is string => description !== undefined)
    .map((description) => description.replace(/\\([!-/:-@[-`{-~])/g, '$1'));
}

const corpora = realCorpora();

noteMissingSharedEval();

describe.skipIf(!SHARED_EVAL_PRESENT).each(corpora)('summary sentences: $name ($generator)', (corpus: RealCorpus) => {
  let digestDir: string;

  beforeAll(async () => {
    digestDir = await evalDigestDir(corpus);
  }, 240_000);

  it('gives every section a summary of whole sentences', async () => {
    const nodes = await sectionNodes(digestDir);
    expect(nodes.length).toBeGreaterThan(0);
    const failing = nodes.flatMap((node) => sentenceProblems(node.summary).map((problem) => `${node.id}: ${problem}`));
    expect(failing).toEqual([]);
  });

  it('describes pages in llms.txt with whole sentences where the description is a summary', async () => {
    const summaries = new Set((await sectionNodes(digestDir)).map((node) => node.summary.replace(/\s+/g, ' ').trim()));
    const fromSummaries = llmsDescriptions(await readFile(path.join(digestDir, 'llms.txt'), 'utf8')).filter((description) => summaries.has(description));
    expect(fromSummaries.length).toBeGreaterThan(0);
    expect(fromSummaries.flatMap((description) => sentenceProblems(description).map((problem) => `${description}: ${problem}`))).toEqual([]);
  });
});

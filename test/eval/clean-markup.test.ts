/**
 * What `ask` writes from real docs is clean Markdown: every set of `../shared/eval`, built
 * offline under its generator, has no markup line (a tag, a generator's block marker, an alert
 * marker, a code annotation; see scripts/bench/markup-lines.ts) outside code in `llms-full.txt`
 * or any `pages/*.md`, and no alert marker in a summary. (A section's search text is held to the
 * same by the unit tests of plainText: here it holds the docs' own code examples of that syntax.)
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { realCorpora, type RealCorpus } from '../../scripts/bench/real-corpora.ts';
import { evalDigestDir } from '../support/eval-builds.ts';
import { noteMissingSharedEval, SHARED_EVAL_PRESENT } from '../support/shared-folder.ts';
import { markupLines } from '../../scripts/bench/markup-lines.ts';

const corpora = realCorpora();

noteMissingSharedEval();

async function filesUnder(dir: string, extension: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile() && entry.name.endsWith(extension)).map((entry) => path.join(entry.parentPath, entry.name));
}

/** `file:line: text` of every markup line of the files, for a failure message. */
async function markupIn(files: readonly string[], root: string): Promise<string[]> {
  const found: string[] = [];
  for (const file of files) {
    for (const { line, text } of markupLines(await readFile(file, 'utf8'))) found.push(`${path.relative(root, file)}:${line}: ${text.slice(0, 160)}`);
  }
  return found;
}

async function digestOf(corpus: RealCorpus): Promise<string> {
  return evalDigestDir(corpus);
}

describe.skipIf(!SHARED_EVAL_PRESENT)('clean Markdown from real docs (offline digest)', () => {
  it.each(corpora.map((corpus) => [corpus.name, corpus] as const))('%s: no markup outside code in llms-full.txt or pages/', async (_name, corpus) => {
    const dir = await digestOf(corpus);
    expect(await markupIn([path.join(dir, 'llms-full.txt')], dir)).toEqual([]);
    expect(await markupIn(await filesUnder(path.join(dir, 'pages'), '.md'), dir)).toEqual([]);
  }, 300_000);

  it.each(corpora.map((corpus) => [corpus.name, corpus] as const))('%s: no alert marker in a summary', async (_name, corpus) => {
    const dir = await digestOf(corpus);
    const problems: string[] = [];
    for (const file of await filesUnder(path.join(dir, 'sections'), '.json')) {
      const node = JSON.parse(await readFile(file, 'utf8')) as { id: string; summary: string };
      if (/\[![A-Za-z]+\]/.test(node.summary)) problems.push(`${node.id}: ${node.summary}`);
    }
    expect(problems).toEqual([]);
  }, 300_000);
});

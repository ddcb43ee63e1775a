/**
 * `npm run bench:ask-eval`: `ask eval` on every set of `../shared/eval`, its labelled queries
 * written as a docs team writes them (`expect`: content files with GitHub heading anchors), each
 * set built with the offline distiller under its generator; the report of each, as the command
 * prints it, to stdout and `bench-results/ask-eval.md`. Option `--reuse-digests` as bench:search.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { runCli } from '../../pipeline/cli/main.ts';
import { evalDigest, realEvalCorpora } from './eval-corpora.ts';
import { loadRealQueries, realCorpora } from './real-corpora.ts';
import { publishResults } from './results.ts';

const { values } = parseArgs({ options: { 'reuse-digests': { type: 'boolean', default: false } } });
const out: string[] = ['# `ask eval` on the eval sets', '', '`npm run bench:ask-eval`: each set of `../shared/eval` built offline, its labelled queries as `ask.queries.jsonl` lines (`expect`: the content files and GitHub heading anchors of the set\'s golds), top 6. The figures equal bench:search\'s for our scorer (a test holds them equal).', ''];
const scratch = await mkdtemp(path.join(os.tmpdir(), 'ask-bench-eval-queries-'));
try {
  for (const corpus of realEvalCorpora()) {
    const real = realCorpora().find((entry) => entry.name === corpus.name);
    if (real === undefined) continue;
    const digest = await evalDigest(corpus, { reuse: values['reuse-digests'] });
    try {
      const queries = path.join(scratch, `${corpus.name}.jsonl`);
      const lines = (await loadRealQueries(real.queriesFile)).map((query) => JSON.stringify({ query: query.query, expect: query.gold, kind: query.kind }));
      await writeFile(queries, `${lines.join('\n')}\n`);
      const printed: string[] = [];
      const code = await runCli(['eval', '--digest', digest.dir, '--queries', queries, '--content', real.docsDir], {
        out: (line) => printed.push(line),
        err: (line) => printed.push(`stderr: ${line}`),
        env: {},
        cwd: scratch,
        interactive: false,
        stopSignal: new Promise(() => {}),
      });
      out.push(`## ${corpus.name} (${corpus.generator})`, '', '```', ...printed, '```', '', code === 0 ? '' : `exit ${code}`);
      console.log(`${corpus.name}: ${printed[1] ?? ''}`);
    } finally {
      await digest.dispose();
    }
  }
} finally {
  await rm(scratch, { recursive: true, force: true });
}
await publishResults('ask-eval', `${out.join('\n').trimEnd()}\n`);
console.log('Written to bench-results/ask-eval.md');

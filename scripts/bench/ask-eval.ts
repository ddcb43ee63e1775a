/**
 * `npm run bench:ask-eval`: `ask eval` on every set of `../shared/eval`, its labelled queries
 * written as a docs team writes them (`expect`: content files with GitHub heading anchors), each
 * set built with the offline distiller under its generator, and the digest's own checks (its
 * suggested questions against their sections); the report of each, as the command prints it, to
 * stdout and `bench-results/ask-eval.md`. Option `--reuse-digests` as bench:search.
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
const out: string[] = [
  '# `ask eval` on the eval sets',
  '',
  '`npm run bench:ask-eval`: each set of `../shared/eval` built offline, top 6, measured twice: its labelled queries as `ask.queries.jsonl` lines (`expect`: the content files and GitHub heading anchors of the set\'s golds; the figures equal bench:search\'s for our scorer, a test holds them equal), and the digest\'s own checks (`ask eval` without `--queries`: each suggested question against the section it was asked about).',
  '',
];
const summary: string[] = ['| set | labelled queries | MRR@6 | recall@6 | own checks | MRR@6 | recall@6 |', '|---|---:|---:|---:|---:|---:|---:|'];
const sections: string[] = [];
/** `ask eval` with these arguments, its lines as printed (stderr marked) and its exit code. */
async function askEval(args: readonly string[]): Promise<{ readonly printed: string[]; readonly code: number }> {
  const printed: string[] = [];
  const code = await runCli(['eval', ...args], {
    out: (line) => printed.push(line),
    err: (line) => printed.push(`stderr: ${line}`),
    env: {},
    cwd: scratch,
    interactive: false,
    stopSignal: new Promise(() => {}),
  });
  return { printed, code };
}

/** "count | MRR | recall" of a report's `all queries (N): MRR@6 m, recall@6 r` line. */
function figures(line: string | undefined): string {
  const match = /\((\d+)\): MRR@\d+ ([\d.]+), recall@\d+ ([\d.]+)/.exec(line ?? '');
  return match === null ? '– | – | –' : `${match[1]} | ${match[2]} | ${match[3]}`;
}

const exitLine = (code: number): string[] => (code === 0 ? [] : [`exit ${code}`]);

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
      const labelled = await askEval(['--digest', digest.dir, '--queries', queries, '--content', real.docsDir]);
      const own = await askEval(['--digest', digest.dir, '--content', real.docsDir]);
      summary.push(`| ${corpus.name} | ${figures(labelled.printed[1])} | ${figures(own.printed[1])} |`);
      sections.push(
        `## ${corpus.name} (${corpus.generator})`,
        '',
        '```',
        ...labelled.printed,
        '```',
        ...exitLine(labelled.code),
        '',
        `### ${corpus.name}: the digest's own checks`,
        '',
        '```',
        ...own.printed,
        '```',
        ...exitLine(own.code),
        '',
      );
      console.log(`${corpus.name}: ${labelled.printed[1] ?? ''}; own checks: ${own.printed[1] ?? ''}`);
    } finally {
      await digest.dispose();
    }
  }
} finally {
  await rm(scratch, { recursive: true, force: true });
}
out.push(...summary, '', ...sections);
await publishResults('ask-eval', `${out.join('\n').trimEnd()}\n`);
console.log('Written to bench-results/ask-eval.md');

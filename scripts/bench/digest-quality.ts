/**
 * What a docs team would judge the offline digest of each real site by (issue 22): builds every
 * set of `../shared/eval` offline under its generator (`sets.tsv`) and counts, per corpus,
 *
 * - markup lines left in `llms-full.txt` and `pages/*.md` (scripts/bench/markup-lines.ts, the rule
 *   the clean-Markdown tests hold every eval set to; target 0);
 * - section summaries that fail the sentence check (`sentenceProblems`; target 0);
 * - glossary and suggestion precision: a stable sample of `SAMPLE_SIZE` items of each, judged
 *   useful or not in bench-results/digest-quality-verdicts.json (quality-verdicts.ts); precision
 *   is over the judged items, unjudged ones are listed (target >= 90%).
 *
 * A set that fails to build is reported as failing and the others go on.
 *
 *   npm run bench:digest [-- --keep DIR] [-- --unjudged FILE]
 *
 * `--keep DIR` builds into DIR/<corpus> and leaves the digests there; `--unjudged FILE` writes the
 * sampled items without a verdict, in the verdict file's shape, for a reviewer to fill in.
 * Writes bench-results/digest-quality.md.
 */
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sentenceProblems } from '../../pipeline/text/sentence-check.ts';
import { buildOfflineDigest } from './eval-corpora.ts';
import { markupLines } from './markup-lines.ts';
import { glossaryItem, ITEM_KINDS, judgeSample, precisionOf, readVerdicts, SAMPLE_SIZE, type ItemKind, type JudgedSample, type Verdicts } from './quality-verdicts.ts';
import { realCorpora, type RealCorpus } from './real-corpora.ts';
import { publishResults } from './results.ts';

const EXAMPLES = 12;

type MarkupLine = ReturnType<typeof markupLines>[number];

interface FileMarkup {
  readonly file: string;
  readonly lines: readonly MarkupLine[];
}

interface CorpusQuality {
  readonly corpus: RealCorpus;
  readonly error: string | null;
  readonly pages: number;
  readonly fullMarkup: FileMarkup;
  readonly pageMarkup: readonly FileMarkup[];
  readonly summaries: number;
  readonly failures: readonly { readonly id: string; readonly summary: string; readonly problems: readonly string[] }[];
  readonly samples: Readonly<Record<ItemKind, JudgedSample>>;
}

async function filesUnder(dir: string, ext: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith(ext))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

async function readJson(file: string): Promise<unknown> {
  return JSON.parse(await readFile(file, 'utf8'));
}

/** The strings of `key` in a JSON file (`terms`, `suggestions`), checked loosely. */
function arrayOf(data: unknown, key: string): unknown[] {
  const value = typeof data === 'object' && data !== null ? (data as Record<string, unknown>)[key] : undefined;
  return Array.isArray(value) ? value : [];
}

async function measure(corpus: RealCorpus, dir: string, verdicts: Verdicts): Promise<CorpusQuality> {
  const fullMarkup = { file: 'llms-full.txt', lines: markupLines(await readFile(path.join(dir, 'llms-full.txt'), 'utf8')) };
  const pageFiles = await filesUnder(path.join(dir, 'pages'), '.md');
  const pageMarkup: FileMarkup[] = [];
  for (const file of pageFiles) {
    const lines = markupLines(await readFile(file, 'utf8'));
    if (lines.length > 0) pageMarkup.push({ file: path.relative(dir, file), lines });
  }
  const failures: { id: string; summary: string; problems: string[] }[] = [];
  const nodeFiles = await filesUnder(path.join(dir, 'sections'), '.json');
  for (const file of nodeFiles) {
    const node = (await readJson(file)) as { id?: unknown; summary?: unknown };
    const summary = typeof node.summary === 'string' ? node.summary : '';
    const problems = sentenceProblems(summary);
    if (problems.length > 0) failures.push({ id: String(node.id), summary, problems });
  }
  const glossary = arrayOf(await readJson(path.join(dir, 'glossary.json')), 'terms') as { term: string; aliases: string[]; definition: string }[];
  const suggestions = arrayOf(await readJson(path.join(dir, 'suggestions.json')), 'suggestions').filter((item): item is string => typeof item === 'string');
  return {
    corpus,
    error: null,
    pages: pageFiles.length,
    fullMarkup,
    pageMarkup,
    summaries: nodeFiles.length,
    failures,
    samples: {
      glossary: judgeSample(verdicts, corpus.name, 'glossary', glossary.map(glossaryItem)),
      suggestions: judgeSample(verdicts, corpus.name, 'suggestions', suggestions),
    },
  };
}

function failed(corpus: RealCorpus, error: unknown): CorpusQuality {
  const message = (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';
  const empty: JudgedSample = { total: 0, items: [] };
  return { corpus, error: message, pages: 0, fullMarkup: { file: 'llms-full.txt', lines: [] }, pageMarkup: [], summaries: 0, failures: [], samples: { glossary: empty, suggestions: empty } };
}

function percent(sample: JudgedSample): string {
  const { useful, judged, unjudged } = precisionOf(sample);
  if (sample.items.length === 0) return 'none';
  const share = judged === 0 ? 'n/a' : `${Math.round((100 * useful) / judged)}%`;
  return `${share} (${useful}/${judged}${unjudged > 0 ? `, ${unjudged} unjudged` : ''}; ${sample.items.length} of ${sample.total})`;
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\s+/g, ' ').trim();
}

function summaryTable(results: readonly CorpusQuality[]): string[] {
  const lines = [
    '| corpus | generator | build | pages | markup lines: llms-full.txt / pages | summaries failing the sentence check | glossary useful | suggestions useful |',
    '|---|---|---|---:|---:|---:|---|---|',
  ];
  for (const result of results) {
    const { corpus } = result;
    if (result.error !== null) {
      lines.push(`| ${corpus.name} | ${corpus.generator} | fails: ${cell(result.error)} | | | | | |`);
      continue;
    }
    const pageLines = result.pageMarkup.reduce((sum, file) => sum + file.lines.length, 0);
    lines.push(
      `| ${corpus.name} | ${corpus.generator} | ok | ${result.pages} | ${result.fullMarkup.lines.length} / ${pageLines} | ` +
        `${result.failures.length} of ${result.summaries} | ${percent(result.samples.glossary)} | ${percent(result.samples.suggestions)} |`,
    );
  }
  return lines;
}

function details(result: CorpusQuality): string[] {
  if (result.error !== null) return [`## ${result.corpus.name}`, '', `Build failed: ${result.error}`, ''];
  const out = [`## ${result.corpus.name}`, ''];
  const markup = [...result.fullMarkup.lines.map((line) => ({ file: result.fullMarkup.file, line })), ...result.pageMarkup.flatMap((file) => file.lines.map((line) => ({ file: file.file, line })))];
  if (markup.length > 0) {
    out.push(`Markup lines (first ${EXAMPLES} of ${markup.length}):`, '');
    for (const { file, line } of markup.slice(0, EXAMPLES)) out.push(`- ${file}:${line.line}: \`${line.text.trim().replace(/`/g, "'").slice(0, 120)}\``);
    out.push('');
  }
  if (result.failures.length > 0) {
    out.push(`Summaries failing the sentence check (first ${EXAMPLES} of ${result.failures.length}):`, '');
    for (const failure of result.failures.slice(0, EXAMPLES)) out.push(`- ${failure.id}: "${failure.summary.slice(0, 160)}" (${failure.problems.join('; ')})`);
    out.push('');
  }
  for (const kind of ITEM_KINDS) {
    const sample = result.samples[kind];
    out.push(`### ${kind === 'glossary' ? 'Glossary' : 'Suggestions'}: ${percent(sample)}`, '', '| item | verdict | reason |', '|---|---|---|');
    for (const { item, verdict } of sample.items) {
      out.push(`| ${cell(item.slice(0, 200))} | ${verdict === null ? 'unjudged' : verdict.useful ? 'useful' : 'not useful'} | ${cell(verdict?.reason ?? '')} |`);
    }
    out.push('');
  }
  return out;
}

function report(results: readonly CorpusQuality[]): string {
  return [
    '# Digest quality (offline distiller, real docs)',
    '',
    'Produced by `npm run bench:digest` (scripts/bench/digest-quality.ts): each set of `../shared/eval` built offline',
    'under its generator. Targets: 0 markup lines, 0 summaries failing the sentence check, >= 90% useful glossary',
    `entries and suggestions. Precision is over a stable sample of at most ${SAMPLE_SIZE} items of each kind (all of them when`,
    'there are fewer), judged in bench-results/digest-quality-verdicts.json; "x of n" is the sample size of the total.',
    '',
    'A glossary entry is useful when a reader of these docs meets the term (a concept, feature or component of the',
    'site, a tool, platform or standard the docs work with, an acronym they use that not every reader knows) and its',
    'definition says what the thing is without the page around it. A question is useful when a reader of the site',
    'could ask it in these words, it is natural English, and the docs answer it.',
    '',
    ...summaryTable(results),
    '',
    ...results.flatMap(details),
  ].join('\n');
}

/** The sampled items without a verdict, in the verdict file's shape. */
function unjudged(results: readonly CorpusQuality[]): Record<string, Partial<Record<ItemKind, Record<string, null>>>> {
  const out: Record<string, Partial<Record<ItemKind, Record<string, null>>>> = {};
  for (const result of results) {
    for (const kind of ITEM_KINDS) {
      const open = result.samples[kind].items.filter((entry) => entry.verdict === null);
      if (open.length === 0) continue;
      const forCorpus = (out[result.corpus.name] ??= {});
      forCorpus[kind] = Object.fromEntries(open.map((entry) => [entry.item, null]));
    }
  }
  return out;
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { keep: { type: 'string' }, unjudged: { type: 'string' } } });
  const verdicts = await readVerdicts();
  const scratch = values.keep ?? (await mkdtemp(path.join(os.tmpdir(), 'ask-digest-quality-')));
  const results: CorpusQuality[] = [];
  try {
    for (const corpus of realCorpora()) {
      const dir = path.join(scratch, corpus.name);
      try {
        await buildOfflineDigest({ contentDir: corpus.docsDir, generator: corpus.generator, config: corpus.configFile }, dir);
        results.push(await measure(corpus, dir, verdicts));
      } catch (error) {
        results.push(failed(corpus, error));
      }
      const last = results[results.length - 1];
      if (last) console.log(summaryTable([last])[2]);
    }
  } finally {
    if (values.keep === undefined) await rm(scratch, { recursive: true, force: true });
  }
  await publishResults('digest-quality', `${report(results)}\n`);
  if (values.unjudged !== undefined) await writeFile(values.unjudged, `${JSON.stringify(unjudged(results), null, 2)}\n`);
  console.log('wrote bench-results/digest-quality.md');
}

await main();

/**
 * The fixed cost of a query (the check of identical answers: query-cost-check.ts): our `searchKeyword` warm p50/p95 beside the fastest other engines
 * (FlexSearch and the plain BM25F of search-engines.ts), on the real corpora of `../shared/eval`
 * (their labelled queries and a query mix) and on generated corpora of 50 to 10,000 pages
 * (300 to 65,000 sections, a query mix).
 *
 *   tsx scripts/bench/query-cost.ts [--corpora hono,pnpm,g50,g1000] [--rounds 8] [--engines FlexSearch,BM25F]
 *                                   [--before HEAD] [--save results.json] [--compare results.json] [--parts]
 *
 * Ours is timed twice: `loadSearchIndex` (the section table on disk, a result's line read when it
 * is shown) and `openSearchTables` over the files' texts in memory. After a warm-up, every query
 * is run by every engine, in a fresh random order each time (so that no engine always follows the
 * same other one and finds the caches as it leaves them); every query runs `--rounds` times.
 * `--parts` adds our ranking alone (`rankSections`), with the rows, and the query's terms alone.
 *
 * Rankings are checked, not assumed: `--before REF` takes the query-time files of pipeline/search
 * as they are at a git revision (`git show REF:...`, into a temporary folder; what they import
 * that is not among them comes from this tree: the tokenizer, the table format), and both times
 * that scorer beside ours ("ask before") and compares, query by query, the results (title,
 * heading, url, snippet) and the ranked sections with their scores (the best 20, per-page cap
 * as shipped). `--save` writes this tree's results per corpus, `--compare` checks them against
 * such a file instead.
 *
 * Digests of the real corpora are built (offline distiller) once into
 * `$TMPDIR/ask-query-cost/<name>` and reused; generated corpora live where `bench:build` leaves them.
 */
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildDigest } from '../../pipeline/compile/build.ts';
import { loadContent } from '../../pipeline/content/index.ts';
import { DIGEST_FILES } from '../../pipeline/format/paths.ts';
import { readManifest } from '../../pipeline/digest/read.ts';
import { createOfflineDistiller } from '../../pipeline/distill/offline/index.ts';
import { loadSearchIndex, openSearchTables, queryTerms, rankSections, SearchIndexError, searchKeyword } from '../../pipeline/search/index.ts';
import type { Section } from '../../pipeline/types.ts';
import { generateCorpus, mulberry32, writeCorpus } from '../generate-corpus.ts';
import { benchCorpusPaths } from './eval.ts';
import { answersOf, differences, implementationAt, type Answers, type Implementation } from './query-cost-check.ts';
import { loadRealQueries, realCorpora } from './real-corpora.ts';
import type { Corpus, SectionDoc } from './search-corpus.ts';
import { ENGINES } from './search-engines.ts';
import { timeInterleaved } from './interleaved-timing.ts';
import { wordQuery } from './query-mix.ts';
import { publishResults } from './results.ts';
import { markdownTable, micros, percentile } from './search-format.ts';

interface Timed {
  readonly name: string;
  readonly search: (query: string) => unknown;
}

interface LoadedCorpus {
  readonly name: string;
  readonly digestDir: string;
  readonly sections: readonly Section[];
  readonly evalQueries: readonly string[];
  readonly mix: readonly string[];
}

const { values } = parseArgs({
  options: {
    corpora: { type: 'string', default: 'hono,vitepress,pnpm,mkdocs-material,g50,g300,g1000,g3000,g10000' },
    rounds: { type: 'string', default: '8' },
    engines: { type: 'string', default: 'FlexSearch,BM25F (plain)' },
    mix: { type: 'string', default: '200' },
    save: { type: 'string' },
    compare: { type: 'string' },
    before: { type: 'string' },
    'no-memory': { type: 'boolean', default: false },
    parts: { type: 'boolean', default: false },
    publish: { type: 'boolean', default: false },
  },
});

const WORK_DIR = path.join(os.tmpdir(), 'ask-query-cost');

/** True when the digest folder holds search tables this tree reads (another schema or tokenizer: rebuild). */
async function opens(dir: string): Promise<boolean> {
  try {
    await loadSearchIndex(dir);
    return true;
  } catch (error) {
    if (error instanceof SearchIndexError) return false;
    throw error;
  }
}

/** The digest of a real corpus, built once under its generator with the offline distiller. */
async function realDigest(name: string, docsDir: string, generator: Parameters<typeof buildDigest>[0]['generator']): Promise<string> {
  const outDir = path.join(WORK_DIR, name, 'digest');
  const report = await buildDigest({
    force: !(await opens(outDir)),
    contentDir: docsDir,
    outDir,
    siteUrl: '',
    ...(generator === undefined ? {} : { generator }),
    distiller: createOfflineDistiller(),
    concurrency: 4,
    cacheDir: path.join(WORK_DIR, name, '.ask-cache'),
    now: () => performance.now(),
  });
  if (!report.upToDate) console.error(`[query-cost] ${name}: digest built in ${(report.elapsedMs / 1000).toFixed(1)} s`);
  return outDir;
}

/**
 * A query mix drawn from the sections: 1 to 4 words of a heading or text, a quarter ending in a
 * partial word (typing), a tenth an identifier of the text (`--flag`, `SOME_VAR`, `a.b.c`).
 */
function queryMix(sections: readonly Section[], count: number, seed: number): string[] {
  const random = mulberry32(seed);
  const queries: string[] = [];
  for (let tries = 0; queries.length < count && tries < count * 20; tries += 1) {
    const section = sections[Math.floor(random() * sections.length)];
    if (section === undefined) break;
    if (random() < 0.1) {
      const identifiers = section.text.match(/(?:--?)?[A-Za-z][\w]*(?:[-._][A-Za-z0-9]+)+/g) ?? [];
      const identifier = identifiers[Math.floor(random() * identifiers.length)];
      if (identifier !== undefined) queries.push(identifier);
      continue;
    }
    const source = random() < 0.3 && section.heading !== null ? section.heading : section.text;
    const query = wordQuery(source, random);
    if (query !== null) queries.push(query);
  }
  return queries;
}

async function loadCorpus(name: string, mixCount: number): Promise<LoadedCorpus> {
  const real = realCorpora().find((corpus) => corpus.name === name);
  if (real !== undefined) {
    const digestDir = await realDigest(name, real.docsDir, real.generator);
    const content = await loadContent({ contentDir: real.docsDir, siteUrl: '', generator: real.generator });
    const evalQueries = (await loadRealQueries(real.queriesFile)).map((query) => query.query);
    return { name, digestDir, sections: content.sections, evalQueries, mix: queryMix(content.sections, mixCount, 7) };
  }
  const pages = /^g(\d+)$/.exec(name)?.[1];
  if (pages === undefined) throw new Error(`${name}: neither a corpus of ../shared/eval nor g<pages>`);
  const paths = benchCorpusPaths(Number(pages), 1);
  if (!existsSync(path.join(paths.outDir, DIGEST_FILES.searchIndex))) {
    await writeCorpus(paths.contentDir, generateCorpus({ pages: Number(pages), seed: 1 }));
  }
  const report = await buildDigest({ ...paths, siteUrl: '', distiller: createOfflineDistiller(), concurrency: 4, force: !(await opens(paths.outDir)), now: () => performance.now() });
  if (!report.upToDate) console.error(`[query-cost] ${name}: digest built in ${(report.elapsedMs / 1000).toFixed(1)} s`);
  const content = await loadContent({ contentDir: paths.contentDir, siteUrl: (await readManifest(paths.outDir))?.siteUrl ?? '', cacheDir: path.join(paths.cacheDir, 'chunks') });
  return { name, digestDir: paths.outDir, sections: content.sections, evalQueries: [], mix: queryMix(content.sections, mixCount, 7) };
}

/** What the other engines index (search-corpus.ts's shape; nodes and glossary are ours alone). */
function corpusOf(loaded: LoadedCorpus): Corpus {
  const docs: SectionDoc[] = loaded.sections.map((section) => ({ id: section.id, title: section.title, heading: section.heading ?? '', parent: '', text: section.text }));
  return { sections: loaded.sections, docs, nodes: new Map(), glossary: [], siteUrl: '', tables: { header: '', postings: '', sections: '', pages: '' } };
}

async function tableTexts(dir: string): Promise<{ header: string; postings: string; sections: string; pages: string }> {
  const read = (file: string) => readFile(path.join(dir, file), 'utf8');
  const [header, postings, sections, pages] = await Promise.all([read(DIGEST_FILES.searchIndex), read(DIGEST_FILES.searchPostings), read(DIGEST_FILES.searchSections), read(DIGEST_FILES.searchPages)]);
  return { header, postings, sections, pages };
}

function collect(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

interface Row {
  readonly corpus: string;
  readonly sections: number;
  readonly queries: number;
  readonly figures: readonly { readonly name: string; readonly p50: number; readonly p95: number }[];
}

async function measure(loaded: LoadedCorpus, before: Implementation | null, engineNames: readonly string[], rounds: number, memory: boolean, parts: boolean): Promise<Row> {
  const ourDisk = await loadSearchIndex(loaded.digestDir);
  const timed: Timed[] = [{ name: 'ask (disk)', search: (query) => searchKeyword(ourDisk, query) }];
  const texts = await tableTexts(loaded.digestDir);
  if (memory) {
    const ourMemory = openSearchTables(texts);
    timed.push({ name: 'ask (memory)', search: (query) => searchKeyword(ourMemory, query) });
  }
  if (parts) {
    timed.push({ name: 'ask: rank only', search: (query) => rankSections(ourDisk, query) });
    timed.push({
      name: 'ask: rank and rows',
      search: (query) => rankSections(ourDisk, query).ranked.map(({ index }) => [ourDisk.row(index), ourDisk.flatText(index)]),
    });
    timed.push({ name: 'ask: query terms only', search: (query) => queryTerms(ourDisk, query) });
  }
  if (before !== null) {
    const theirs = await before.load(loaded.digestDir);
    timed.push({ name: before.label, search: (query) => before.search(theirs, query) });
  }
  const corpus = corpusOf(loaded);
  for (const kind of ENGINES.filter((engine) => engineNames.some((name) => engine.name.startsWith(name)))) {
    collect();
    const engine = await kind.build(corpus);
    timed.push({ name: kind.name, search: (query) => engine.search(query) });
  }
  const queries = [...loaded.evalQueries, ...loaded.mix];
  for (const { search } of timed) for (const query of queries.slice(0, 50)) search(query);
  // a server returns to its event loop between requests: what a warm index does in the background lands
  await new Promise((resolve) => setTimeout(resolve, 100));
  const times = timeInterleaved(timed, queries, rounds, 0x0c05);
  const figures = timed.map(({ name }, at) => {
    const sorted = (times[at] ?? []).sort((a, b) => a - b);
    return { name, p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95) };
  });
  return { corpus: loaded.name, sections: ourDisk.sectionCount, queries: queries.length, figures };
}

async function main(): Promise<void> {
  const names = values.corpora.split(',').filter((name) => name !== '');
  const engines = values.engines === 'all' ? ENGINES.map((engine) => engine.name) : values.engines.split(',');
  const before = values.before === undefined ? null : await implementationAt(values.before);
  const saved: Record<string, Answers> = {};
  const previous = values.compare === undefined ? null : (JSON.parse(await readFile(values.compare, 'utf8')) as Record<string, Answers>);
  const rows: Row[] = [];
  const diffs: string[] = [];
  let compared = 0;
  console.log(`Node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}; ${values.rounds} rounds (a quarter past 20,000 sections), warm p50 / p95 in µs.\n`);
  for (const name of names) {
    const loaded = await loadCorpus(name, Number(values.mix));
    const mine = await answersOf(loaded.digestDir, [...loaded.evalQueries, ...loaded.mix], null);
    saved[name] = mine;
    const reference = previous?.[name] ?? (before === null ? undefined : await answersOf(loaded.digestDir, [...loaded.evalQueries, ...loaded.mix], before));
    if (reference !== undefined) {
      compared += Object.keys(reference.results).length;
      diffs.push(...differences(name, reference, mine));
    }
    const rounds = Math.max(1, Math.round(Number(values.rounds) * (loaded.sections.length > 20_000 ? 0.25 : 1)));
    const row = await measure(loaded, before, engines, rounds, !values['no-memory'], values.parts);
    rows.push(row);
    console.error(`[query-cost] ${name}: ${row.sections} sections, ${row.figures.map((figure) => `${figure.name} ${micros(figure.p50)}/${micros(figure.p95)}`).join(', ')}`);
  }
  const header = ['corpus', 'sections', 'queries', ...(rows[0]?.figures.map((figure) => `${figure.name} p50 / p95`) ?? [])];
  const table = markdownTable(header, rows.map((row) => [row.corpus, row.sections.toLocaleString('en-US'), String(row.queries), ...row.figures.map((figure) => `${micros(figure.p50)} / ${micros(figure.p95)}`)]));
  console.log(table);
  if (values.publish) await publishResults('query-cost', queryCostReport(table, rows));
  if (values.save !== undefined) await writeFile(values.save, JSON.stringify(saved));
  if (previous !== null || before !== null) {
    console.log(`\nAnswers compared on ${compared} queries (results as shown, and the best 20 sections with their scores): ${diffs.length === 0 ? 'all identical' : `${diffs.length} differ`}`);
    for (const line of diffs.slice(0, 40)) console.log(`  ${line}`);
    if (diffs.length > 0) process.exitCode = 1;
  }
}

/** bench-results/query-cost.md: the table, and ours against the fastest other engine per corpus. */
function queryCostReport(table: string, rows: readonly Row[]): string {
  const verdicts = rows.map((row) => {
    const ours = row.figures.find((figure) => figure.name === 'ask (disk)');
    const others = row.figures.filter((figure) => !figure.name.startsWith('ask'));
    const fastest = others.reduce<(typeof others)[number] | undefined>((best, figure) => (best === undefined || figure.p50 < best.p50 ? figure : best), undefined);
    if (ours === undefined || fastest === undefined) return [row.corpus, '-', '-', '-'];
    return [row.corpus, row.sections.toLocaleString('en-US'), `ours ${micros(ours.p50)} µs, ${fastest.name} ${micros(fastest.p50)} µs`, ours.p50 <= fastest.p50 ? 'ok' : 'MISSED'];
  });
  return [
    '# Query fixed cost',
    '',
    `\`npm run bench:query-cost\`, Node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}. \`searchKeyword\` (finished results with snippets) warm, beside the fastest other engines on the same sections; real corpora: their labelled queries and a query mix; generated corpora (g<pages>): a query mix. Every query by every engine in a fresh random order, ${values.rounds} rounds (a quarter past 20,000 sections). *ask (disk)*: \`loadSearchIndex\` as \`ask serve\` opens it (a result's line read from the section table on disk); *ask (memory)*: \`openSearchTables\` over the files' texts.`,
    '',
    table,
    '',
    '## Target: p50 at or below the fastest other engine, 300 to 65,000 sections',
    '',
    markdownTable(['corpus', 'sections', 'warm p50', ''], verdicts),
    '',
  ].join('\n');
}

await main();

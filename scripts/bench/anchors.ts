/**
 * How many `##`/`###` section anchors of the real docs sites (`../shared/eval`, read in place) our
 * pipeline gives exactly as the site's real generator does.
 *
 *   npx tsx scripts/bench/anchors.ts --reference DIR      (or: npm run bench:anchors -- --reference DIR)
 *
 * `DIR/<corpus>.json` is `{ "<file>": ["id", ...] }`: the h2/h3 ids each page has when the real tool
 * builds it, made by `scripts/bench/anchor-reference/` (vitepress.mjs, docusaurus.mjs, mkdocs.py;
 * each says in its first lines how to install the tool and run it). Corpora without a file there
 * are skipped. Ours: the sections `loadContent` gives a page, depth 2 or 3, in document order,
 * under the corpus's generator and under `plain` for comparison.
 *
 * A reference anchor agrees when our page has it at the same place in the order: the count is the
 * longest common subsequence of our anchors and theirs, page by page, so one missing or extra
 * heading costs one, not every heading after it. Anchors of ours the reference lacks, and pages
 * only one side has, are counted apart. Writes bench-results/anchors.md.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadContent } from '../../pipeline/content/index.ts';
import type { GeneratorName } from '../../pipeline/content/generators/index.ts';
import { realCorpora, REAL_DOCS_DIR, type RealCorpus } from './real-corpora.ts';
import { publishResults } from './results.ts';

type Anchors = ReadonlyMap<string, readonly string[]>;

/** Reads `{ "<file>": ["id", ...] }`, checking its shape. */
async function readReference(file: string): Promise<Anchors> {
  const data: unknown = JSON.parse(await readFile(file, 'utf8'));
  if (typeof data !== 'object' || data === null || Array.isArray(data)) throw new Error(`${file}: not a { file: ids } object`);
  const anchors = new Map<string, readonly string[]>();
  for (const [page, ids] of Object.entries(data)) {
    if (!Array.isArray(ids) || !ids.every((id): id is string => typeof id === 'string')) throw new Error(`${file}: ${page}: not a list of ids`);
    anchors.set(page, ids);
  }
  return anchors;
}

/** Our anchors per file: each page's depth-2/3 sections, in order. */
async function ourAnchors(contentDir: string, generator: GeneratorName): Promise<Anchors> {
  const content = await loadContent({ contentDir, siteUrl: '', generator });
  const bySlug = new Map<string, string[]>();
  for (const section of content.sections) {
    if (section.depth !== 2 && section.depth !== 3) continue;
    const list = bySlug.get(section.pageSlug) ?? [];
    list.push(section.anchor ?? '');
    bySlug.set(section.pageSlug, list);
  }
  return new Map(content.pages.map((page) => [page.file, bySlug.get(page.slug) ?? []]));
}

/** One stretch where the two lists part: our anchors there, and theirs. */
interface Hunk {
  readonly ours: readonly string[];
  readonly theirs: readonly string[];
}

/** Longest common subsequence of `a` and `b`: its length and the hunks between its matches. */
function align(a: readonly string[], b: readonly string[]): { readonly common: number; readonly hunks: readonly Hunk[] } {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const table = new Uint32Array(rows * cols);
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      table[i * cols + j] = a[i] === b[j] ? (table[(i + 1) * cols + j + 1] ?? 0) + 1 : Math.max(table[(i + 1) * cols + j] ?? 0, table[i * cols + j + 1] ?? 0);
    }
  }
  const hunks: Hunk[] = [];
  let ours: string[] = [];
  let theirs: string[] = [];
  const flush = (): void => {
    if (ours.length > 0 || theirs.length > 0) hunks.push({ ours, theirs });
    ours = [];
    theirs = [];
  };
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      flush();
      i += 1;
      j += 1;
    } else if (j >= b.length || (i < a.length && (table[(i + 1) * cols + j] ?? 0) >= (table[i * cols + j + 1] ?? 0))) {
      ours.push(a[i] ?? '');
      i += 1;
    } else {
      theirs.push(b[j] ?? '');
      j += 1;
    }
  }
  flush();
  return { common: table[0] ?? 0, hunks };
}

interface Comparison {
  readonly pages: number;
  readonly sections: number;
  readonly agreeing: number;
  /** Anchors of ours, on pages the reference has, that it does not give. */
  readonly extra: number;
  /** Files the reference has and we make no page of. */
  readonly missingPages: readonly string[];
  /** Files we make a page of that the reference has not, with how many anchors we give them. */
  readonly extraPages: readonly (readonly [string, number])[];
  readonly disagreements: readonly (readonly [string, Hunk])[];
}

function compare(reference: Anchors, ours: Anchors): Comparison {
  let sections = 0;
  let agreeing = 0;
  let extra = 0;
  const missingPages: string[] = [];
  const disagreements: (readonly [string, Hunk])[] = [];
  for (const [file, theirs] of [...reference].sort(([a], [b]) => a.localeCompare(b))) {
    sections += theirs.length;
    const mine = ours.get(file);
    if (mine === undefined) missingPages.push(file);
    const { common, hunks } = align(mine ?? [], theirs);
    agreeing += common;
    extra += (mine ?? []).length - common;
    for (const hunk of hunks) disagreements.push([file, hunk]);
  }
  const extraPages = [...ours].filter(([file]) => !reference.has(file)).map(([file, anchors]) => [file, anchors.length] as const);
  return { pages: reference.size, sections, agreeing, extra, missingPages, extraPages, disagreements };
}

const percent = (part: number, whole: number): string => (whole === 0 ? '–' : `${((100 * part) / whole).toFixed(1)}%`);
const code = (ids: readonly string[]): string => (ids.length === 0 ? '(none)' : ids.map((id) => `\`${id === '' ? '""' : id.replace(/\|/g, '\\|')}\``).join(', '));

const HOW: Readonly<Record<string, string>> = {
  vitepress:
    'VitePress 2.0.0-alpha.19: `createMarkdownRenderer` (the renderer `vitepress build` uses, default Markdown options) renders every `.md` file with the env of a build (includes expanded); ids of the `<h2>`/`<h3>` its anchor plugin made. `node scripts/bench/anchor-reference/vitepress.mjs <docs> <vitepress install>`',
  docusaurus:
    '`docusaurus build` (@docusaurus/core + preset-classic 3.10.2) of the docs folder served at the site root; each doc\'s page from the docs plugin\'s metadata, ids of the `<h2>`/`<h3>` of its built HTML content (imported partials rendered in). `node scripts/bench/anchor-reference/docusaurus.mjs <docs> <docusaurus install>`',
  mkdocs:
    'MkDocs\' page reading (`get_data`) and Python-Markdown 3.4.1 + pymdown-extensions 9.5 with the `markdown_extensions` of Material for MkDocs\' own mkdocs.yml (Material icons as text-less SVG); h2/h3 ids of the `toc` extension. `/usr/bin/python3 scripts/bench/anchor-reference/mkdocs.py <docs>`',
};

function report(corpus: RealCorpus, under: Comparison, plain: Comparison): string {
  const lines = [
    `## ${corpus.name} (${corpus.generator})`,
    '',
    `| pages | ##/### sections (reference) | agreeing under ${corpus.generator} | % | agreeing under plain | % |`,
    '|---:|---:|---:|---:|---:|---:|',
    `| ${under.pages} | ${under.sections} | ${under.agreeing} | ${percent(under.agreeing, under.sections)} | ${plain.agreeing} | ${percent(plain.agreeing, plain.sections)} |`,
    '',
    `Reference: ${HOW[corpus.generator] ?? corpus.generator}.`,
    '',
    `Under ${corpus.generator}: ${under.extra} anchors of ours the reference does not have; pages the reference has and we do not: ${under.missingPages.length === 0 ? 'none' : under.missingPages.map((file) => `\`${file}\``).join(', ')}; pages we have and the reference does not: ${under.extraPages.length === 0 ? 'none' : under.extraPages.map(([file, count]) => `\`${file}\` (${count} anchors)`).join(', ')}.`,
  ];
  if (under.disagreements.length > 0) {
    lines.push('', `Disagreements under ${corpus.generator}:`, '', '| file | ours | theirs |', '|---|---|---|');
    for (const [file, hunk] of under.disagreements) lines.push(`| \`${file}\` | ${code(hunk.ours)} | ${code(hunk.theirs)} |`);
  } else {
    lines.push('', `No disagreements under ${corpus.generator}.`);
  }
  return lines.join('\n');
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { reference: { type: 'string' } } });
  if (values.reference === undefined) throw new Error('usage: npx tsx scripts/bench/anchors.ts --reference DIR  (DIR/<corpus>.json from scripts/bench/anchor-reference/)');
  const referenceDir = path.resolve(values.reference);
  const sections: string[] = [];
  const summary: string[] = ['| corpus | generator | pages | ##/### sections | agreeing (generator) | % | agreeing (plain) | % |', '|---|---|---:|---:|---:|---:|---:|---:|'];
  for (const corpus of realCorpora()) {
    const referenceFile = path.join(referenceDir, `${corpus.name}.json`);
    if (!existsSync(referenceFile)) {
      console.error(`${corpus.name}: no ${referenceFile}, skipped`);
      continue;
    }
    const reference = await readReference(referenceFile);
    const under = compare(reference, await ourAnchors(corpus.docsDir, corpus.generator));
    const plain = compare(reference, await ourAnchors(corpus.docsDir, 'plain'));
    summary.push(`| ${corpus.name} | ${corpus.generator} | ${under.pages} | ${under.sections} | ${under.agreeing} | ${percent(under.agreeing, under.sections)} | ${plain.agreeing} | ${percent(plain.agreeing, plain.sections)} |`);
    sections.push(report(corpus, under, plain));
  }
  if (sections.length === 0) throw new Error(`no <corpus>.json in ${referenceDir} for the corpora of ${REAL_DOCS_DIR}`);
  const markdown = [
    '# Section anchors against the real generators',
    '',
    `\`npm run bench:anchors -- --reference DIR\`, Node ${process.version}. The real docs sites of \`../shared/eval\` (read in place); for each, the \`##\`/\`###\` ids the site's real generator gives every page (\`DIR/<corpus>.json\`, made by \`scripts/bench/anchor-reference/\`), against the depth-2/3 sections \`loadContent\` gives the same file under the corpus's generator, and under \`plain\`. An anchor agrees when it is ours at the same place in the page's order (longest common subsequence per page).`,
    '',
    ...summary,
    '',
    ...sections.flatMap((section) => [section, '']),
  ].join('\n');
  console.log(markdown);
  await publishResults('anchors', markdown);
}

await main();

/**
 * What the digest adds to a docs repository (issue 39 item 4): each set of `../shared/eval` (its
 * docs folder under its generator) and of `../shared/eval/repos` (from the repository root, as a
 * team runs it: the generator detected, the content folder as `repos.tsv` names it) is built
 * offline into a temporary folder, and its files are counted and weighed beside the content's own
 * Markdown: the model's part (section nodes, glossary, suggestions, overview, context, manifest)
 * and the part any host re-makes from it and the content with no model (page Markdown,
 * `llms.txt`, `llms-full.txt`, search tables). The archive and the folder's `.gitignore` are the
 * build's own and never committed.
 *
 *   npm run bench:digest-size
 *
 * Writes bench-results/digest-size.md.
 */
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { isBuildOnlyFile } from '../../pipeline/format/paths.ts';
import { ROOT } from './eval.ts';
import { buildOfflineDigest } from './eval-corpora.ts';
import { REAL_DOCS_DIR, realCorpora } from './real-corpora.ts';
import { publishResults } from './results.ts';

const run = promisify(execFile);
const REPOS_DIR = path.join(REAL_DOCS_DIR, 'repos');
const ASK_BIN = path.join(ROOT, 'scripts', 'ask.js');

/** The part a host re-makes: files and folders at the digest's top whose bytes come from the nodes and the content alone. */
const DERIVED_TOP = new Set(['pages', 'search', 'llms.txt', 'llms-full.txt']);

interface Weight {
  files: number;
  bytes: number;
}

interface SetSize {
  readonly name: string;
  readonly pages: number;
  readonly markdown: Weight;
  readonly model: Weight;
  readonly derived: Weight;
}

async function filesBelow(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

/** The `.md`/`.mdx` files of a content folder (node_modules and dot folders left out) and their bytes. */
async function markdownWeight(contentDir: string): Promise<Weight> {
  const weight: Weight = { files: 0, bytes: 0 };
  for (const file of await filesBelow(contentDir)) {
    const relative = path.relative(contentDir, file).split(path.sep);
    if (relative.some((part) => part === 'node_modules' || part.startsWith('.'))) continue;
    if (!/\.mdx?$/i.test(file)) continue;
    weight.files += 1;
    weight.bytes += (await stat(file)).size;
  }
  return weight;
}

/** The digest's files by part: the model's and the derived (build-only files left out). */
async function digestWeight(digestDir: string): Promise<{ model: Weight; derived: Weight; pages: number }> {
  const model: Weight = { files: 0, bytes: 0 };
  const derived: Weight = { files: 0, bytes: 0 };
  let pages = 0;
  for (const file of await filesBelow(digestDir)) {
    const relative = path.relative(digestDir, file).split(path.sep);
    const top = relative[0] ?? '';
    if (isBuildOnlyFile(relative.join('/'))) continue;
    const part = DERIVED_TOP.has(top) ? derived : model;
    part.files += 1;
    part.bytes += (await stat(file)).size;
    if (top === 'pages') pages += 1;
  }
  return { model, derived, pages };
}

/** `repos.tsv`: name, generator, site url, docs root. */
function repoSets(): { readonly name: string; readonly docsRoot: string }[] {
  const file = path.join(REPOS_DIR, 'repos.tsv');
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .slice(1)
    .map((line) => line.split('\t'))
    .filter((fields) => (fields[0] ?? '') !== '' && (fields[3] ?? '') !== '')
    .map((fields) => ({ name: fields[0] ?? '', docsRoot: fields[3]?.trim() ?? '' }));
}

async function measure(name: string, contentDir: string, build: (outDir: string) => Promise<void>): Promise<SetSize> {
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'ask-digest-size-'));
  try {
    const outDir = path.join(scratch, 'digest');
    await build(outDir);
    const { model, derived, pages } = await digestWeight(outDir);
    return { name, pages, markdown: await markdownWeight(contentDir), model, derived };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

const megabytes = (bytes: number): string => (bytes / 1e6).toFixed(2);
const ratio = (part: number, whole: number): string => (whole === 0 ? '–' : `${(part / whole).toFixed(2)}×`);

function table(rows: readonly SetSize[]): string[] {
  const lines = [
    '| set | pages | content .md/.mdx MB | model part: files, MB | derived part: files, MB | all committed today, MB | ÷ content | model part ÷ content | KB per page (all) |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const row of rows) {
    const all = row.model.bytes + row.derived.bytes;
    lines.push(
      `| ${row.name} | ${row.pages} | ${megabytes(row.markdown.bytes)} | ${row.model.files}, ${megabytes(row.model.bytes)} | ${row.derived.files}, ${megabytes(row.derived.bytes)} | ${megabytes(all)} | ${ratio(all, row.markdown.bytes)} | ${ratio(row.model.bytes, row.markdown.bytes)} | ${row.pages === 0 ? '–' : (all / row.pages / 1000).toFixed(1)} |`,
    );
  }
  return lines;
}

const evalRows: SetSize[] = [];
for (const corpus of realCorpora()) {
  evalRows.push(await measure(corpus.name, corpus.docsDir, (outDir) => buildOfflineDigest({ contentDir: corpus.docsDir, generator: corpus.generator, config: corpus.configFile }, outDir)));
  console.error(`measured ${corpus.name}`);
}
const repoRows: SetSize[] = [];
for (const repo of repoSets()) {
  const root = path.join(REPOS_DIR, repo.name);
  repoRows.push(
    await measure(repo.name, path.join(root, repo.docsRoot), async (outDir) => {
      await run(process.execPath, [ASK_BIN, 'digest', 'build', '--content', repo.docsRoot, '--out', outDir, '--provider', 'offline', '--quiet'], { cwd: root, env: { PATH: process.env['PATH'] ?? '', CI: 'true' }, maxBuffer: 64 * 1024 * 1024 });
    }),
  );
  console.error(`measured ${repo.name}`);
}

const markdown = [
  '# What the digest weighs',
  '',
  'Each set built offline (`npm run bench:digest-size`); bytes as files on disk (MB = 10^6 bytes). The',
  "**model part** is what the model writes and a team reviews: section nodes, glossary, suggestions, overview,",
  'context and the manifest. The **derived part** is re-made from it and the content with no model: page',
  'Markdown, `llms.txt`, `llms-full.txt` and the search tables. Both are committed today; the archive and the',
  "folder's `.gitignore` never are. Content is the docs' own `.md`/`.mdx` files under the content folder (for",
  'the repositories: every locale and version the folder holds).',
  '',
  '## The six sets of ../shared/eval (docs folder, under its generator)',
  '',
  ...table(evalRows),
  '',
  '## The repositories of ../shared/eval/repos (from the root; content folder from repos.tsv, generator detected)',
  '',
  ...table(repoRows),
  '',
];
await publishResults('digest-size', markdown.join('\n'));
console.log(markdown.join('\n'));

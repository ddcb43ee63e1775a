/**
 * The corpora of `bench:build`, laid out in the temporary folder as `ask digest build` lays a
 * site out (content, digest, `.ask-cache`): the generated corpus in `benchCorpusPaths`'s folder
 * (where `bench:search` and `bench:serve` look for it), and a real corpus of `../shared/eval`
 * replicated to about the same number of pages (its docs folder copied under `r001/`, `r002/`...
 * so every page slug stays unique), built under its own generator. Also the one-section edit.
 */
import { cp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { listContentFiles, loadContent } from '../../pipeline/content/index.ts';
import { generateCorpus, writeCorpus } from '../generate-corpus.ts';
import type { CorpusPaths } from './build-jobs.ts';
import { benchCorpusDir, benchCorpusPaths } from './eval.ts';
import { realCorpora, type RealCorpus } from './real-corpora.ts';

export type CorpusKind = 'generated' | 'real';

export interface PreparedCorpus {
  /** `generated` or the real corpus's name. */
  readonly name: string;
  readonly kind: CorpusKind;
  /** The page count asked for (`--pages`). */
  readonly nominalPages: number;
  /** The folder holding content, digest and cache. */
  readonly dir: string;
  readonly paths: CorpusPaths;
  readonly megabytes: number;
  readonly prepareMs: number;
  /** Content files, relative to the content folder. */
  readonly files: readonly string[];
  /** How the corpus was made, one phrase. */
  readonly origin: string;
  /** Whether the folder is removed once measured (the generated corpus stays for `bench:search`). */
  readonly removeAfter: boolean;
}

const megabytesOf = (texts: Iterable<string>): number => {
  let bytes = 0;
  for (const text of texts) bytes += Buffer.byteLength(text);
  return bytes / 1024 / 1024;
};

/** A fresh generated corpus of `pages` pages in `benchCorpusPaths(pages, seed)`, no digest, no cache. */
export async function prepareGenerated(pages: number, seed: number): Promise<PreparedCorpus> {
  const dir = benchCorpusDir(pages, seed);
  const paths = { ...benchCorpusPaths(pages, seed), generator: 'plain' as const };
  await rm(dir, { recursive: true, force: true });
  const started = performance.now();
  const corpus = generateCorpus({ pages, seed });
  await writeCorpus(paths.contentDir, corpus);
  return {
    name: 'generated',
    kind: 'generated',
    nominalPages: pages,
    dir,
    paths,
    megabytes: megabytesOf(corpus.files.map((file) => file.text)),
    prepareMs: performance.now() - started,
    files: corpus.files.map((file) => file.path),
    origin: `scripts/generate-corpus.ts, seed ${seed}`,
    removeAfter: false,
  };
}

/** Among the real corpora the brief names (a Docusaurus and an MkDocs site), the one with the most content files; null when none is on this machine. */
export async function largestRealCorpus(): Promise<RealCorpus | null> {
  let best: { corpus: RealCorpus; files: number } | null = null;
  for (const corpus of realCorpora().filter((entry) => entry.name === 'pnpm' || entry.name === 'mkdocs-material')) {
    const files = (await listContentFiles(corpus.docsDir)).length;
    if (best === null || files > best.files) best = { corpus, files };
  }
  return best?.corpus ?? null;
}

/** A real corpus's docs folder copied (real copies: the edit must not reach the originals) often enough for about `pages` pages. */
export async function prepareReal(corpus: RealCorpus, pages: number): Promise<PreparedCorpus> {
  const dir = path.join(os.tmpdir(), 'ask-bench-corpora', `real-${corpus.name}-p${pages}`);
  const paths: CorpusPaths = { contentDir: path.join(dir, 'content'), outDir: path.join(dir, 'digest'), cacheDir: path.join(dir, '.ask-cache'), generator: corpus.generator };
  await rm(dir, { recursive: true, force: true });
  const started = performance.now();
  const perCopy = (await loadContent({ contentDir: corpus.docsDir, siteUrl: '', generator: corpus.generator })).pages.length;
  const copies = Math.max(1, Math.round(pages / Math.max(1, perCopy)));
  for (let copy = 1; copy <= copies; copy += 1) {
    await cp(corpus.docsDir, path.join(paths.contentDir, `r${String(copy).padStart(3, '0')}`), { recursive: true });
  }
  const files = await listContentFiles(paths.contentDir);
  const texts = await Promise.all((await listContentFiles(corpus.docsDir)).map((file) => readFile(path.join(corpus.docsDir, file), 'utf8')));
  return {
    name: corpus.name,
    kind: 'real',
    nominalPages: pages,
    dir,
    paths,
    megabytes: megabytesOf(texts) * copies,
    prepareMs: performance.now() - started,
    files,
    origin: `../shared/eval/${corpus.name} (${corpus.generator}, ${perCopy} pages) copied ${copies} times`,
    removeAfter: true,
  };
}

/** A plain prose line: a sentence ending the line, no markup a generator could read as something else. */
const PROSE = /^[A-Z][^<>{}|`*_[\]]*[a-z0-9)][.]$/;
/** A `##`/`###` heading of plain words (no explicit `{#id}`, no markup), whose anchor is made from its text. */
const PLAIN_HEADING = /^#{2,3} [A-Za-z][A-Za-z0-9 ,'-]*$/;

/** The kinds of one-section edit: a sentence added to a paragraph, or a heading renamed (its anchor with it). */
export type EditKind = 'body' | 'heading';

/**
 * The line of a prose paragraph under a `##`/`###` heading (`body`), or of such a heading of plain
 * words (`heading`), outside frontmatter and code fences; -1 when the text has none.
 */
function editableLine(lines: readonly string[], kind: EditKind): number {
  let at = 0;
  if (lines[0] === '---') {
    at = lines.indexOf('---', 1) + 1;
    if (at === 0) return -1;
  }
  let fence: string | null = null;
  let underHeading = false;
  for (; at < lines.length; at += 1) {
    const line = lines[at] ?? '';
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker !== undefined) {
      if (fence === null) fence = marker;
      else if (marker.startsWith(fence)) fence = null;
      continue;
    }
    if (fence !== null) continue;
    if (kind === 'heading' && PLAIN_HEADING.test(line)) return at;
    if (/^#{2,3} \S/.test(line)) underHeading = true;
    else if (/^# /.test(line)) underHeading = false;
    else if (kind === 'body' && underHeading && (lines[at - 1] ?? '') === '' && PROSE.test(line)) return at;
  }
  return -1;
}

/**
 * Edits one section of one page, in a page about the middle of the corpus: appends a sentence to
 * a prose paragraph under a heading (`body`), or adds a word to a heading (`heading`: the
 * section's anchor and id change, and links to the old anchor go to the page). Returns the file
 * and its original text.
 */
export async function editOneSection(contentDir: string, files: readonly string[], kind: EditKind = 'body'): Promise<{ file: string; original: string }> {
  for (let offset = 0; offset < files.length; offset += 1) {
    const file = path.join(contentDir, files[(Math.floor(files.length / 2) + offset) % files.length] ?? '');
    const original = await readFile(file, 'utf8');
    const lines = original.split('\n');
    const line = editableLine(lines, kind);
    if (line === -1) continue;
    lines[line] = kind === 'body' ? `${lines[line]} This sentence was added by the build benchmark.` : `${lines[line]} renamed`;
    await writeFile(file, lines.join('\n'));
    return { file, original };
  }
  throw new Error(kind === 'body' ? 'no page with a prose paragraph under a heading' : 'no page with a plain heading');
}

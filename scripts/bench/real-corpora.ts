/**
 * The real documentation sites of `../shared/eval` (read in place, never copied): where each is,
 * which generator built it, and its labelled queries. Shared by the benchmarks and the tests
 * that hold the pipeline to real docs.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { GeneratorName } from '../../pipeline/content/generators/index.ts';
import { ROOT } from './eval.ts';

/** `../shared/eval` beside the repository (CI lays a copy of shared/ there too). */
export const REAL_DOCS_DIR = path.resolve(ROOT, '..', 'shared', 'eval');

export interface RealCorpus {
  readonly name: string;
  readonly generator: GeneratorName;
  /** The Markdown folder. */
  readonly docsDir: string;
  readonly queriesFile: string;
}

const CORPORA: readonly (readonly [string, GeneratorName])[] = [
  ['hono', 'vitepress'],
  ['vitepress', 'vitepress'],
  ['pnpm', 'docusaurus'],
  ['mkdocs-material', 'mkdocs'],
];

/** The real corpora present on this machine (none when `../shared/eval` is missing). */
export function realCorpora(): RealCorpus[] {
  return CORPORA.map(([name, generator]) => ({
    name,
    generator,
    docsDir: path.join(REAL_DOCS_DIR, name, 'docs'),
    queriesFile: path.join(REAL_DOCS_DIR, name, 'queries.jsonl'),
  })).filter((corpus) => existsSync(corpus.docsDir));
}

export type RealQueryKind = 'keyword' | 'flag' | 'error' | 'question' | 'task';

export interface RealQuery {
  readonly id: string;
  readonly query: string;
  /** `<file>#<anchor>` or `<file>` for a page's intro, file relative to the docs folder. */
  readonly gold: readonly string[];
  readonly kind: RealQueryKind;
}

/** Reads a `queries.jsonl` file: one `{ id, query, gold, kind }` a line. */
export async function loadRealQueries(file: string): Promise<RealQuery[]> {
  const lines = (await readFile(file, 'utf8')).split('\n').filter((line) => line.trim() !== '');
  return lines.map((line, at) => {
    const data = JSON.parse(line) as Partial<RealQuery>;
    if (typeof data.id !== 'string' || typeof data.query !== 'string' || !Array.isArray(data.gold) || typeof data.kind !== 'string') {
      throw new Error(`${file}:${at + 1}: not { id, query, gold[], kind }`);
    }
    return { id: data.id, query: data.query, gold: data.gold, kind: data.kind };
  });
}

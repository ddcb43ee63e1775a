/**
 * The real documentation sites of `../shared/eval` (read in place, never copied): where each is,
 * which generator built it, and its labelled queries. Shared by the benchmarks and the tests
 * that hold the pipeline to real docs.
 */
import GithubSlugger from 'github-slugger';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { GENERATOR_NAMES, type GeneratorName } from '../../pipeline/content/generators/index.ts';
import { generatorOfConfig } from '../../pipeline/content/site-config/index.ts';
import type { Section } from '../../pipeline/types.ts';
import { ROOT, type EvalQuery } from './eval.ts';

/** `../shared/eval` beside the repository (CI lays a copy of shared/ there too). */
export const REAL_DOCS_DIR = path.resolve(ROOT, '..', 'shared', 'eval');

export interface RealCorpus {
  readonly name: string;
  readonly generator: GeneratorName;
  /** The Markdown folder. */
  readonly docsDir: string;
  /** The site's generator config file (in `config/` beside `docs/`, as `--config` takes it), or null when the set kept none. */
  readonly configFile: string | null;
  readonly queriesFile: string;
}

/** `sets.tsv`: one `<name>\t<generator>` a line, `#` lines are comments. */
function readSets(): (readonly [string, GeneratorName])[] {
  const file = path.join(REAL_DOCS_DIR, 'sets.tsv');
  if (!existsSync(file)) return [];
  const sets: (readonly [string, GeneratorName])[] = [];
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const [name = '', generator = ''] = line.trim().split('\t');
    if (name === '' || name.startsWith('#')) continue;
    if (!(GENERATOR_NAMES as readonly string[]).includes(generator)) throw new Error(`${file}: unknown generator ${generator} for ${name}`);
    sets.push([name, generator as GeneratorName]);
  }
  return sets;
}

/** The config file of `generator` in a set's `config/` folder, null when there is no such folder or file. */
function configFileOf(folder: string, generator: GeneratorName): string | null {
  if (!existsSync(folder)) return null;
  const name = readdirSync(folder).sort().find((entry) => generatorOfConfig(entry) === generator);
  return name === undefined ? null : path.join(folder, name);
}

/** The real corpora present on this machine, in `sets.tsv` order (none when `../shared/eval` is missing). */
export function realCorpora(): RealCorpus[] {
  return readSets()
    .map(([name, generator]) => {
      return {
        name,
        generator,
        docsDir: path.join(REAL_DOCS_DIR, name, 'docs'),
        configFile: configFileOf(path.join(REAL_DOCS_DIR, name, 'config'), generator),
        queriesFile: path.join(REAL_DOCS_DIR, name, 'queries.jsonl'),
      };
    })
    .filter((corpus) => existsSync(corpus.docsDir));
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
    if (!(REAL_QUERY_KINDS as readonly string[]).includes(data.kind)) throw new Error(`${file}:${at + 1}: unknown kind ${data.kind}`);
    return { id: data.id, query: data.query, gold: data.gold, kind: data.kind };
  });
}

/** The query kinds of `queries.jsonl`, in the order the tables show them. */
export const REAL_QUERY_KINDS: readonly RealQueryKind[] = ['keyword', 'flag', 'error', 'question', 'task'];

/**
 * The id of the section a gold names, among sections loaded under the corpus's generator: its
 * page by file, its heading by GitHub's slug of the heading text (as the golds were made, whatever
 * anchor the generator gives); a gold naming the page's `#` title anchor means its intro.
 * Undefined when no section fits.
 */
export function goldSectionId(
  pages: readonly { readonly file: string; readonly slug: string }[],
  sections: readonly Pick<Section, 'id' | 'pageSlug' | 'heading' | 'title'>[],
  gold: string,
): string | undefined {
  const hash = gold.indexOf('#');
  const file = hash === -1 ? gold : gold.slice(0, hash);
  const slug = pages.find((page) => page.file === file)?.slug;
  if (slug === undefined) return undefined;
  const ofPage = sections.filter((section) => section.pageSlug === slug);
  if (hash === -1) return ofPage[0]?.id;
  const anchor = gold.slice(hash + 1);
  const slugger = new GithubSlugger();
  const byHeading = ofPage.find((section) => section.heading !== null && slugger.slug(section.heading) === anchor);
  return (byHeading ?? (new GithubSlugger().slug(ofPage[0]?.title ?? '') === anchor ? ofPage[0] : undefined))?.id;
}

/** A corpus's labelled queries with their golds resolved to section ids; a gold no section fits stays as `missing:<gold>` (never found). */
export async function realEvalQueries(
  corpus: RealCorpus,
  content: { readonly pages: readonly { readonly file: string; readonly slug: string }[]; readonly sections: readonly Section[] },
): Promise<{ readonly queries: EvalQuery<RealQueryKind>[]; readonly unresolved: readonly string[] }> {
  const unresolved: string[] = [];
  const queries = (await loadRealQueries(corpus.queriesFile)).map((query) => ({
    query: query.query,
    kind: query.kind,
    relevant: query.gold.map((gold) => {
      const id = goldSectionId(content.pages, content.sections, gold);
      if (id === undefined) unresolved.push(`${query.id} ${gold}`);
      return id ?? `missing:${gold}`;
    }),
  }));
  return { queries, unresolved };
}

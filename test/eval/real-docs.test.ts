/**
 * The pipeline on documentation we did not write: every corpus of `../shared/eval` builds with
 * zero errors under its generator (offline distiller), every labelled gold section exists, the
 * anchors of headings checked by hand against the real generator are the live site's, and no
 * generator markup reaches a heading, a summary or a search snippet.
 */
import GithubSlugger from 'github-slugger';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadContent } from '../../pipeline/content/index.ts';
import { sectionFilePath } from '../../pipeline/format/paths.ts';
import { loadSearchIndex, searchKeyword } from '../../pipeline/search/index.ts';
import type { DigestNode, Section } from '../../pipeline/types.ts';
import { loadRealQueries, realCorpora, type RealCorpus } from '../../scripts/bench/real-corpora.ts';
import { evalDigestDir } from '../support/eval-builds.ts';
import { noteMissingSharedEval, SHARED_EVAL_PRESENT } from '../support/shared-folder.ts';
import { CHECKED_ANCHORS } from './checked-anchors.ts';

/** Generator syntax that must never show in a heading or a summary: containers, admonitions, tabs, custom ids, badges, alerts, comments, imports of partials. */
const MARKUP = [
  /(^|\n)\s*:::/,
  /(^|\n)\s*(!!!|\?\?\?\+?)\s/,
  /(^|\n)\s*=== "/,
  /\{\s*#[\w-]+[^}]*\}/,
  /\{:\s*#/,
  /<Badge\s+(type|text)=/i,
  /\[!(NOTE|TIP|IMPORTANT|WARNING|CAUTION)\]/,
  /<!--/,
  /import \w+ from ['"][^'"]*\.mdx?['"]/,
];

/**
 * What must not show in a snippet either. A snippet may quote a code block, and docs about a
 * generator show its syntax in code (`{#my-anchor}`, `<!-- -->`, `!!! note "Outer Note"`), so
 * only markup that no code block of these corpora quotes is looked for.
 */
const SNIPPET_MARKUP = [/<Badge\s+(type|text)=/i, /import \w+ from ['"][^'"]*\/_[^'"]*\.mdx?['"]/];

function markupIn(text: string, patterns: readonly RegExp[] = MARKUP): RegExp | undefined {
  return patterns.find((pattern) => pattern.test(text));
}

/** Finds the section a gold names: its page by file, its heading by GitHub's slug of the heading (as the gold was made). */
function goldSection(sections: readonly Section[], files: ReadonlyMap<string, string>, gold: string): Section | undefined {
  const [file = '', anchor] = gold.split('#');
  const slug = files.get(file);
  const ofPage = sections.filter((section) => section.pageSlug === slug);
  if (anchor === undefined) return ofPage[0];
  const slugger = new GithubSlugger();
  const byGithubSlug = ofPage.find((section) => section.heading !== null && slugger.slug(section.heading) === anchor);
  // a gold naming the page's `#` title anchor means its intro chunk
  return byGithubSlug ?? (new GithubSlugger().slug(ofPage[0]?.title ?? '') === anchor ? ofPage[0] : undefined);
}

const corpora = realCorpora();

noteMissingSharedEval();

describe.skipIf(!SHARED_EVAL_PRESENT).each(corpora)('real docs: $name ($generator)', (corpus: RealCorpus) => {
  let digestDir: string;
  let sections: Section[];
  let files: Map<string, string>;

  beforeAll(async () => {
    digestDir = await evalDigestDir(corpus);
    const content = await loadContent({ contentDir: corpus.docsDir, siteUrl: '', generator: corpus.generator });
    sections = [...content.sections];
    files = new Map(content.pages.map((page) => [page.file, page.slug]));
  }, 120_000);

  it('builds with zero errors, and every labelled gold section is there', async () => {
    const queries = await loadRealQueries(corpus.queriesFile);
    const missing = queries.flatMap((query) => query.gold.filter((gold) => goldSection(sections, files, gold) === undefined));
    expect(missing).toEqual([]);
  });

  it('gives the headings checked against the real generator the anchors of the live site', () => {
    const checked = CHECKED_ANCHORS[corpus.name] ?? [];
    expect(checked.length).toBeGreaterThanOrEqual(8);
    // a heading repeated on a page is listed once per occurrence, in order
    const seen = new Map<string, number>();
    const actual = checked.map(({ file, heading }) => {
      const key = `${file}\n${heading}`;
      const occurrence = seen.get(key) ?? 0;
      seen.set(key, occurrence + 1);
      const matches = sections.filter((candidate) => candidate.pageSlug === files.get(file) && candidate.heading === heading);
      return { file, heading, anchor: matches[occurrence]?.anchor ?? null };
    });
    expect(actual).toEqual(checked);
  });

  it('shows no generator markup in any heading, summary or search snippet', async () => {
    const leaks: string[] = [];
    for (const section of sections) {
      const node = JSON.parse(await readFile(path.join(digestDir, sectionFilePath(section.id)), 'utf8')) as DigestNode;
      for (const [where, text] of [['heading', node.heading ?? ''], ['summary', node.summary]] as const) {
        const pattern = markupIn(text);
        if (pattern) leaks.push(`${section.id} ${where} ${String(pattern)}: ${text.slice(0, 120)}`);
      }
    }
    const index = await loadSearchIndex(digestDir);
    for (const query of await loadRealQueries(corpus.queriesFile)) {
      for (const result of searchKeyword(index, query.query)) {
        const pattern = markupIn(result.snippet, SNIPPET_MARKUP);
        if (pattern) leaks.push(`${query.id} snippet ${String(pattern)}: ${result.snippet}`);
      }
    }
    expect(leaks).toEqual([]);
  });
});

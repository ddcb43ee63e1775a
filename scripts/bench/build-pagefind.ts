/**
 * Pagefind indexing the sections of a corpus, for `bench:build` to set our full build beside:
 * one custom record per section (its url, heading and text, the page or heading as title), through
 * Pagefind's Node API, timed from `createIndex` to the index files written.
 */
import * as pagefind from 'pagefind';
import type { Section } from '../../pipeline/types.ts';

/** Records sent to Pagefind before waiting for their answers. */
const BATCH = 500;

export interface PagefindRun {
  readonly elapsedMs: number;
  readonly records: number;
  readonly errors: number;
}

export async function indexWithPagefind(sections: readonly Section[], outputPath: string): Promise<PagefindRun> {
  const started = performance.now();
  const created = await pagefind.createIndex({ forceLanguage: 'en' });
  const { index } = created;
  if (index === undefined) throw new Error(`pagefind createIndex: ${created.errors.join('; ')}`);
  let errors = created.errors.length;
  for (let start = 0; start < sections.length; start += BATCH) {
    const answers = await Promise.all(
      sections.slice(start, start + BATCH).map((section) =>
        index.addCustomRecord({
          url: section.url,
          content: section.heading === null ? section.text : `${section.heading}\n${section.text}`,
          language: 'en',
          meta: { title: section.heading ?? section.title },
        }),
      ),
    );
    errors += answers.reduce((total, answer) => total + answer.errors.length, 0);
  }
  const written = await index.writeFiles({ outputPath });
  errors += written.errors.length;
  const elapsedMs = performance.now() - started;
  await pagefind.close();
  return { elapsedMs, records: sections.length, errors };
}

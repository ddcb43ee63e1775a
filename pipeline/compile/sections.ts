/**
 * The distil step: every section gets its record (node, notes, search tokens), paying for a
 * distillation only when nothing has its node. In order of preference: the work done on it as
 * its page was parsed; the page store (by section hash); the previous digest (same hash, same
 * distiller and prompt); the answer cache (a resumed build); else the distiller, `concurrency`
 * at a time, each answer checked for verbatim facts and cached at once.
 */
import pLimit from 'p-limit';
import { sha256 } from '../content/hash.ts';
import type { LoadedContent } from '../content/index.ts';
import type { Manifest } from '../format/manifest.ts';
import { sectionFilePath } from '../format/paths.ts';
import { readNode } from '../digest/read.ts';
import { nodeFromDistillation, sectionMarkdown } from '../distill/verbatim.ts';
import type { DigestNode, Distiller, Page, Section } from '../types.ts';
import type { AnswerCache } from './cache.ts';
import type { PageStore, SectionRecord } from './page-store.ts';
import type { PageReading } from './read-pages.ts';
import { sectionTokens, type SectionWork, type WorkTimes } from './section-work.ts';

export interface DistilledSections {
  /** Every section's record, by id. */
  readonly records: Map<string, SectionRecord>;
  /** Ids whose node was distilled or taken from the answer cache (not reused). */
  readonly changed: string[];
  /** Non-verbatim facts dropped from the answers of this build. */
  readonly dropped: number;
  /** Ids whose node file in the previous digest is this build's node, byte for byte. */
  readonly unchangedFiles: ReadonlySet<string>;
}

export interface DistilOptions {
  readonly distiller: Distiller;
  readonly previous: Manifest | null;
  readonly previousDir: string;
  /** Node files of the previous digest that are missing or unreadable (`repairTree`): never linked. */
  readonly lost?: ReadonlySet<string>;
  readonly cache: AnswerCache;
  readonly store: PageStore;
  readonly reading: PageReading;
  readonly concurrency: number;
  readonly force: boolean;
  readonly times: WorkTimes;
  readonly onProgress?: (done: number, total: number) => void;
}

/** The answer-cache key of a section's distillation: its inputs, the distiller, the model and the prompt. */
function sectionCacheKey(section: Section, distiller: Distiller): string {
  return sha256(JSON.stringify(['section', section.hash, distiller.provider, distiller.model, distiller.templateHashes.section]));
}

/** Whether the previous digest was made by this distiller with these prompts. */
export function sameDistiller(previous: Manifest, distiller: Distiller): boolean {
  return (
    previous.distiller.provider === distiller.provider &&
    previous.distiller.model === distiller.model &&
    previous.templates.section === distiller.templateHashes.section
  );
}

/**
 * The section hashes of the previous digest when its nodes may be reused (not forced, same
 * distiller and prompt), else null.
 */
export function reusableSections(previous: Manifest | null, force: boolean, distiller: Distiller): Readonly<Record<string, string>> | null {
  return previous !== null && !force && sameDistiller(previous, distiller) ? previous.sections : null;
}

/** The work done on a section as its page was read, if any. */
function workOf(reading: PageReading, page: Page, at: number): { work?: SectionWork; stored?: SectionRecord } {
  const outcome = reading.outcome(page.file);
  if (outcome === undefined) return {};
  if ('stored' in outcome) {
    const stored = outcome.stored.records[at];
    return stored === undefined ? {} : { stored };
  }
  const work = outcome.sections[at];
  return work === undefined ? {} : { work };
}

export async function distilSections(content: Pick<LoadedContent, 'pages' | 'sections'>, options: DistilOptions): Promise<DistilledSections> {
  const { distiller, times } = options;
  const reusable = reusableSections(options.previous, options.force, distiller);
  const records = new Map<string, SectionRecord>();
  const changed: string[] = [];
  const unchangedFiles = new Set<string>();
  const limit = pLimit(Math.max(1, options.concurrency));
  // a previous node is a file read, not a model call: many at a time
  const readLimit = pLimit(64);
  const pages = new Map(content.pages.map((page) => [page.slug, page]));
  const positions = new Map<string, number>();
  let dropped = 0;
  let done = 0;
  // the first failure, thrown once every section has settled
  const failures: unknown[] = [];

  const record = (section: Section, node: DigestNode, notes: SectionWork['notes'] | undefined): SectionRecord => {
    const t0 = performance.now();
    const made = { node, notes: notes ?? distiller.sectionNotes?.(section, null) ?? null, indexed: sectionTokens(section, node) };
    times.index += performance.now() - t0;
    return made;
  };

  const distil = async (section: Section, page: Page, notes: SectionWork['notes'] | undefined): Promise<void> => {
    // no key to work out when there is no cache (the offline distiller's case)
    const key = options.cache.enabled ? sectionCacheKey(section, distiller) : '';
    const cached = await options.cache.get<DigestNode>(key);
    // the Markdown is the section's own, not the model's: made now, so an older cache entry gets it too
    let node = cached ? { ...cached, markdown: sectionMarkdown(section) } : undefined;
    if (!node) {
      const t0 = performance.now();
      const checked = nodeFromDistillation(section, await distiller.distillSection(section, page));
      times.distil += performance.now() - t0;
      dropped += checked.dropped;
      node = checked.node;
      await options.cache.put(key, node);
    }
    records.set(section.id, record(section, node, notes));
    changed.push(section.id);
  };

  const resolve = async (section: Section): Promise<void> => {
    const page = pages.get(section.pageSlug);
    if (page === undefined) throw new Error(`no page ${section.pageSlug} for section ${section.id}`);
    const at = positions.get(page.slug) ?? 0;
    positions.set(page.slug, at + 1);
    const { work, stored } = workOf(options.reading, page, at);
    const sameFile = reusable?.[section.id] === section.hash && options.lost?.has(sectionFilePath(section.id)) !== true;
    if (work?.checked) {
      dropped += work.checked.dropped;
      records.set(section.id, { node: work.checked.node, notes: work.notes, indexed: work.indexed ?? sectionTokens(section, work.checked.node) });
      changed.push(section.id);
      return;
    }
    const kept = stored ?? options.store.section(section.hash);
    if (kept !== undefined) {
      records.set(section.id, kept);
      if (sameFile) unchangedFiles.add(section.id);
      return;
    }
    if (sameFile) {
      const previous = await readLimit(() => readNode(options.previousDir, sectionFilePath(section.id)));
      if (previous) {
        records.set(section.id, record(section, previous, work?.notes));
        unchangedFiles.add(section.id);
        return;
      }
    }
    // once the build has failed, queued sections are skipped (no more paid calls);
    // what finished before is in the answer cache for the rerun
    await limit(() => (failures.length === 0 ? distil(section, page, work?.notes) : Promise.resolve()));
  };

  await Promise.all(
    content.sections.map((section) =>
      resolve(section).then(
        () => options.onProgress?.((done += 1), content.sections.length),
        (error: unknown) => {
          if (failures.length === 0) failures.push(error);
        },
      ),
    ),
  );
  if (failures.length > 0) throw failures[0];
  changed.sort();
  return { records, changed, dropped, unchangedFiles };
}
